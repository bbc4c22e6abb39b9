package eu.xs2a.account.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;

/** The account data store and its fetches from the bank (the refresh's tasks: {@code psd2.tasks.*}). */
@ConfigMapping(prefix = "psd2.account-data")
public interface AccountDataConfig {

    /** How far back transactions are fetched from the bank. */
    @WithDefault("730")
    @Positive
    int historyDays();

    /** Page size asked from the bank when fetching transactions. */
    @WithDefault("500")
    @Positive
    int bankPageSize();

    /** Largest page of transactions given to a TPP (also the default). */
    @WithDefault("100")
    @Positive
    int maxPageSize();

    /**
     * Transaction pages of one account asked from the bank at most, per fetch: a bank that keeps answering "more
     * pages" must not keep a worker forever. A refresh's lease per account step is sized from it
     * ({@code RefreshMaxRunCheck}).
     */
    @WithDefault("100")
    @Positive
    int maxBankPages();

    /**
     * A plain transaction report of more entries than this is offered as a download as well
     * ({@code _links.download} of the JSON answer): the whole report in one answer, once.
     */
    @WithDefault("1000")
    @PositiveOrZero
    int downloadThreshold();

    /** How long a download link may be used (once). */
    @WithDefault("10M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration downloadValidFor();
}
