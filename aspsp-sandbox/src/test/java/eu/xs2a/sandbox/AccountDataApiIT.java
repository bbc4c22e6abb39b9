package eu.xs2a.sandbox;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The checks of {@link AccountDataApiTest} against the packaged application (target/quarkus-app), as it is deployed. */
@QuarkusIntegrationTest
class AccountDataApiIT extends AccountDataApiTest {
}
