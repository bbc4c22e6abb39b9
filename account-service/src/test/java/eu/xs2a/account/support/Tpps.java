package eu.xs2a.account.support;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;

/** The test TPPs, certified by the shared test CA that the service trusts in tests. */
public final class Tpps {

    public static final TestTpp ALPHA = TestPki.shared().tpp("PSDDE-BAFIN-710001", "Alpha AISP", Role.PSP_AI,
            Role.PSP_PI);
    public static final TestTpp BETA = TestPki.shared().tpp("PSDDE-BAFIN-710002", "Beta AISP", Role.PSP_AI,
            Role.PSP_IC);
    /** Only a payment initiation role: no account information. */
    public static final TestTpp PISP = TestPki.shared().tpp("PSDDE-BAFIN-710003", "Pay Only", Role.PSP_PI);

    private Tpps() {
    }
}
