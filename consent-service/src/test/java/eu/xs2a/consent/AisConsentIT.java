package eu.xs2a.consent;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The checks of {@link AisConsentTest} against the packaged application (target/quarkus-app), as it is deployed. */
@QuarkusIntegrationTest
class AisConsentIT extends AisConsentTest {
}
