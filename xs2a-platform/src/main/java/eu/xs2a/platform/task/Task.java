package eu.xs2a.platform.task;

import java.time.Instant;

/**
 * One task as its handler sees it.
 *
 * @param id        the row's id
 * @param type      the handler's type, e.g. {@code consent-forward}
 * @param subject   the aggregate it works on, e.g. a consent id; one pending task per (type, subject)
 * @param payload   small text the enqueuer left for the handler, or null; state the handler can read itself belongs
 *                  in the aggregate, not here
 * @param target    what the handler calls, e.g. the provider code of the bank, or null
 * @param attempts  attempts finished before this one (a run cut short by a crash does not count)
 * @param createdAt when it was enqueued: the give-up age counts from here
 */
public record Task(long id, String type, String subject, String payload, String target, int attempts,
                   Instant createdAt) {
}
