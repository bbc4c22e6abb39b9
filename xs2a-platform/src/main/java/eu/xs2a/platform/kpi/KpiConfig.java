package eu.xs2a.platform.kpi;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;

/** The dedicated-interface KPIs' settings ({@code psd2.kpi.*}; xs2a-platform/README.md "KPIs"). */
@ConfigMapping(prefix = "psd2.kpi")
public interface KpiConfig {

    /** Off only in an application without the KPI tables (a library's test app): nothing is counted or written. */
    @WithDefault("true")
    boolean enabled();

    /**
     * How often the figures counted in memory are written to the service's database (a Quarkus Scheduler interval;
     * {@code off}: only when a report is asked for and at shutdown). A crash loses at most this much.
     */
    @WithDefault("10s")
    String flushEvery();

    /** How often the service probes its own readiness endpoint and records the result ({@code off}: never). */
    @WithDefault("60s")
    String probeEvery();

    /** An answer later than this counts as unanswered, as a 5xx does (the EBA's 30 s). */
    @WithDefault("30S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration unansweredAfter();

    /** Consecutive unanswered requests of a service class that make it "unavailable" (the EBA's five). */
    @WithDefault("5")
    @Positive
    int unavailableAfter();

    /** The longest range a report covers (a quarter and a bit; longer ranges are asked in parts). */
    @WithDefault("400D")
    @DurationMin(nanos = 0, inclusive = false)
    Duration maxRange();
}
