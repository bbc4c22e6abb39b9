package eu.xs2a.platform.task;

/** What running one task came to ({@link TaskQueue#runNow}, {@link TaskQueue#tryNow}). */
public enum RunResult {
    /** No task of that type and subject is pending. */
    NOTHING_PENDING,
    /** Another worker is running it right now. */
    BUSY,
    DONE,
    /** Failed; to be tried again (counted: after backoff; {@link TaskQueue#tryNow}: as it was before). */
    RETRY,
    GIVEN_UP,
    /** Its lease ran out during the run and another worker took it over: this run's outcome was not recorded. */
    LOST
}
