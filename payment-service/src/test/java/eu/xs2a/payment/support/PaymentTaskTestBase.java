package eu.xs2a.payment.support;

import eu.xs2a.platform.task.TaskConfig;
import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;

/**
 * A @QuarkusTest class that runs the payment tasks itself ({@link Tasks}) and moves the service's clock
 * ({@link TestClock}) to make them due or give them up: the clock is back to real time after each test.
 */
public abstract class PaymentTaskTestBase {

    @Inject
    protected AgroalDataSource dataSource;

    @Inject
    protected Tasks tasks;

    @Inject
    protected TestClock clock;

    /** The task runtime's settings: backoff and give-up age per task type. */
    @Inject
    protected TaskConfig taskConfig;

    @AfterEach
    void resetClock() {
        clock.reset();
    }
}
