package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.OB_CERTIFICATES;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.registerJwt;
import static eu.xs2a.registration.support.Api.signed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Jwts;
import eu.xs2a.registration.support.OpenBankingClient;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * In live only a QSealC (QcCompliance and QcType eseal) signs, registers or is added: a QWAC of the same TPP, or a
 * certificate that is not qualified, is CertificateInvalid, on every path that takes a certificate.
 */
@QuarkusTest
@TestProfile(SandboxAbsentInLiveTest.Live.class)
class LiveCertificatesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aBerlinGroupRegistrationTakesAQsealAndRefusesAQwacOrANonQualifiedCertificate() {
        String orgId = Api.orgId();
        TestTpp qwac = TestPki.shared().tppBuilder().organizationIdentifier(orgId).qwac()
                .roles(Role.PSP_AI, Role.PSP_PI).build();
        assertError(signed(qwac, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration(
                "office@live.example", Api.email("live"))), 401, "CertificateInvalid", "QWAC");
        TestTpp notQualified = TestPki.shared().tppBuilder().organizationIdentifier(orgId)
                .profile(TestPki.QcProfile.NOT_QUALIFIED).roles(Role.PSP_AI).build();
        assertError(signed(notQualified, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration(
                "office@live.example", Api.email("live"))), 401, "CertificateInvalid", "QcCompliance");

        TestTpp qseal = TestPki.shared().tpp(orgId, "Live TPP", Role.PSP_AI);
        signed(qseal, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration(
                "office@live.example", Api.email("live"))).then().statusCode(200).body("id", equalTo(orgId));
    }

    @Test
    void openBankingTakesAQsealAndRefusesAQwacAsSignerOrAsAddedCertificate() throws Exception {
        OpenBankingClient client = OpenBankingClient.register(); // signed by a QSEAL in x5c
        TestTpp qwac = TestPki.shared().tppBuilder().organizationIdentifier(client.orgId()).qwac()
                .roles(Role.PSP_AI).build();
        String body = JSON.writeValueAsString(Map.of("data", Map.of("certificate",
                Map.of("pem", qwac.certificatePem(), "name", "a-qwac", "type", "qseal"))));
        assertError(given().header("Authorization", client.basic()).contentType("application/json").body(body)
                .post(OB_CERTIFICATES), 401, "CertificateInvalid", "QWAC");

        String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
        String ssa = Jwts.ssa(Jwts.ssaClaims(softwareId, client.orgId(), null));
        assertError(registerJwt(Jwts.signedByQseal(Jwts.requestClaims(softwareId, ssa), qwac)),
                401, "AccessDenied", "QWAC")
                .body("error_code", equalTo("CERTIFICATE_INVALID"));
    }
}
