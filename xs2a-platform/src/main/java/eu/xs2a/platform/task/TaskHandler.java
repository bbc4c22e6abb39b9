package eu.xs2a.platform.task;

import java.util.List;

/**
 * The work of one task type, found by CDI (make it a bean: {@code @ApplicationScoped}). A run follows three steps:
 * read the state it needs (a short transaction of its own), call the other side (no transaction, no connection, no
 * lock), apply the result (a short transaction, a conditional update that checks the state is still the one read).
 * The runtime calls {@link #run} with no transaction open.
 *
 * <p>A task may run again after a crash (the runtime only knows it finished once its outcome is committed), so a
 * run must be idempotent: find the work already done and answer {@link TaskOutcome#done()}.
 */
public interface TaskHandler {

    /** The task type this handler runs, e.g. {@code consent-forward}: at most 64 characters, no dots. */
    String type();

    /** One attempt. An exception counts as {@link TaskOutcome#retry} with its text (and is logged once, at WARN). */
    TaskOutcome run(Task task);

    /**
     * Called inside the short transaction that gives the task up (after a {@link TaskOutcome#giveUp}, or a retry
     * past the give-up age), before it commits: record in the aggregate what giving up means there. Nothing by
     * default.
     */
    default void givenUp(Task task, String reason) {
    }

    /**
     * What is wrong with the runtime's settings for this type, checked once at start ({@link TaskSettingsCheck}): one
     * line per refusal, naming the keys; each stops the service. None by default.
     */
    default List<String> settingsRefusals(TaskConfig config) {
        return List.of();
    }
}
