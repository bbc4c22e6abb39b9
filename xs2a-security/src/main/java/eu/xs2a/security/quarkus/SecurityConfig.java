package eu.xs2a.security.quarkus;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/** Configuration of the signed-request pipeline ({@code psd2.*}; see xs2a-security/README.md). */
@ConfigMapping(prefix = "psd2")
public interface SecurityConfig {

    /**
     * PEM files of the CAs a TPP certificate must chain to (each file may hold several certificates);
     * environment {@code PSD2_TRUST_ANCHORS}. Without any, every signed request is refused (CertificateInvalid).
     */
    Optional<List<String>> trustAnchors();

    /** CRL files (PEM or DER), each signed by one of the trust anchors; a certificate on one is CertificateInvalid. */
    Optional<List<String>> crlFiles();

    /** How often the CRL files are read again: changed content is in force from then on, without a restart. */
    @WithDefault("5M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration crlReloadEvery();

    /**
     * The file of TPPs the bank has blocked (one organizationIdentifier per line, {@code #} comments): their signed
     * requests are refused with AccessDenied (SERVICE_BLOCKED) by every service. Unset: nobody is blocked.
     */
    Optional<String> blockedTppsFile();

    /** How often the blocked TPPs file is read again: a changed list is in force from then on, without a restart. */
    @WithDefault("30S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration blockedTppsReloadEvery();

    /**
     * {@code sandbox} or {@code live} ({@code PSD2_ENVIRONMENT}), with no default: a deployment that forgot it must
     * not run as the sandbox. Optional here only so that {@link EnvironmentCheck} can say so in one line at start
     * (a missing mapped value would stop the service with SmallRye's generic message); read it through
     * {@link #environment()}.
     */
    @WithName("environment")
    Optional<Environment> configuredEnvironment();

    /**
     * {@code sandbox} accepts test QSEALs; {@code live} only PSD2 QSealCs whose NCA id matches their
     * organizationIdentifier, and no sandbox endpoint or CA (docs/ARCHITECTURE.md "Trust and environments"). A
     * service without it does not start ({@link EnvironmentCheck}), so this never throws once the service runs.
     */
    default Environment environment() {
        return configuredEnvironment().orElseThrow(() -> new IllegalStateException(EnvironmentCheck.NOT_SET));
    }

    Signature signature();

    Replay replay();

    Revocation revocation();

    Trust trust();

    /** Largest request body accepted on signed endpoints (bytes); larger → 413 with the standard body. */
    @WithDefault("1048576")
    @Positive
    int maxBodySize();

    enum Environment { sandbox, live }

    interface Signature {
        /** How far the Date header may be from the server clock. */
        @WithDefault("300S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration maxClockSkew();

        /** Certificates kept parsed and path-checked. */
        @WithDefault("10000")
        @Positive
        int certificateCacheSize();
    }

    /** Revocation from the certificates' own OCSP responders and CRL distribution points (README "Revocation"). */
    interface Revocation {
        /** One OCSP request or CRL download, connect and answer together. */
        @WithDefault("5S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration fetchTimeout();

        /** The longest a request waits for a certificate's status, all its sources together. */
        @WithDefault("10S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration maxWait();

        /**
         * Accept a certificate whose status cannot be established (responders and CRLs unreachable, CRL out of date),
         * with a WARN line. Unset: accepted in sandbox, refused in live (CertificateInvalid).
         */
        Optional<Boolean> softFail();

        /** How long "status unknown" stands before the sources are asked again. */
        @WithDefault("60S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration unknownRetry();

        /** How long an OCSP answer or CRL without nextUpdate is used. */
        @WithDefault("1H")
        @DurationMin(nanos = 0, inclusive = false)
        Duration defaultValidity();

        /** A CRL in use is downloaded again this long before its nextUpdate. */
        @WithDefault("5M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration refreshAhead();

        /** How often the CRLs in use are checked for renewal. */
        @WithDefault("1M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration refreshEvery();
    }

    /**
     * Trust anchors from the EU trusted lists (ETSI TS 119 612), besides the PEM files of {@link #trustAnchors()}
     * (xs2a-security/README.md "Trusted lists").
     */
    interface Trust {
        /**
         * The lists, by a name of the operator's choice: {@code psd2.trust.lists.eu.location=https://…/eu-lotl.xml}.
         * None: only the PEM trust anchors.
         */
        Map<String, TrustList> lists();

        /** How often every list is downloaded again; a list that fails keeps its last good copy. */
        @WithDefault("6H")
        @DurationMin(nanos = 0, inclusive = false)
        Duration refreshEvery();

        /** One download of a list (the national lists are up to a few MB). */
        @WithDefault("30S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration fetchTimeout();

        /** Where the downloaded copies are kept (read at start before downloading). Unset: java.io.tmpdir. */
        Optional<String> cacheDir();

        interface TrustList {
            /** An http(s) URL, a file: URL or a file path. */
            String location();

            /** {@code lotl}: a list of trusted lists (the EU LOTL), whose national lists are followed; {@code tl}. */
            @WithDefault("lotl")
            eu.xs2a.security.trust.TrustedLists.Kind kind();

            /** PEM files of the certificates the list's signature must verify with (for the EU LOTL: the OJEU's). */
            List<String> signingCertificates();

            /**
             * For the EU LOTL: the Official Journal URL announcing its signing certificates; set, DSS follows the
             * LOTL's pivots from those certificates to the current ones.
             */
            Optional<String> officialJournal();
        }
    }

    interface Replay {
        /** How long an X-Request-ID stays used. */
        @WithDefault("24H")
        @DurationMin(nanos = 0, inclusive = false)
        Duration retention();

        /**
         * How long a create may run without an answer before a retry with its X-Request-ID runs in its place (until
         * then the retry gets ServiceUnavailable with Retry-After). Well above the longest request: the bank calls'
         * timeouts are seconds.
         */
        @WithDefault("60S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration pendingTimeout();

        /** How often rows older than the retention are removed. */
        @WithDefault("1H")
        @DurationMin(nanos = 0, inclusive = false)
        Duration cleanupEvery();

        /**
         * A secret (base64, at least 32 bytes, the same on every replica) that keys the hash kept of a create's
         * Digest: a create's body may carry a PSU's password ({@code POST …/authorisations}), and a plain hash of a
         * short body can be guessed by anyone reading the table. Without it the Digest is kept as sent (a WARN at
         * start in live). Changing it makes retries of the creates of the last {@link #retention()} "already used".
         */
        Optional<String> digestKey();
    }
}
