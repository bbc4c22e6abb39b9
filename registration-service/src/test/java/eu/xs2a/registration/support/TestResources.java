package eu.xs2a.registration.support;

import eu.xs2a.testsupport.BlockedTppsFileResource;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;

/**
 * The test resources of every {@code @QuarkusTest} of this module (global: restrictToAnnotatedClass = false):
 * the shared test CA as trust anchor, the sandbox key material, the SMTP port, a blocked TPPs file.
 */
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = SandboxKeysResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = SmtpResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = BlockedTppsFileResource.class, restrictToAnnotatedClass = false)
public final class TestResources {

    private TestResources() {
    }
}
