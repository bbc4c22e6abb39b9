package eu.xs2a.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * BOLA: every consent belongs to (provider, TPP). Another TPP, the same TPP under another provider, or the
 * consent's id on the other consent type's path get exactly the answer of a consent that never existed.
 */
@QuarkusTest
class OwnershipTest extends ConsentTestBase {

    private static final String NEVER_EXISTED = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

    @Test
    void anotherTppGetsExactlyTheAnswerOfAConsentThatNeverExisted() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        String authorisation = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations")
                .jsonPath().getString("authorisationIds[0]");

        for (String suffix : new String[] {"", "/status", "/authorisations", "/authorisations/" + authorisation}) {
            assertSameAsNeverExisted(Tpps.BETA, Signed.AIS, id, suffix, false);
        }
        assertSameAsNeverExisted(Tpps.BETA, Signed.AIS, id, "", true);

        // the owner still sees it, untouched
        assertEquals("received", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
    }

    @Test
    void theSameTppUnderAnotherProviderDoesNotSeeIt() {
        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        String sandbox2 = "/sandbox2/api/berlingroup/v1/consents";
        for (String suffix : new String[] {"", "/status", "/authorisations"}) {
            assertSameAsNeverExisted(Tpps.ALPHA, sandbox2, id, suffix, false);
        }
        assertSameAsNeverExisted(Tpps.ALPHA, sandbox2, id, "", true);
        assertEquals("received", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
    }

    @Test
    void anAisConsentIsUnknownOnTheFundsPathAndBackwards() {
        String ais = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        assertSameAsNeverExisted(Tpps.ALPHA, Signed.FUNDS, ais, "", false);
        assertSameAsNeverExisted(Tpps.ALPHA, Signed.FUNDS, ais, "/status", false);

        Response funds = Signed.post(Tpps.ALPHA, Signed.FUNDS, Signed.redirectHeaders(),
                "{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"}}");
        assertEquals(201, funds.statusCode(), funds.asString());
        assertSameAsNeverExisted(Tpps.ALPHA, Signed.AIS, funds.jsonPath().getString("consentId"), "", false);
    }

    /** The answer for {@code id} equals, field for field, the answer for an id that never existed. */
    private static void assertSameAsNeverExisted(TestTpp caller, String base, String id, String suffix, boolean delete) {
        Response forOther = delete ? Signed.delete(caller, base + "/" + id + suffix) : Signed.get(caller, base + "/" + id + suffix);
        Response forNone = delete ? Signed.delete(caller, base + "/" + NEVER_EXISTED + suffix)
                : Signed.get(caller, base + "/" + NEVER_EXISTED + suffix);
        assertError(forOther, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertEquals(forNone.statusCode(), forOther.statusCode());
        Map<String, Object> expected = forNone.jsonPath().getMap("");
        String expectedText = forNone.asString().replace(NEVER_EXISTED, id);
        assertEquals(expectedText, forOther.asString(), "body for " + base + "/{id}" + suffix);
        assertEquals(expected.keySet(), forOther.jsonPath().getMap("").keySet());
    }
}
