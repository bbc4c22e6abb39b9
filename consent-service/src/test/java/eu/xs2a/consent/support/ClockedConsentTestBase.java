package eu.xs2a.consent.support;

import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;

/**
 * A @QuarkusTest class that moves the service's clock ({@link TestClock}) and looks at the stored consents: the clock
 * is back to real time after each test.
 */
public abstract class ClockedConsentTestBase extends ConsentTestBase {

    @Inject
    protected TestClock clock;

    @Inject
    protected AgroalDataSource dataSource;

    @AfterEach
    void realTime() {
        clock.reset();
    }

    /** The stored status, without the bank refresh that a TPP's read does. */
    protected String storedStatus(String id) {
        return ConsentRows.column(dataSource, id, "status", String.class);
    }
}
