package eu.xs2a.platform;

import java.sql.SQLException;
import org.jboss.logging.Logger;

/**
 * How a job or a request logs a failure it meets while something it depends on is down (the database, the bank):
 * one WARN line naming the root cause's class and message, the full stack trace only at DEBUG. During an outage a
 * job fails on every run and every request fails the same way; a trace each time (191 lines for a refused database
 * connection through Hibernate and Agroal) buries the one line that says what is wrong.
 */
public final class FailureLog {

    private static final int MAX_DEPTH = 20;

    private FailureLog() {
    }

    /** WARN {@code "<what>: <root cause class>: <its message>"}, and the whole trace at DEBUG. */
    public static void warn(Logger log, String what, Throwable failure) {
        log.warnf("%s: %s", what, cause(failure));
        if (log.isDebugEnabled()) {
            log.debug(what, failure);
        }
    }

    /**
     * The cause as {@code class: message} on one line: the innermost {@link SQLException} when there is one (the
     * driver's words, e.g. {@code org.postgresql.util.PSQLException: Connection to … refused}, say more than the
     * socket's {@code Connection refused} below it), else the innermost cause.
     */
    public static String cause(Throwable failure) {
        Throwable root = failure;
        Throwable sql = failure instanceof SQLException ? failure : null;
        for (int depth = 0; root.getCause() != null && root.getCause() != root && depth < MAX_DEPTH; depth++) {
            root = root.getCause();
            if (root instanceof SQLException) {
                sql = root;
            }
        }
        Throwable named = sql != null ? sql : root;
        String message = named.getMessage();
        return named.getClass().getName() + (message == null ? "" : ": " + message.replaceAll("\\s*\\R\\s*", " "));
    }
}
