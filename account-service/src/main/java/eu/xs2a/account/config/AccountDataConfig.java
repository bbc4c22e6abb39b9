package eu.xs2a.account.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The account data store, its fetches from the bank and the refresh worker. */
@ConfigMapping(prefix = "psd2.account-data")
public interface AccountDataConfig {

    /** How far back transactions are fetched from the bank. */
    @WithDefault("730")
    int historyDays();

    /** Page size asked from the bank when fetching transactions. */
    @WithDefault("500")
    int bankPageSize();

    /** Largest page of transactions given to a TPP (also the default). */
    @WithDefault("100")
    int maxPageSize();

    /** Retry-After sent with a 503 when the bank could not be reached. */
    @WithDefault("5")
    int retryAfterSeconds();

    Refresh refresh();

    interface Refresh {
        /** How often the worker looks for jobs. */
        @WithDefault("1s")
        String pollEvery();

        /**
         * Pause after start before the worker first looks: on two cores, a worker starting with the service slowed
         * its first answers (bench/README.md, "What has moved the numbers so far"). Jobs wait in the database
         * meanwhile.
         */
        @WithDefault("5s")
        String initialDelay();

        /** A worker owns a job for this long after each heartbeat; after that another worker may take it over. */
        @WithDefault("30S")
        Duration lease();

        /**
         * Claims of one job before it ends fetchingFailed: a job that keeps losing its worker (a crash it causes, a
         * bank that outlasts every lease) must not stay fetching, which refuses every new refresh of its consent.
         */
        @WithDefault("3")
        int maxAttempts();
    }
}
