package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_CERTIFICATES;
import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.BG_TPP;
import static eu.xs2a.registration.support.Api.OB_CERTIFICATES;
import static eu.xs2a.registration.support.Api.signed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.registration.domain.CertificateFacts;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.OpenBankingClient;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.Test;

/**
 * Only certificates valid now grant roles: a stored certificate that has since expired or been revoked stays on the
 * TPP's record (with its status) but adds no scope. A certificate is only ever stored while valid, so the tests store
 * the lapsed ones as an earlier request would have: a row with the certificate, made by the test PKI with the
 * validity the case needs.
 */
@QuarkusTest
class CertificatesInForceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The row an earlier registration or certificate add stored for this certificate. */
    private static void storedEarlier(String orgId, TestTpp tpp, Set<Role> roles) {
        var certificate = tpp.certificate();
        CertificateFacts facts = new CertificateFacts(orgId, "stored earlier", tpp.fingerprint(),
                certificate.getSerialNumber().toString(16).toUpperCase(),
                certificate.getIssuerX500Principal().getName(X500Principal.RFC2253),
                certificate.getNotAfter().toInstant(), roles, RequestSigner.pem(certificate));
        QuarkusTransaction.requiringNew().run(() -> TppCertificate.of(orgId, "earlier-" + tpp.fingerprint().substring(0, 8),
                "qseal", facts, Instant.now().minus(Duration.ofDays(30))).persist());
    }

    private static TestTpp expiredQseal(String orgId, Role... roles) {
        Instant now = Instant.now();
        return TestPki.shared().tppBuilder().organizationIdentifier(orgId).roles(roles)
                .validity(now.minus(Duration.ofDays(400)), now.minus(Duration.ofMinutes(1))).build();
    }

    @Test
    void anExpiredOrRevokedCertificateStaysOnTheRecordButGrantsNoScope() {
        String orgId = Api.orgId();
        TestTpp current = TestPki.shared().tpp(orgId, "In Force TPP", Role.PSP_AI);
        signed(current, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration("office@force.example",
                Api.email("force"))).then().statusCode(200)
                .body("scopes", contains("accounts", "transactions", "kyc"));

        // a PISP certificate that expired a minute ago, and one its CA has revoked since (on the shared test CRL)
        storedEarlier(orgId, expiredQseal(orgId, Role.PSP_PI), Set.of(Role.PSP_PI));
        TestTpp revoked = TestPki.shared().revokedTpp();
        storedEarlier(orgId, revoked, Set.of(Role.PSP_AI, Role.PSP_PI, Role.PSP_IC));

        signed(current, "GET", BG_TPP, null).then().statusCode(200)
                .body("certificates", hasSize(3))
                .body("certificates.status", containsInAnyOrder("valid", "expired", "revoked"))
                .body("certificates.find { it.status == 'expired' }.roles", contains("PSP_PI"))
                .body("scopes", contains("accounts", "transactions", "kyc"));

        // a renewed PISP certificate brings the scopes back
        TestTpp renewed = TestPki.shared().tpp(orgId, "In Force TPP", Role.PSP_PI);
        signed(renewed, "POST", BG_CERTIFICATES, "{\"certificate\":{\"name\":\"renewed\",\"type\":\"qseal\"}}").then()
                .statusCode(200)
                .body("certificates", hasSize(4))
                .body("scopes", contains("accounts", "transactions", "kyc", "payments", "funds_availability"));
    }

    @Test
    void aCertificateThatExpiredGrantsNothingOnTheOpenBankingCertificateAddEither() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        storedEarlier(client.orgId(), expiredQseal(client.orgId(), Role.PSP_PI, Role.PSP_IC),
                Set.of(Role.PSP_PI, Role.PSP_IC));
        TestTpp added = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
        String body = JSON.writeValueAsString(Map.of("data", Map.of("certificate",
                Map.of("pem", added.certificatePem(), "name", "ob-ai", "type", "qseal"))));
        given().header("Authorization", client.basic()).contentType("application/json").body(body)
                .post(OB_CERTIFICATES).then().statusCode(200)
                .body("data.certificate.status", equalTo("valid"))
                .body("data.scopes", contains("accounts", "transactions", "kyc"));
    }
}
