package eu.xs2a.consent.support;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.testsupport.SwitchableProxy;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A @QuarkusTest class of provider sandbox2 through its real bank port: the bank is unreachable when each test starts
 * ({@link #proxy} down; {@code Sandbox2.bankUp(proxy)} brings it up) and again once it has ended, with the clock back
 * to real time. The helpers read what the bank and the gateway hold of a consent.
 */
public abstract class Sandbox2TestBase extends ClockedConsentTestBase {

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    protected String bankUrl;

    /** sandbox2's way to the real sandbox bank. */
    protected SwitchableProxy proxy;

    @BeforeEach
    void bankDown() {
        proxy = Sandbox2.proxyToTheBank();
        proxy.down();
    }

    @AfterEach
    void bankDownAgain() {
        proxy.down();
    }

    /** An AIS consent to psu1's main account that the bank registered (received): the bank must be up. */
    protected static String createdAtTheBank() {
        Response created = Signed.post(Tpps.ALPHA, Sandbox2.AIS, Signed.redirectHeaders(),
                Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("received", created.jsonPath().getString("consentStatus"), created.asString());
        return created.jsonPath().getString("consentId");
    }

    /** Whether the bank is still to be told that the consent ended. */
    protected boolean bankDeletePending(String id) {
        return ConsentRows.column(dataSource, id, "bank_delete_pending", Boolean.class);
    }

    /** The bank's id of a consent (not shown to TPPs; account-service learns it from the lookup once valid). */
    protected String bankConsentId(String id) {
        return ConsentRows.column(dataSource, id, "bank_consent_id", String.class);
    }

    /** The consent's status as the bank itself holds it, asked straight, not through sandbox2's port. */
    protected String bankStatus(String bankConsentId) {
        return given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL)
                .get(bankUrl + "/bank/v1/consents/" + bankConsentId).jsonPath().getString("status");
    }
}
