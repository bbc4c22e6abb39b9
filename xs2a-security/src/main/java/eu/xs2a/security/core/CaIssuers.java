package eu.xs2a.security.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import eu.xs2a.security.revocation.Downloads;
import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.bouncycastle.asn1.ASN1IA5String;
import org.bouncycastle.asn1.x509.AccessDescription;
import org.bouncycastle.asn1.x509.AuthorityInformationAccess;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;

/**
 * The issuing CA certificates a certificate names in its Authority Information Access ({@code caIssuers}, RFC 5280
 * 4.2.2.1: a DER certificate or a PKCS#7 "certs-only" bundle over http), and theirs in turn, downloaded through the
 * revocation package's {@link Downloads} (its timeout; one download per URL at a time) and kept per URL. Only a
 * certificate whose path to the anchors cannot be built otherwise costs a download; the path is then built and checked
 * by PKIX as any other, so a forged download cannot make a certificate trusted.
 */
public final class CaIssuers {

    /** Intermediates above intermediates: a qualified seal's chain is rarely longer than two. */
    private static final int MAX_DEPTH = 4;

    private final Downloads downloads;
    private final Cache<String, List<X509Certificate>> fetched;
    /** URL → why it failed: not asked again before {@code retry}, so that a dead URL does not slow every request. */
    private final Cache<String, String> failed;

    /**
     * @param downloads the HTTP calls (the revocation checker's)
     * @param keep      how long downloaded certificates are kept
     * @param retry     how long a failed URL is not asked again
     */
    public CaIssuers(Downloads downloads, Duration keep, Duration retry) {
        this.downloads = downloads;
        this.fetched = Caffeine.newBuilder().maximumSize(1_000).expireAfterWrite(keep).build();
        this.failed = Caffeine.newBuilder().maximumSize(1_000).expireAfterWrite(retry).build();
    }

    /**
     * What the AIA of {@code certificate} leads to.
     *
     * @param certificates the certificates downloaded (possibly none)
     * @param failure      null, or the URLs that could not be read and why
     */
    record Found(List<X509Certificate> certificates, String failure) {
    }

    /** The certificates named by {@code certificate}'s caIssuers, and by theirs, up to four levels. */
    Found issuersOf(X509Certificate certificate) {
        List<X509Certificate> found = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<X509Certificate> level = List.of(certificate);
        for (int depth = 0; depth < MAX_DEPTH && !level.isEmpty(); depth++) {
            List<X509Certificate> next = new ArrayList<>();
            for (X509Certificate c : level) {
                if (c.getSubjectX500Principal().equals(c.getIssuerX500Principal())) {
                    continue;
                }
                for (String url : urls(c)) {
                    try {
                        for (X509Certificate issuer : download(url)) {
                            if (!found.contains(issuer)) {
                                found.add(issuer);
                                next.add(issuer);
                            }
                        }
                    } catch (IllegalStateException e) {
                        failures.add(url + ": " + e.getMessage());
                    }
                }
            }
            level = next;
        }
        return new Found(found, failures.isEmpty() ? null : String.join("; ", failures));
    }

    private List<X509Certificate> download(String url) {
        List<X509Certificate> kept = fetched.getIfPresent(url);
        if (kept != null) {
            return kept;
        }
        String failure = failed.getIfPresent(url);
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        try {
            List<X509Certificate> result = fetch(url);
            fetched.put(url, result);
            return result;
        } catch (IllegalStateException e) {
            failed.put(url, e.getMessage());
            throw e;
        }
    }

    private List<X509Certificate> fetch(String url) {
        byte[] bytes;
        try {
            bytes = downloads.get(url).get(downloads.timeout().toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no answer in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        } catch (ExecutionException e) {
            throw new IllegalStateException(Downloads.why(e));
        }
        List<X509Certificate> certificates = new ArrayList<>();
        try {
            for (Certificate c : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(bytes))) {
                certificates.add((X509Certificate) c);
            }
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IllegalStateException("not a certificate (DER, PEM or PKCS#7)");
        }
        if (certificates.isEmpty()) {
            throw new IllegalStateException("no certificate in the answer");
        }
        return List.copyOf(certificates);
    }

    /** The http(s) caIssuers URLs of a certificate; a malformed extension names none. */
    static List<String> urls(X509Certificate certificate) {
        byte[] value = certificate.getExtensionValue(Extension.authorityInfoAccess.getId());
        if (value == null) {
            return List.of();
        }
        List<String> urls = new ArrayList<>();
        try {
            AuthorityInformationAccess access = AuthorityInformationAccess.getInstance(
                    JcaX509ExtensionUtils.parseExtensionValue(value));
            for (AccessDescription description : access.getAccessDescriptions()) {
                GeneralName location = description.getAccessLocation();
                if (AccessDescription.id_ad_caIssuers.equals(description.getAccessMethod())
                        && location.getTagNo() == GeneralName.uniformResourceIdentifier) {
                    String url = ASN1IA5String.getInstance(location.getName()).getString();
                    String lower = url.toLowerCase(Locale.ROOT);
                    if ((lower.startsWith("http://") || lower.startsWith("https://")) && !urls.contains(url)) {
                        urls.add(url);
                    }
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return List.of();
        }
        return urls;
    }
}
