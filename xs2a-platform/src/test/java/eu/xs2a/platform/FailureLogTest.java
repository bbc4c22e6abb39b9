package eu.xs2a.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class FailureLogTest {

    @Test
    void namesTheDatabaseDriversWordsOnOneLine() {
        SQLException refused = new SQLException("Connection to localhost:5432 refused.\nCheck that the hostname and port"
                + " are correct", "08001", new ConnectException("Connection refused"));
        RuntimeException wrapped = new IllegalStateException("Unable to acquire JDBC Connection",
                new RuntimeException("wrapper", refused));

        assertEquals("java.sql.SQLException: Connection to localhost:5432 refused. Check that the hostname and port are"
                + " correct", FailureLog.cause(wrapped));
        assertEquals("java.net.ConnectException: Connection refused",
                FailureLog.cause(new IllegalStateException("bank", new ConnectException("Connection refused"))));
    }

    @Test
    void aCauseWithoutMessageIsItsClass() {
        assertEquals("java.lang.NullPointerException", FailureLog.cause(new RuntimeException(new NullPointerException())));
    }
}
