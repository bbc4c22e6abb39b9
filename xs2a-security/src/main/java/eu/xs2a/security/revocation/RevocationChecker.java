package eu.xs2a.security.revocation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Whether a certificate has been revoked, asked of the sources it names itself: every OCSP responder of its
 * Authority Information Access and every CRL distribution point, together. Revoked if any source says so; good if at
 * least one current source answers and none says revoked; unknown if none can answer. An answer is kept until its
 * nextUpdate (unknown: {@link RevocationSettings#unknownRetry}), so that a certificate in use costs no network call;
 * a certificate asked for again while its sources are being asked joins that one round. A request waits at most
 * {@link RevocationSettings#maxWait}; a round still running then goes on and its answer is kept for the next request.
 * Thread-safe; one per application.
 */
public final class RevocationChecker {

    private final RevocationSettings settings;
    private final Clock clock;
    private final OcspClient ocsp;
    private final CrlCache crls;
    private final Downloads downloads;
    private final Cache<String, RevocationStatus> known;
    private final ConcurrentHashMap<String, CompletableFuture<RevocationStatus>> asking = new ConcurrentHashMap<>();

    public RevocationChecker(RevocationSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        Downloads downloads = new Downloads(settings.fetchTimeout());
        this.downloads = downloads;
        this.ocsp = new OcspClient(downloads, clock, settings.defaultValidity());
        this.crls = new CrlCache(downloads, clock, settings.defaultValidity());
        this.known = Caffeine.newBuilder().maximumSize(Math.max(1, settings.cacheSize())).build();
    }

    public RevocationSettings settings() {
        return settings;
    }

    /** Its HTTP calls (fetch timeout, one call per URL at a time), shared with the download of issuing CAs. */
    public Downloads downloads() {
        return downloads;
    }

    /**
     * The status of {@code certificate} (fingerprint {@code key}), issued by {@code issuer}: the kept answer while it
     * is current, else the sources' answer, or unknown when they take longer than the request may wait.
     */
    public RevocationStatus status(String key, X509Certificate certificate, X509Certificate issuer) {
        Instant now = clock.instant();
        RevocationStatus kept = known.getIfPresent(key);
        if (kept != null && kept.usableAt(now)) {
            return kept;
        }
        CompletableFuture<RevocationStatus> round = join(key, certificate, issuer);
        try {
            return round.get(settings.maxWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return RevocationStatus.unknown("no source answered within " + settings.maxWait().toSeconds() + " s", now);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return RevocationStatus.unknown("interrupted while the sources were asked", now);
        } catch (ExecutionException e) {
            return RevocationStatus.unknown(Downloads.why(e), now);
        }
    }

    /** The round of asking under way for this certificate, or a new one (its answer is kept when it ends). */
    private CompletableFuture<RevocationStatus> join(String key, X509Certificate certificate, X509Certificate issuer) {
        CompletableFuture<RevocationStatus> mine = new CompletableFuture<>();
        CompletableFuture<RevocationStatus> running = asking.putIfAbsent(key, mine);
        if (running != null) {
            return running;
        }
        ask(certificate, issuer).whenComplete((status, failure) -> {
            if (status != null) {
                known.put(key, status);
            }
            asking.remove(key, mine);
            if (failure != null) {
                mine.completeExceptionally(failure);
            } else {
                mine.complete(status);
            }
        });
        return mine;
    }

    /** Downloads again, ahead of their nextUpdate, the CRLs in use; returns how many were renewed. */
    public int refreshCrls() {
        return crls.refreshDue(settings.refreshAhead());
    }

    private CompletableFuture<RevocationStatus> ask(X509Certificate certificate, X509Certificate issuer) {
        RevocationSources sources = RevocationSources.of(certificate);
        if (sources.none()) {
            return CompletableFuture.completedFuture(RevocationStatus.unknown(
                    "the certificate names no OCSP responder and no http CRL distribution point",
                    clock.instant().plus(settings.defaultValidity())));
        }
        List<CompletableFuture<RevocationStatus>> answers = new ArrayList<>();
        sources.ocsp().forEach(url -> answers.add(ocsp.status(certificate, issuer, url, settings.unknownRetry())));
        sources.crls().forEach(url -> answers.add(crls.status(certificate, issuer, url, settings.unknownRetry())));
        return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                .thenApply(done -> combine(answers.stream().map(CompletableFuture::join).toList()));
    }

    /** Revoked wins; else good, until the earliest good answer runs out; else unknown, with every source's reason. */
    private RevocationStatus combine(List<RevocationStatus> answers) {
        for (RevocationStatus answer : answers) {
            if (answer.state() == RevocationStatus.State.REVOKED) {
                return answer;
            }
        }
        List<RevocationStatus> good = answers.stream()
                .filter(a -> a.state() == RevocationStatus.State.GOOD).toList();
        if (!good.isEmpty()) {
            RevocationStatus first = good.stream().min(Comparator.comparing(RevocationStatus::validUntil)).get();
            String sources = good.stream().map(RevocationStatus::source).collect(Collectors.joining(", "));
            return RevocationStatus.good(sources, first.validUntil());
        }
        Instant retry = answers.stream().map(RevocationStatus::validUntil).min(Comparator.naturalOrder())
                .orElse(clock.instant().plus(settings.unknownRetry()));
        return RevocationStatus.unknown(answers.stream().map(RevocationStatus::source)
                .collect(Collectors.joining("; ")), retry);
    }
}
