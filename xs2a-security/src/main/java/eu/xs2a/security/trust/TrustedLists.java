package eu.xs2a.security.trust;

import eu.europa.esig.dss.model.timedependent.TimeDependentValues;
import eu.europa.esig.dss.model.tsl.ConditionForQualifiers;
import eu.europa.esig.dss.model.tsl.LOTLInfo;
import eu.europa.esig.dss.model.tsl.TLInfo;
import eu.europa.esig.dss.model.tsl.TLValidationJobSummary;
import eu.europa.esig.dss.model.tsl.TrustProperties;
import eu.europa.esig.dss.model.tsl.TrustServiceStatusAndInformationExtensions;
import eu.europa.esig.dss.model.x509.CertificateToken;
import eu.europa.esig.dss.service.http.commons.FileCacheDataLoader;
import eu.europa.esig.dss.spi.tsl.TrustedListsCertificateSource;
import eu.europa.esig.dss.spi.x509.CommonTrustedCertificateSource;
import eu.europa.esig.dss.tsl.function.OfficialJournalSchemeInformationURI;
import eu.europa.esig.dss.tsl.job.TLValidationJob;
import eu.europa.esig.dss.tsl.source.LOTLSource;
import eu.europa.esig.dss.tsl.source.TLSource;
import eu.europa.esig.dss.tsl.sync.ExpirationAndSignatureCheckStrategy;
import eu.xs2a.security.core.ListedService;
import eu.xs2a.security.core.TrustedListAnchors;
import eu.xs2a.security.revocation.Downloads;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * The EU trusted lists (ETSI TS 119 612: the List of Trusted Lists and the national lists it points to, or national
 * lists named directly), loaded and their XAdES signatures verified by the EU's own library, DSS ({@link
 * TLValidationJob}, {@link LOTLSource}, {@link TLSource}, {@link TrustedListsCertificateSource}). A list is used only
 * when it was read, parsed, its signature verifies with the certificates it must be signed with (a LOTL's: the
 * configured ones, or those announced in the Official Journal with pivots; a national list's: those the LOTL names)
 * and it is not past its nextUpdate ({@link ExpirationAndSignatureCheckStrategy}). A list that fails a refresh keeps
 * its last good copy (WARN); one never loaded contributes nothing (ERROR).
 *
 * <p>Downloads go through a {@link FileCacheDataLoader} into {@code cacheDir}: {@link #load} first reads the cached
 * copies (offline refresh, so a restart has anchors before the network answers), then downloads (online refresh);
 * {@link #refresh} downloads. Thread-safe; one per application.
 */
public final class TrustedLists implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TrustedLists.class);

    /** A list of trusted lists (pointing to national lists), or a national list. */
    public enum Kind { lotl, tl }

    /**
     * One configured list.
     *
     * @param name                its name in the configuration ({@code psd2.trust.lists.<name>})
     * @param location            an http(s) URL, a {@code file:} URL or a file path
     * @param kind                LOTL or national list
     * @param signingCertificates the certificates its signature must verify with
     * @param officialJournal     for the EU LOTL: the Official Journal URL announcing its signing certificates (pivots
     *                            are then followed); empty: the signing certificates are used as given
     */
    public record Source(String name, String location, Kind kind, List<X509Certificate> signingCertificates,
                         Optional<String> officialJournal) {

        public Source {
            location = url(location);
            signingCertificates = List.copyOf(signingCertificates);
        }

        /** A path becomes a {@code file:} URL; URLs stay as they are. */
        static String url(String location) {
            String value = location.strip();
            String lower = value.toLowerCase(Locale.ROOT);
            if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("file:")) {
                return value;
            }
            return Path.of(value).toAbsolutePath().toUri().toString();
        }
    }

    private final List<Source> sources;
    private final Clock clock;
    private final TLValidationJob job = new TLValidationJob();
    private final TrustedListsCertificateSource certificateSource = new TrustedListsCertificateSource();
    private final ExpirationAndSignatureCheckStrategy strategy = new ExpirationAndSignatureCheckStrategy();
    private final ExecutorService executor = executor();
    private final FileCacheDataLoader offline;
    private final FileCacheDataLoader online;
    /** Configured source → national list URL → its CA/QC services, as last loaded good. */
    private final Map<String, Map<String, List<ListedService>>> inForce = new LinkedHashMap<>();
    private volatile TrustedListAnchors anchors;

    /**
     * @param sources   the configured lists
     * @param cacheDir  where the downloaded copies are kept (created when missing)
     * @param downloads the HTTP calls (with their timeout)
     * @param clock     the server clock (nextUpdate, status "now" in log lines)
     */
    public TrustedLists(List<Source> sources, Path cacheDir, Downloads downloads, Clock clock) {
        this.sources = List.copyOf(sources);
        this.clock = clock;
        this.anchors = new TrustedListAnchors(List.of(), !sources.isEmpty(), List.of());
        this.offline = new FileCacheDataLoader(new ListsDataLoader(downloads, false));
        offline.setFileCacheDirectory(cacheDir.toFile());
        offline.setCacheExpirationTime(Long.MAX_VALUE);
        this.online = new FileCacheDataLoader(new ListsDataLoader(downloads, true));
        online.setFileCacheDirectory(cacheDir.toFile());
        online.setCacheExpirationTime(0);
        job.setOfflineDataLoader(offline);
        job.setOnlineDataLoader(online);
        job.setTrustedListCertificateSource(certificateSource);
        job.setSynchronizationStrategy(strategy);
        job.setExecutorService(executor);
        List<LOTLSource> lotls = new ArrayList<>();
        List<TLSource> tls = new ArrayList<>();
        for (Source source : sources) {
            CommonTrustedCertificateSource signers = new CommonTrustedCertificateSource();
            source.signingCertificates().forEach(c -> signers.addCertificate(new CertificateToken(c)));
            if (source.kind() == Kind.lotl) {
                LOTLSource lotl = new LOTLSource();
                lotl.setUrl(source.location());
                lotl.setCertificateSource(signers);
                source.officialJournal().ifPresent(oj -> {
                    lotl.setPivotSupport(true);
                    lotl.setSigningCertificatesAnnouncementPredicate(new OfficialJournalSchemeInformationURI(oj));
                });
                lotls.add(lotl);
            } else {
                TLSource tl = new TLSource();
                tl.setUrl(source.location());
                tl.setCertificateSource(signers);
                tls.add(tl);
            }
        }
        job.setListOfTrustedListSources(lotls.toArray(LOTLSource[]::new));
        job.setTrustedListSources(tls.toArray(TLSource[]::new));
    }

    private static ExecutorService executor() {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "trusted-lists-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Stops the job's threads (daemon threads: a service need not call it). */
    @Override
    public void close() {
        executor.shutdownNow();
    }

    public boolean configured() {
        return !sources.isEmpty();
    }

    /** The services in force. */
    public TrustedListAnchors anchors() {
        return anchors;
    }

    /** At start: the copies cached on disk first, then the lists downloaded; the services in force after both. */
    public synchronized TrustedListAnchors load() {
        if (!configured()) {
            return anchors;
        }
        try {
            job.offlineRefresh();
            take("cached copy", true);
        } catch (RuntimeException e) {
            LOG.warnf("The cached copies of the trusted lists could not be read: %s", e.getMessage());
        }
        refresh();
        return anchors;
    }

    /** Downloads every list again; the new services when they differ from those in force. */
    public synchronized Optional<TrustedListAnchors> refresh() {
        if (!configured()) {
            return Optional.empty();
        }
        TrustedListAnchors before = anchors;
        try {
            job.onlineRefresh();
            take("download", false);
        } catch (RuntimeException e) {
            LOG.errorf(e, "The trusted lists could not be refreshed; the services loaded before stay in force");
        }
        return anchors.equals(before) ? Optional.empty() : Optional.of(anchors);
    }

    /**
     * Puts in force what the job has now, list by list; a list that failed keeps its last good copy. {@code quiet}
     * (the cached copies at start, before downloading): a list without a cached copy is not worth a line.
     */
    private void take(String how, boolean quiet) {
        TLValidationJobSummary summary = job.getSummary();
        Map<String, List<ListedService>> fresh = servicesByList();
        Instant now = clock.instant();
        for (Source source : sources) {
            Map<String, List<ListedService>> previous = inForce.getOrDefault(source.location(), Map.of());
            Map<String, List<ListedService>> next = new LinkedHashMap<>();
            List<TLInfo> lists;
            if (source.kind() == Kind.lotl) {
                LOTLInfo lotl = summary.getLOTLInfos().stream()
                        .filter(i -> source.location().equals(i.getUrl())).findFirst().orElse(null);
                String problem = lotl == null ? "not processed" : problem(lotl);
                if (problem != null) {
                    if (!quiet) {
                        failed(source, previous, how, problem);
                    }
                    continue;
                }
                lists = lotl.getTLInfos();
            } else {
                lists = summary.getOtherTLInfos().stream().filter(i -> source.location().equals(i.getUrl())).toList();
                if (lists.isEmpty()) {
                    if (!quiet) {
                        failed(source, previous, how, "not processed");
                    }
                    continue;
                }
            }
            List<String> kept = new ArrayList<>();
            for (TLInfo tl : lists) {
                String problem = problem(tl);
                if (problem == null) {
                    next.put(tl.getUrl(), fresh.getOrDefault(tl.getUrl(), List.of()));
                } else if (quiet) {
                    continue;
                } else if (previous.containsKey(tl.getUrl())) {
                    next.put(tl.getUrl(), previous.get(tl.getUrl()));
                    kept.add(tl.getUrl());
                    LOG.warnf("Trusted list %s (from %s, %s) is not used: %s; its last good copy stays in force",
                            tl.getUrl(), source.name(), how, problem);
                } else if (source.kind() == Kind.tl) {
                    LOG.errorf("Trusted list %s (%s, %s) is not used: %s; no copy of it was ever loaded, so it "
                            + "anchors no seal", tl.getUrl(), source.name(), how, problem);
                } else {
                    LOG.warnf("Trusted list %s (from %s, %s) is not used: %s; it was never loaded", tl.getUrl(),
                            source.name(), how, problem);
                }
            }
            inForce.put(source.location(), next);
            List<ListedService> services = next.values().stream().flatMap(List::stream).toList();
            long forSeals = services.stream().filter(s -> s.anchorsSealsIssuedAt(now)).count();
            if (quiet && next.isEmpty()) {
                continue;
            }
            LOG.infof("Trusted list %s (%s, %s): %d list(s) in force (%d kept from before), %d qualified CA service "
                            + "certificate(s) granted for seals now, %d CA/QC service certificate(s) in all",
                    source.name(), source.location(), how, next.size(), kept.size(), forSeals, services.size());
        }
        List<ListedService> all = inForce.values().stream().flatMap(m -> m.values().stream())
                .flatMap(List::stream).toList();
        List<String> lists = inForce.values().stream().flatMap(m -> m.keySet().stream()).toList();
        anchors = new TrustedListAnchors(all, true, lists);
        if (!quiet && all.isEmpty()) {
            LOG.errorf("No trusted list is in force (%s): a seal that does not chain to a PEM trust anchor "
                    + "(psd2.trust-anchors) is refused with CertificateInvalid", sources.stream().map(Source::name)
                    .toList());
        }
    }

    private void failed(Source source, Map<String, List<ListedService>> previous, String how, String problem) {
        if (previous.isEmpty()) {
            LOG.errorf("Trusted list %s (%s, %s) is not used: %s; it was never loaded, so it anchors no seal",
                    source.name(), source.location(), how, problem);
        } else {
            LOG.warnf("Trusted list %s (%s, %s) is not used: %s; its last good copy stays in force (%d list(s))",
                    source.name(), source.location(), how, problem, previous.size());
        }
    }

    /** Null when the list can be used, else why not. */
    private String problem(TLInfo info) {
        if (info.getDownloadCacheInfo().isError() || !info.getDownloadCacheInfo().isResultExist()) {
            return "not read (" + message(info.getDownloadCacheInfo().getExceptionMessage()) + ")";
        }
        if (info.getParsingCacheInfo().isError() || !info.getParsingCacheInfo().isResultExist()) {
            return "not a trusted list (" + message(info.getParsingCacheInfo().getExceptionMessage()) + ")";
        }
        if (info.getValidationCacheInfo().isError() || !info.getValidationCacheInfo().isResultExist()) {
            return "its signature could not be validated ("
                    + message(info.getValidationCacheInfo().getExceptionMessage()) + ")";
        }
        if (!info.getValidationCacheInfo().isValid()) {
            return "its signature does not verify with the certificates it must be signed with ("
                    + info.getValidationCacheInfo().getIndication()
                    + (info.getValidationCacheInfo().getSubIndication() == null ? ""
                    : "/" + info.getValidationCacheInfo().getSubIndication()) + ")";
        }
        boolean usable = info instanceof LOTLInfo lotl ? strategy.canBeSynchronized(lotl)
                : strategy.canBeSynchronized(info);
        if (!usable) {
            return "past its nextUpdate (" + info.getParsingCacheInfo().getNextUpdateDate().toInstant() + ")";
        }
        return null;
    }

    private static String message(String text) {
        return text == null || text.isBlank() ? "no reason given" : text;
    }

    /** The CA/QC services DSS synchronised into its certificate source, by the URL of the list naming them. */
    private Map<String, List<ListedService>> servicesByList() {
        Map<String, List<ListedService>> byList = new LinkedHashMap<>();
        for (CertificateToken token : certificateSource.getCertificates()) {
            for (TrustProperties properties : certificateSource.getTrustServices(token)) {
                ListedService service = service(token.getCertificate(), properties);
                if (service != null) {
                    List<ListedService> list = byList.computeIfAbsent(properties.getTLInfo().getUrl(),
                            k -> new ArrayList<>());
                    if (!list.contains(service)) {
                        list.add(service);
                    }
                }
            }
        }
        return byList;
    }

    /** The service as the verifier sees it; null when it never was a CA/QC service. */
    private static ListedService service(X509Certificate certificate, TrustProperties properties) {
        TimeDependentValues<TrustServiceStatusAndInformationExtensions> history = properties.getTrustService();
        List<ListedService.Status> statuses = new ArrayList<>();
        boolean caQc = false;
        String name = null;
        for (TrustServiceStatusAndInformationExtensions entry : history) {
            caQc |= ListedService.CA_QC.equals(entry.getType());
            if (name == null) {
                name = englishOrFirst(entry.getNames());
            }
            List<String> qualifiers = new ArrayList<>();
            if (entry.getConditionsForQualifiers() != null) {
                for (ConditionForQualifiers condition : entry.getConditionsForQualifiers()) {
                    qualifiers.addAll(condition.getQualifiers());
                }
            }
            statuses.add(new ListedService.Status(entry.getStartDate().toInstant(),
                    entry.getEndDate() == null ? null : entry.getEndDate().toInstant(), entry.getType(),
                    entry.getStatus(), entry.getAdditionalServiceInfoUris() == null ? List.of()
                    : entry.getAdditionalServiceInfoUris(), qualifiers));
        }
        if (!caQc) {
            return null;
        }
        String provider = properties.getTrustServiceProvider() == null ? null
                : englishOrFirst(properties.getTrustServiceProvider().getNames());
        String label = "'" + (name == null ? certificate.getSubjectX500Principal().getName() : name) + "'"
                + (provider == null ? "" : " of '" + provider + "'");
        return new ListedService(certificate, label, properties.getTLInfo().getUrl(), statuses);
    }

    private static String englishOrFirst(Map<String, List<String>> names) {
        if (names == null || names.isEmpty()) {
            return null;
        }
        List<String> en = names.get("en");
        if (en != null && !en.isEmpty()) {
            return en.get(0);
        }
        return names.values().stream().filter(l -> !l.isEmpty()).map(l -> l.get(0)).findFirst().orElse(null);
    }
}
