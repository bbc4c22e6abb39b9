package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * Sandbox self-service key material (files outside the repository, created by {@code bin/sandbox-keys}).
 * Only read when {@code psd2.environment=sandbox}.
 */
@ConfigMapping(prefix = "psd2.sandbox")
public interface SandboxConfig {

    /** PEM certificate of the sandbox QSEAL CA (env {@code PSD2_SANDBOX_CA_CERT}). */
    Optional<String> caCert();

    /** PEM private key of the sandbox QSEAL CA (env {@code PSD2_SANDBOX_CA_KEY}). */
    Optional<String> caKey();

    /** PEM private key of the sandbox SSA directory (env {@code PSD2_SANDBOX_DIRECTORY_KEY}). */
    Optional<String> directoryKey();

    /** Validity of an issued test QSEAL. */
    @WithDefault("365")
    @Positive
    int certificateValidityDays();

    /** Validity of an issued software statement. */
    @WithDefault("365")
    @Positive
    int softwareStatementValidityDays();

    @WithName("key-generation") // spelled out: Bean Validation's messages name a group by its Java name
    KeyGeneration keyGeneration();

    /**
     * The throttle of {@code POST /api/sandbox/v1/certificates}, which generates an RSA key pair per request (the
     * self-service's one costly step): a token bucket per client address and one for the whole instance. Each bucket
     * holds {@code burst} requests and gains one every {@code refill}. In memory, per instance: it guards this
     * instance's CPU, which is what a loop of requests would exhaust. Bursts must be at least 1 and refills positive
     * (checked at start-up).
     */
    interface KeyGeneration {

        /** Requests one client (IP address) may make at once. */
        @WithDefault("20")
        @Positive
        int perClientBurst();

        /** A client regains one request this often (3 s: 20 a minute once its burst is spent). */
        @WithDefault("3S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration perClientRefill();

        /** Requests the instance serves at once, from all clients together. */
        @WithDefault("40")
        @Positive
        int globalBurst();

        /** The instance regains one request this often (250 ms: at most 4 key pairs a second once the burst is spent). */
        @WithDefault("250MS")
        @DurationMin(nanos = 0, inclusive = false)
        Duration globalRefill();

        /**
         * Client buckets kept at most; beyond, buckets that have filled up again are dropped, and a client that still
         * finds no room is held by the instance's bucket alone (memory stays bounded when addresses are many).
         */
        @WithDefault("10000")
        @Positive
        int maxClients();
    }
}
