package eu.xs2a.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;

/**
 * The lines one logger writes while a test runs, caught by a java.util.logging Handler added to it (Quarkus's log
 * manager is JUL's). Close it to remove the handler.
 */
public final class CapturedLog extends Handler implements AutoCloseable {

    private final Logger logger;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private CapturedLog(Logger logger) {
        this.logger = logger;
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    public static CapturedLog of(Class<?> loggerOf) {
        return of(loggerOf.getName());
    }

    /** The lines of a logger category, its sub-categories' included (e.g. a package). */
    public static CapturedLog of(String category) {
        return new CapturedLog(Logger.getLogger(category));
    }

    /** Every line so far, formatted, with its level first (e.g. {@code ERROR Consent ...}). */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines so far that contain {@code text}. */
    public List<String> linesWith(String text) {
        return lines.stream().filter(line -> line.contains(text)).toList();
    }

    @Override
    public void publish(LogRecord record) {
        String message = record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage();
        lines.add(record.getLevel().getName() + " " + message);
    }

    @Override
    public void flush() {
        // kept in memory
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
