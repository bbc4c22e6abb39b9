package eu.xs2a.consent.support;

import eu.xs2a.testsupport.OffsetClock;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

/**
 * The service's clock in @QuarkusTest classes (not in the packaged jar the *IT classes run): replaces the bean of
 * {@code eu.xs2a.platform.ClockProducer} with xs2a-test-support's {@link OffsetClock}, which a test moves and resets.
 */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends OffsetClock {
}
