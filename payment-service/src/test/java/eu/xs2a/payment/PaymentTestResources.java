package eu.xs2a.payment;

import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;

/**
 * The resources every @QuarkusTest of this module shares (one application start): the test CA the signature
 * pipeline trusts, and the real sandbox bank started from its jar.
 */
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = BankSandboxResource.class, restrictToAnnotatedClass = false)
public final class PaymentTestResources {
    private PaymentTestResources() {
    }
}
