package eu.xs2a.platform;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;

/**
 * The lines one logger writes meanwhile, at INFO and above (Quarkus's log manager is JUL's): this library's tests'
 * own, as xs2a-test-support's CapturedLog depends on the libraries.
 */
public final class LogLines extends Handler implements AutoCloseable {
    private final Logger logger;
    public final List<String> lines = new CopyOnWriteArrayList<>();
    /** Lines at INFO or above that carry a stack trace. */
    public volatile int withTrace;

    private LogLines(Logger logger) {
        this.logger = logger;
        logger.addHandler(this);
    }

    public static LogLines of(Class<?> type) {
        return new LogLines(Logger.getLogger(type.getName()));
    }

    public List<String> with(String text) {
        return lines.stream().filter(line -> line.contains(text)).toList();
    }

    @Override
    public void publish(LogRecord record) {
        String message = record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage();
        if (record.getLevel().intValue() < java.util.logging.Level.INFO.intValue()) {
            return; // DEBUG and below: not what an operator sees
        }
        if (record.getThrown() != null) {
            withTrace++;
        }
        lines.add(record.getLevel().getName() + " " + message);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
