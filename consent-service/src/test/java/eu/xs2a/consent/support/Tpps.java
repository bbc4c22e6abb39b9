package eu.xs2a.consent.support;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;

/** The test TPPs of this module, issued once per JVM by the shared test CA. */
public final class Tpps {

    /** An AISP and PISP. */
    public static final TestTpp ALPHA = TestPki.shared().tpp("PSDDE-BAFIN-111111", "Alpha TPP", Role.PSP_AI, Role.PSP_PI);
    /** Another AISP: must never see ALPHA's consents. */
    public static final TestTpp BETA = TestPki.shared().tpp("PSDDE-BAFIN-222222", "Beta TPP", Role.PSP_AI);
    /** A PISP only: no AIS consents. */
    public static final TestTpp PISP_ONLY = TestPki.shared().tpp("PSDDE-BAFIN-333333", "Pisp Only", Role.PSP_PI);
    /** A PIISP only (card issuer): confirmation-of-funds consents. */
    public static final TestTpp PIISP_ONLY = TestPki.shared().tpp("PSDDE-BAFIN-444444", "Card Issuer", Role.PSP_IC);

    private Tpps() {
    }
}
