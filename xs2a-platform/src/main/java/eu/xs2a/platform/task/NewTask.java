package eu.xs2a.platform.task;

import java.time.Instant;
import java.util.Objects;

/**
 * A task to enqueue: {@code NewTask.of(type, subject)}, then what it needs of the optional parts.
 *
 * @param type        the handler's type
 * @param subject     the aggregate's id (one pending task per type and subject)
 * @param payload     small text for the handler, or null
 * @param target      what the handler calls (the provider code), or null
 * @param notBefore   the earliest time it may run, or null for now
 * @param failedOnce  the reason of an attempt the enqueuer already made and that failed, or null: the task starts
 *                    with that attempt counted and the runtime's backoff after it (e.g. a request that tried the bank
 *                    itself before it stored its work)
 */
public record NewTask(String type, String subject, String payload, String target, Instant notBefore,
                      String failedOnce) {

    public NewTask {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(subject, "subject");
    }

    public static NewTask of(String type, String subject) {
        return new NewTask(type, subject, null, null, null, null);
    }

    public NewTask payload(String payload) {
        return new NewTask(type, subject, payload, target, notBefore, failedOnce);
    }

    public NewTask target(String target) {
        return new NewTask(type, subject, payload, target, notBefore, failedOnce);
    }

    public NewTask notBefore(Instant notBefore) {
        return new NewTask(type, subject, payload, target, notBefore, failedOnce);
    }

    public NewTask failedOnce(String reason) {
        return new NewTask(type, subject, payload, target, notBefore, reason);
    }
}
