package eu.xs2a.payment;

import eu.xs2a.testsupport.HealthChecks;
import io.quarkus.test.junit.QuarkusTest;

/** Health, readiness, OpenAPI, metrics and the applied migrations, checked as in every service. */
@QuarkusTest
class HealthTest extends HealthChecks {
}
