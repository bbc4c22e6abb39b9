package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.GatewayDb;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the bank receives of a payment (aspsp-sandbox/BANK-API.md): account references as the bank API defines them,
 * {@code {iban | bban, currency?}}. The interface's {@code sortCode} and {@code swiftCode} are checked and kept with the
 * payment (the read shows them) but the bank's account reference has no field for them, so they are not sent: the
 * sandbox would drop them unread. The PSU's context goes with the payment, for the bank's fraud monitoring, and the
 * TPP's brand, by which the bank's pages name the TPP.
 */
@QuarkusTest
class BankOrderTest {

    static final Map<String, String> PSU_HEADERS = Map.of("PSU-IP-Port", "51234",
            "PSU-User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0", "PSU-Accept", "text/html",
            "PSU-Accept-Charset", "utf-8", "PSU-Accept-Encoding", "gzip, br", "PSU-Accept-Language", "de-DE,de;q=0.9",
            "PSU-Http-Method", "POST", "PSU-Device-ID", "99435c7e-ad88-49ec-a2ad-99ddcb1f7721",
            "PSU-Geo-Location", "GEO:52.506931;13.144558");

    @Inject AgroalDataSource dataSource;

    @Test
    void thePsusContextAndTheTppsBrandReachTheBankWithThePayment() {
        Map<String, String> headers = headers();
        headers.putAll(PSU_HEADERS);
        headers.put("TPP-Brand-Logging-Information", "PayFast");
        String self = Payments.initiate(ALPHA, "sandbox", SCT, headers, Payments.body("3.00"))
                .then().statusCode(201).extract().path("_links.self.href");

        JsonPath bank = BankApi.payment(new GatewayDb(dataSource).bankPaymentId(Payments.id(self)))
                .then().statusCode(200).extract().jsonPath();
        assertEquals(Map.of("ipAddress", "192.168.8.78", "ipPort", "51234",
                "userAgent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0", "accept", "text/html",
                "acceptCharset", "utf-8", "acceptEncoding", "gzip, br", "acceptLanguage", "de-DE,de;q=0.9",
                "httpMethod", "POST", "deviceId", "99435c7e-ad88-49ec-a2ad-99ddcb1f7721",
                "geoLocation", "GEO:52.506931;13.144558"), bank.getMap("psuContext"));
        assertEquals("PayFast", bank.getString("tppBrand"));
    }

    @Test
    void withOnlyTheIpAddressTheBankGetsOnlyThat() {
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), Payments.body("4.00"))
                    .then().statusCode(201);
            assertEquals(Map.of("ipAddress", "192.168.8.78"),
                    JsonPath.from(relay.submissions().get(0)).getMap("psuContext"));
        }
    }

    @Test
    void aPsuOrBrandHeaderOffItsFormatIsAFormatError() {
        Map<String, String> bad = Map.of("PSU-Geo-Location", "GEO:52.5;13.1", "PSU-Device-ID", "device-1",
                "PSU-IP-Port", "70000", "PSU-Http-Method", "HEAD", "PSU-User-Agent", "u".repeat(513),
                "TPP-Brand-Logging-Information", "b".repeat(141));
        bad.forEach((header, value) -> {
            Map<String, String> headers = headers();
            headers.put(header, value);
            Payments.initiate(ALPHA, "sandbox", SCT, headers, Payments.body("5.00")).then().statusCode(400)
                    .body("tppMessages[0].category", equalTo("ERROR"))
                    .body("tppMessages[0].code", equalTo("FORMAT_ERROR"))
                    .body("tppMessages[0].text", startsWith(header + " "));
        });
    }

    @Test
    void theNoFundsPreferenceReachesTheBankOnlyWhenSentAndOnlyAsTrueOrFalse() {
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), Payments.body("6.00"))
                    .then().statusCode(201);
            Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT,
                    Payments.headers("TPP-Rejection-NoFunds-Preferred", "true"), Payments.body("6.00"))
                    .then().statusCode(201);
            for (String bad : List.of("yes", "0", "falsey")) {
                Errors.expect(Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT,
                        Payments.headers("TPP-Rejection-NoFunds-Preferred", bad), Payments.body("6.00")), 400,
                        "BadRequest").body("tppMessages[0].text",
                        equalTo("TPP-Rejection-NoFunds-Preferred must be true or false"));
            }
            assertEquals(2, relay.submissions().size(), "a refused header sends nothing to the bank");
            assertFalse(JsonPath.from(relay.submissions().get(0)).getMap("").containsKey("rejectionNoFundsPreferred"));
            assertEquals(Boolean.TRUE, JsonPath.from(relay.submissions().get(1)).get("rejectionNoFundsPreferred"));
        }
    }

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
