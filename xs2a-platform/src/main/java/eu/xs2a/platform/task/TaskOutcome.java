package eu.xs2a.platform.task;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link TaskHandler} made of one run: done, try again later, or give up. A retry is given up by the runtime
 * anyway once the task is older than its give-up age.
 *
 * @param kind              done, retry or give up
 * @param reason            why it is retried or given up (kept in the row and logged: never a secret or personal
 *                          data such as an e-mail address); null when done
 * @param retryAfter        for a retry: when to try again, or null for the runtime's backoff
 * @param targetUnreachable for a retry: the task's target (e.g. the provider's bank) could not be reached, so the
 *                          poller leaves the other tasks of that target for its next poll instead of waiting for the
 *                          same timeout once per task
 */
public record TaskOutcome(Kind kind, String reason, Duration retryAfter, boolean targetUnreachable) {

    public enum Kind { DONE, RETRY, GIVE_UP }

    private static final TaskOutcome DONE = new TaskOutcome(Kind.DONE, null, null, false);

    public TaskOutcome {
        Objects.requireNonNull(kind, "kind");
        if (kind != Kind.DONE) {
            Objects.requireNonNull(reason, "a retry or a give-up says why");
        }
    }

    /** Finished (also: found nothing left to do). */
    public static TaskOutcome done() {
        return DONE;
    }

    /** Failed for now: tried again after the runtime's backoff. */
    public static TaskOutcome retry(String reason) {
        return new TaskOutcome(Kind.RETRY, reason, null, false);
    }

    /** Failed for now: tried again after {@code after} (e.g. the other side's Retry-After). */
    public static TaskOutcome retryAfter(String reason, Duration after) {
        return new TaskOutcome(Kind.RETRY, reason, Objects.requireNonNull(after, "after"), false);
    }

    /** Failed because the task's target could not be reached: a retry, and the poll skips that target's other tasks. */
    public static TaskOutcome targetUnreachable(String reason) {
        return new TaskOutcome(Kind.RETRY, reason, null, true);
    }

    /** Can never succeed: no more attempts; one ERROR line, the reason kept in the row. */
    public static TaskOutcome giveUp(String reason) {
        return new TaskOutcome(Kind.GIVE_UP, reason, null, false);
    }
}
