package eu.xs2a.platform.task;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/** The task runtime's settings ({@code psd2.tasks.*}; xs2a-platform/README.md "Task runtime"). */
@ConfigMapping(prefix = "psd2.tasks")
public interface TaskConfig {

    /** How often the poller looks for due tasks (a Quarkus Scheduler interval; {@code off} stops it, as tests do). */
    @WithDefault("2s")
    String pollEvery();

    /** Pause after start before the first poll, so that polling does not compete with the first requests. */
    @WithDefault("5s")
    String initialDelay();

    /** How often the poller counts the tasks per type and state for the metrics ({@code off}: never). */
    @WithDefault("30s")
    String metricsEvery();

    /** How often finished tasks older than {@link #keepDone()} are deleted ({@code off}: never). */
    @WithDefault("1h")
    String cleanupEvery();

    /** Tasks one claim takes; a poll claims again until nothing due is left. */
    @WithDefault("20")
    @Positive
    int batchSize();

    /**
     * How long a worker owns a task it claimed: renewed every third of it while the handler runs
     * ({@link LeaseHeartbeat}), so it bounds how long a dead worker's task waits, not how long a run may take. Once it
     * has run out another worker may take the task over, and the first owner's outcome is refused.
     */
    @WithDefault("30S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration lease();

    /** A handler still running this long is taken for hung: its lease is no longer renewed, and runs out. */
    @WithDefault("10M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration maxRun();

    /** The ceiling of the first retry's delay, doubled per failed attempt up to {@link #backoffCap()}; full jitter. */
    @WithDefault("30S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration backoffBase();

    @WithDefault("15M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration backoffCap();

    /** A task still failing this long after it was enqueued is given up: one ERROR line, the reason in its row. */
    @WithDefault("72H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration giveUpAfter();

    /** Finished tasks are deleted this long after they finished; given-up ones are kept for operators. */
    @WithDefault("7D")
    @DurationMin(nanos = 0, inclusive = false)
    Duration keepDone();

    /** Per task type ({@code psd2.tasks.type.<type>.*}), any of the settings above that differ for it. */
    Map<String, TypeSettings> type();

    interface TypeSettings {
        Optional<@DurationMin(nanos = 0, inclusive = false) Duration> lease();

        Optional<@DurationMin(nanos = 0, inclusive = false) Duration> maxRun();

        Optional<@DurationMin(nanos = 0, inclusive = false) Duration> backoffBase();

        Optional<@DurationMin(nanos = 0, inclusive = false) Duration> backoffCap();

        Optional<@DurationMin(nanos = 0, inclusive = false) Duration> giveUpAfter();
    }

    /** The lease of one task type. */
    default Duration lease(String taskType) {
        return Optional.ofNullable(type().get(taskType)).flatMap(TypeSettings::lease).orElse(lease());
    }

    /** The max-run of one task type. */
    default Duration maxRun(String taskType) {
        return Optional.ofNullable(type().get(taskType)).flatMap(TypeSettings::maxRun).orElse(maxRun());
    }

    /** The backoff of one task type. */
    default Backoff backoff(String taskType) {
        Optional<TypeSettings> own = Optional.ofNullable(type().get(taskType));
        return new Backoff(own.flatMap(TypeSettings::backoffBase).orElse(backoffBase()),
                own.flatMap(TypeSettings::backoffCap).orElse(backoffCap()));
    }

    /** The give-up age of one task type. */
    default Duration giveUpAfter(String taskType) {
        return Optional.ofNullable(type().get(taskType)).flatMap(TypeSettings::giveUpAfter).orElse(giveUpAfter());
    }
}
