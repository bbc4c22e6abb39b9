package eu.xs2a.payment;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The checks of {@link PaymentInitiationTest} against the packaged application (target/quarkus-app), as it is deployed. */
@QuarkusIntegrationTest
class PaymentInitiationIT extends PaymentInitiationTest {
}
