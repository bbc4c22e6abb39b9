package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the bank receives of a payment (aspsp-sandbox/BANK-API.md): account references as the bank API defines them,
 * {@code {iban | bban, currency?}}. The interface's {@code sortCode} and {@code swiftCode} are checked and kept with the
 * payment (the read shows them) but the bank's account reference has no field for them, so they are not sent: the
 * sandbox would drop them unread.
 */
@QuarkusTest
class BankOrderTest {

    @Test
    void accountReferencesReachTheBankInTheBanksShape() {
        String body = """
                {"instructedAmount": {"currency": "EUR", "amount": "5.00"},
                 "creditorAccount": {"iban": "%s", "sortCode": "123456", "swiftCode": "COBADEFFXXX", "currency": "EUR"},
                 "debtorAccount": {"iban": "DE49100200300100000011", "swiftCode": "SBOXDEBBXXX"},
                 "creditorName": "Merchant GmbH"}
                """.formatted(Payments.CREDITOR_IBAN);
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), body);
            String self = created.then().statusCode(201).extract().path("_links.self.href");

            JsonPath sent = JsonPath.from(relay.submissions().get(0));
            assertEquals(Map.of("iban", Payments.CREDITOR_IBAN, "currency", "EUR"), sent.getMap("creditorAccount"));
            assertEquals(Map.of("iban", "DE49100200300100000011"), sent.getMap("debtorAccount"));

            Tpps.get(ALPHA, self).then().statusCode(200)
                    .body("creditorAccount.sortCode", equalTo("123456"))
                    .body("creditorAccount.swiftCode", equalTo("COBADEFFXXX"))
                    .body("debtorAccount.swiftCode", equalTo("SBOXDEBBXXX"));
        }
    }
}
