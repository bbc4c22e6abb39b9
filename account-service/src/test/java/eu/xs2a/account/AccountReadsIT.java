package eu.xs2a.account;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The checks of {@link AccountReadsTest} against the packaged application (target/quarkus-app), as it is deployed. */
@QuarkusIntegrationTest
class AccountReadsIT extends AccountReadsTest {
}
