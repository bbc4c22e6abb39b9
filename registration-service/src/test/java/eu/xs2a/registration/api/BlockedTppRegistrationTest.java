package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.OB_CERTIFICATES;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.registerJwt;
import static eu.xs2a.registration.support.Api.signed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.domain.OAuthClient;
import eu.xs2a.registration.domain.Tpp;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Jwts;
import eu.xs2a.registration.support.OpenBankingClient;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.BlockedTppsTestBase;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A TPP the bank blocked (psd2.blocked-tpps-file) can neither register nor add certificates, in either flow: the
 * Berlin Group one through the shared signature filter, the open-banking one (signed JWT, HTTP Basic) in the
 * registration services. AccessDenied is 401 on these endpoints, and nothing is stored.
 */
@QuarkusTest
class BlockedTppRegistrationTest extends BlockedTppsTestBase {

    @Test
    void aBlockedOrganisationCannotRegisterTheBerlinGroupWay() {
        String orgId = Api.orgId();
        TestTpp tpp = TestPki.shared().tpp(orgId, "Blocked PISP", Role.PSP_PI);
        block(orgId);
        assertError(signed(tpp, "POST", BG_REGISTER,
                        BerlinGroupRegistrationTest.registration("office@blocked.example", Api.email("blocked"))),
                401, "AccessDenied", "blocked by the bank")
                .body("error_code", equalTo("SERVICE_BLOCKED"));
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> Tpp.count("id", orgId)));
    }

    @Test
    void aBlockedOrganisationCannotRegisterOpenBankingSoftware() {
        String orgId = Api.orgId();
        String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
        TestTpp tpp = TestPki.shared().tpp(orgId, "Blocked AISP", Role.PSP_AI);
        String ssa = Jwts.ssa(Jwts.ssaClaims(softwareId, orgId, Api.email("blocked-ob")));
        block(orgId);
        assertError(registerJwt(Jwts.signedByQseal(Jwts.requestClaims(softwareId, ssa), tpp)),
                401, "AccessDenied", "blocked by the bank")
                .body("error_code", equalTo("SERVICE_BLOCKED"));
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> OAuthClient.count("tppId", orgId)));

        unblockEverybody();
        registerJwt(Jwts.signedByQseal(Jwts.requestClaims(softwareId, ssa), tpp)).then().statusCode(200);
    }

    @Test
    void aClientOfABlockedOrganisationCannotAddACertificate() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestTpp pis = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_PI);
        byte[] body = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(Map.of("data",
                Map.of("certificate", Map.of("pem", pis.certificatePem(), "name", "ob-pis", "type", "qseal"))))
                .getBytes(StandardCharsets.UTF_8);
        block(client.orgId());
        assertError(given().contentType("application/json").header("Authorization", client.basic()).body(body)
                .post(OB_CERTIFICATES), 401, "AccessDenied", "blocked by the bank");

        unblockEverybody();
        given().contentType("application/json").header("Authorization", client.basic()).body(body)
                .post(OB_CERTIFICATES).then().statusCode(200);
    }

    /**
     * A list the services cannot read keeps the old one in force and says so at ERROR, which /q/metrics counts
     * (quarkus.log.metrics.enabled): what k8s/monitoring's alert watches.
     */
    @Test
    void aMalformedListKeepsTheBlockAndIsCountedAsAnErrorLine() {
        String orgId = Api.orgId();
        TestTpp tpp = TestPki.shared().tpp(orgId, "Blocked PISP", Role.PSP_PI);
        block(orgId);
        double errorsBefore = errorLines();

        assertFalse(putInForce(orgId + " and a second word\n"));
        assertEquals(errorsBefore + 1, errorLines(), "one ERROR line for the unreadable list");
        assertError(signed(tpp, "POST", BG_REGISTER,
                        BerlinGroupRegistrationTest.registration("office@blocked.example", Api.email("blocked"))),
                401, "AccessDenied", "blocked by the bank");
    }

    /** log_total{level="ERROR"} as /q/metrics shows it. */
    private static double errorLines() {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^log_total\\{[^}]*level=\"ERROR\"[^}]*} (\\S+)$").matcher(metrics);
        assertTrue(m.find(), "log_total{level=\"ERROR\"} is published");
        return Double.parseDouble(m.group(1));
    }

    private void block(String orgId) {
        assertTrue(putInForce(orgId + "\n"));
    }
}
