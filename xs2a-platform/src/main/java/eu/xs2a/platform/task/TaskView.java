package eu.xs2a.platform.task;

import java.time.Instant;

/** A task row as it stands, for operators' tools and tests ({@link TaskQueue#latest}). */
public record TaskView(long id, String type, String subject, String payload, String target, State state,
                       int attempts, Instant nextAttemptAt, Instant leaseUntil, Instant createdAt, Instant updatedAt,
                       String lastError, String givenUpReason) {

    /** The column {@code state}. */
    public enum State {
        QUEUED, RUNNING, DONE, GIVEN_UP;

        static State of(String column) {
            return valueOf(column.toUpperCase(java.util.Locale.ROOT));
        }

        /** The value in the column. */
        public String column() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
