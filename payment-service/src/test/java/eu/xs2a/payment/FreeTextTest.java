package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Free texts of an initiation (creditorName, remittance information, addresses, creditorAgentName,
 * endToEndIdentification) refuse control and format characters, and a provider that narrows them
 * ({@code text-charset=sepa}: sandbox2 in config/providers.properties) refuses what its bank would: a FormatError
 * naming the field and the character's position, before anything is stored. The bodies are JSON with the characters
 * as \\u escapes, as a TPP's JSON library may send them, and raw in UTF-8.
 */
@QuarkusTest
class FreeTextTest {

    private static final String VALID = body("4.20");

    @Inject AgroalDataSource dataSource;

    private static String replaced(String field, String oldValue, String newValue) {
        String changed = VALID.replace("\"" + field + "\": \"" + oldValue + "\"", "\"" + field + "\": \"" + newValue + "\"");
        assertEquals(true, !changed.equals(VALID), field);
        return changed;
    }

    @Test
    void aRightToLeftOverrideInTheCreditorNameIsRefusedWithItsPosition() {
        GatewayDb db = new GatewayDb(dataSource);
        long before = db.paymentCount();
        // "Merc" then U+202E: what follows reads backwards on a screen
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        replaced("creditorName", "Merchant GmbH", "Merc\\u202Ehant GmbH")), 400, "FormatError")
                .body("tppMessages[0].text", equalTo("creditorName has character U+202E at position 5, which is not"
                        + " allowed in free text (no control or format characters)"));
        // raw in the UTF-8 body too
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        replaced("creditorName", "Merchant GmbH", "Merc\u202Ehant GmbH")), 400, "FormatError")
                .body("tppMessages[0].text", startsWith("creditorName has character U+202E at position 5,"));
        assertEquals(before, db.paymentCount(), "nothing stored");
    }

    @Test
    void everyFreeTextFieldRefusesControlCharacters() {
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        replaced("remittanceInformationUnstructured", "Invoice 4711", "Invoice\\u001B[2J 4711")), 400,
                "FormatError").body("tppMessages[0].text",
                startsWith("remittanceInformationUnstructured has character U+001B at position 8,"));
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        replaced("streetName", "Hauptstrasse", "Haupt\\u0007strasse")), 400, "FormatError")
                .body("tppMessages[0].text", startsWith("creditorAddress.streetName has character U+0007 at position 6,"));
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        replaced("townName", "Berlin", "Ber\\u200Blin")), 400, "FormatError")
                .body("tppMessages[0].text", startsWith("creditorAddress.townName has character U+200B at position 4,"));
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        replaced("endToEndIdentification", "E2E-4711", "E2E\\n4711")), 400, "FormatError")
                .body("tppMessages[0].text", startsWith("endToEndIdentification has character U+000A at position 4,"));
        Errors.expect(initiate(ALPHA, "sandbox", SCT, headers(),
                        VALID.replaceFirst("\\{", "{\"creditorAgentName\": \"Bank\\\\u202D\", ")), 400, "FormatError")
                .body("tppMessages[0].text", startsWith("creditorAgentName has character U+202D at position 5,"));
    }

    @Test
    void sandbox2TakesOnlyTheSepaCharacterSetWhileSandboxTakesAnyText() {
        String umlaut = replaced("creditorName", "Merchant GmbH", "Bäckerei Müller");
        initiate(ALPHA, "sandbox", SCT, headers(), umlaut).then().statusCode(201);
        Errors.expect(initiate(ALPHA, "sandbox2", SCT, headers(), umlaut), 400, "FormatError")
                .body("tppMessages[0].text", equalTo("creditorName has character U+00E4 at position 2, which is not"
                        + " allowed in the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + space)"));
        Errors.expect(initiate(ALPHA, "sandbox2", SCT, headers(),
                        replaced("remittanceInformationUnstructured", "Invoice 4711", "Invoice #4711")), 400,
                "FormatError").body("tppMessages[0].text",
                startsWith("remittanceInformationUnstructured has character U+0023 at position 9,"));
        // the SEPA set itself passes
        initiate(ALPHA, "sandbox2", SCT, headers(), replaced("remittanceInformationUnstructured", "Invoice 4711",
                "Inv. 4711/2026 (Q4) - paid: 'yes' + ok?")).then().statusCode(201);
    }
}
