package eu.xs2a.registration.api;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The checks of {@link SandboxSelfServiceTest} against the packaged application (target/quarkus-app), as it is deployed. */
@QuarkusIntegrationTest
class SandboxSelfServiceIT extends SandboxSelfServiceTest {
}
