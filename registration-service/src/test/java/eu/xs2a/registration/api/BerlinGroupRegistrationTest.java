package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_CERTIFICATES;
import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.BG_TPP;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.signed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Concurrently;
import eu.xs2a.registration.support.TestSmtp;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/** Berlin Group TPP registration, certificate addition and read, through the real signed-request pipeline. */
@QuarkusTest
class BerlinGroupRegistrationTest {

    static String registration(String companyEmail, String representativeEmail) {
        return """
                {"company": {"name": "Alpha Payments GmbH", "email": "%s", "address": "Hauptstr. 1",
                             "phone_number": "+49 30 123456", "zip_code": "10115", "city": "Berlin"},
                 "representative": {"name": "Erika Mustermann", "email": "%s"},
                 "certificate": {"name": "alpha-qseal-2026", "type": "qseal"}}
                """.formatted(companyEmail, representativeEmail);
    }

    @Test
    void anUnsignedRequestIsRefusedByTheSharedSignatureFilter() {
        String body = registration("office@alpha.example", "erika@alpha.example");
        var response = given().contentType("application/json").header("X-Request-ID", java.util.UUID.randomUUID().toString())
                .body(body).post(BG_REGISTER);
        response.then().statusCode(401).body("error_text", equalTo("CertificateMissing"));
        given().get(BG_TPP).then().statusCode(400).body("error_text", equalTo("FormatError")); // no X-Request-ID
    }

    @Test
    void registersTheTppOfTheSigningCertificateAndSendsTheLetter() throws Exception {
        String orgId = Api.orgId();
        TestTpp tpp = TestPki.shared().tpp(orgId, "Alpha Payments", Role.PSP_AI, Role.PSP_PI);
        String representative = Api.email("erika");
        signed(tpp, "POST", BG_REGISTER, registration("office@alpha.example", representative)).then()
                .statusCode(200)
                .body("id", equalTo(orgId))
                .body("status", equalTo("active"))
                .body("company.name", equalTo("Alpha Payments GmbH"))
                .body("company.phone_number", equalTo("+49 30 123456"))
                .body("company.zip_code", equalTo("10115"))
                .body("representative.email", equalTo(representative))
                .body("certificates", hasSize(1))
                .body("certificates[0].name", equalTo("alpha-qseal-2026"))
                .body("certificates[0].type", equalTo("qseal"))
                .body("certificates[0].serial", equalTo(tpp.certificate().getSerialNumber().toString(16).toUpperCase()))
                .body("certificates[0].roles", containsInAnyOrder("PSP_AI", "PSP_PI"))
                .body("scopes", containsInAnyOrder("accounts", "transactions", "kyc", "payments", "funds_availability"));

        MimeMessage letter = TestSmtp.awaitLetterTo(representative);
        assertEquals("Your registration as a TPP is confirmed", letter.getSubject());
        List<String> parts = parts(letter);
        assertTrue(parts.stream().anyMatch(p -> p.contains("Dear Erika Mustermann") && p.contains(orgId) && !p.contains("<")),
                "a text part: " + parts);
        assertTrue(parts.stream().anyMatch(p -> p.contains("<strong>Alpha Payments GmbH</strong>")), "an HTML part: " + parts);

        signed(tpp, "GET", BG_TPP, null).then().statusCode(200).body("id", equalTo(orgId))
                .body("certificates", hasSize(1));
    }

    @Test
    void aReplayedRegistrationGetsTheFirstAnswerAgainAndRegistersNothingTwice() {
        String orgId = Api.orgId();
        TestTpp tpp = TestPki.shared().tpp(orgId, "Replay", Role.PSP_AI);
        String representative = Api.email("replay");
        byte[] body = registration("office@replay.example", representative).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.util.Map<String, String> headers = tpp.signer().sign("POST", BG_REGISTER, java.util.Map.of(), body);
        String first = given().headers(headers).contentType("application/json").body(body).post(BG_REGISTER)
                .then().statusCode(200).extract().asString();
        String second = given().headers(headers).contentType("application/json").body(body).post(BG_REGISTER)
                .then().statusCode(200).extract().asString();
        assertEquals(first, second);
        long letters = io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().call(
                () -> eu.xs2a.registration.domain.Letter.count("recipient", representative));
        assertEquals(1, letters, "one registration, one letter");
    }

    @Test
    void aBodyWithoutContentTypeOrABadPsuIpAddressIsAFormatErrorAndRegistersNothing() {
        String orgId = Api.orgId();
        TestTpp tpp = TestPki.shared().tpp(orgId, "No Type", Role.PSP_AI);
        byte[] body = registration("office@notype.example", Api.email("notype")).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.util.Map<String, String> headers = tpp.signer().sign("POST", BG_REGISTER, java.util.Map.of(), body);
        assertError(given().headers(headers).noContentType().body(body).post(BG_REGISTER),
                400, "FormatError", "Content-Type must be application/json");

        java.util.Map<String, String> withIp = tpp.signer().sign("POST", BG_REGISTER,
                java.util.Map.of("PSU-IP-Address", "not-an-ip"), body);
        assertError(given().headers(withIp).contentType("application/json").body(body).post(BG_REGISTER),
                400, "FormatError", "PSU-IP-Address");
        signed(tpp, "GET", BG_TPP, null).then().statusCode(404);
    }

    @Test
    void registeringTheSameTppAgainIsAccessDenied() {
        String orgId = Api.orgId();
        TestTpp tpp = TestPki.shared().tpp(orgId, "Beta", Role.PSP_AI);
        signed(tpp, "POST", BG_REGISTER, registration("office@beta.example", Api.email("beta"))).then().statusCode(200);
        TestTpp renewed = TestPki.shared().tpp(orgId, "Beta", Role.PSP_AI);
        assertError(signed(renewed, "POST", BG_REGISTER, registration("office@beta.example", Api.email("beta"))),
                401, "AccessDenied", "already registered")
                .body("error_code", equalTo("STATUS_INVALID"));
    }

    @Test
    void everyRequiredFieldMissingIsWrongRequiredFieldsNamingIt() {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Gamma", Role.PSP_AI);
        String full = registration("office@gamma.example", "rep@gamma.example");
        List<String[]> cases = List.of(
                new String[] {"company.name", full.replace("\"name\": \"Alpha Payments GmbH\", ", "")},
                new String[] {"company.email", full.replace("\"email\": \"office@gamma.example\", ", "")},
                new String[] {"representative.name", full.replace("\"name\": \"Erika Mustermann\", ", "")},
                new String[] {"representative.email", full.replace(", \"email\": \"rep@gamma.example\"", "")},
                new String[] {"certificate.name", full.replace("\"name\": \"alpha-qseal-2026\", ", "")},
                new String[] {"certificate.type", full.replace(", \"type\": \"qseal\"", "")},
                new String[] {"company.name", "{}"});
        for (String[] c : cases) {
            assertError(signed(tpp, "POST", BG_REGISTER, c[1]), 401, "WrongRequiredFields", c[0]);
        }
        assertError(signed(tpp, "POST", BG_REGISTER, full.replace("\"qseal\"", "\"qwac\"")),
                401, "WrongRequiredFields", "certificate.type");
    }

    @Test
    void invalidEmailAddressesAreWrongRequiredFields() {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Delta", Role.PSP_AI);
        assertError(signed(tpp, "POST", BG_REGISTER, registration("not-an-address", "rep@delta.example")),
                401, "WrongRequiredFields", "company.email");
        assertError(signed(tpp, "POST", BG_REGISTER, registration("office@delta.example", "rep@@delta")),
                401, "WrongRequiredFields", "representative.email");
    }

    @Test
    void aCertificateWithoutPsd2RolesIsRoleInvalid() {
        TestTpp noRoles = TestPki.shared().tppBuilder().organizationIdentifier(Api.orgId()).name("No roles")
                .withoutQcStatement().build();
        assertError(signed(noRoles, "POST", BG_REGISTER, registration("office@x.example", "rep@x.example")),
                401, "RoleInvalid", "");
    }

    @Test
    void anUntrustedOrExpiredCertificateIsRefused() {
        TestTpp untrusted = TestPki.untrusted().tpp(Api.orgId(), "Mallory", Role.PSP_AI);
        assertError(signed(untrusted, "POST", BG_REGISTER, registration("office@m.example", "rep@m.example")),
                401, "CertificateInvalid", "");
        TestTpp expired = TestPki.shared().tppBuilder().organizationIdentifier(Api.orgId()).roles(Role.PSP_AI)
                .expired().build();
        assertError(signed(expired, "POST", BG_REGISTER, registration("office@e.example", "rep@e.example")),
                401, "CertificateExpired", "");
    }

    @Test
    void aSecondCertificateOfTheSameOrganisationIsAddedAndTheScopesRecomputed() throws Exception {
        String orgId = Api.orgId();
        String representative = Api.email("epsilon");
        TestTpp ais = TestPki.shared().tpp(orgId, "Epsilon", Role.PSP_AI);
        signed(ais, "POST", BG_REGISTER, registration("office@epsilon.example", representative)).then()
                .statusCode(200).body("scopes", containsInAnyOrder("accounts", "transactions", "kyc"));
        TestSmtp.awaitLetterTo(representative);

        TestTpp pis = TestPki.shared().tpp(orgId, "Epsilon", Role.PSP_PI);
        String body = "{\"certificate\": {\"name\": \"epsilon-pis\", \"type\": \"qseal\"}}";
        signed(pis, "POST", BG_CERTIFICATES, body).then().statusCode(200)
                .body("certificates", hasSize(2))
                .body("certificates[1].name", equalTo("epsilon-pis"))
                .body("scopes", containsInAnyOrder("accounts", "transactions", "kyc", "payments", "funds_availability"));
        // the same certificate again: harmless, nothing added
        signed(pis, "POST", BG_CERTIFICATES, body).then().statusCode(200).body("certificates", hasSize(2));

        waitForLetters(representative, 2);
        List<MimeMessage> letters = TestSmtp.lettersTo(representative);
        assertEquals(2, letters.size(), "one registration letter and one certificate letter");
        assertTrue(letters.stream().anyMatch(l -> subject(l).contains("certificate was added")));
        signed(ais, "GET", BG_TPP, null).then().statusCode(200).body("certificates", hasSize(2));
    }

    @Test
    void aCertificateOfAnotherOrganisationCannotBeAdded() {
        String orgId = Api.orgId();
        TestTpp registered = TestPki.shared().tpp(orgId, "Zeta", Role.PSP_AI);
        signed(registered, "POST", BG_REGISTER, registration("office@zeta.example", Api.email("zeta"))).then().statusCode(200);
        TestTpp other = TestPki.shared().tpp(Api.orgId(), "Other org", Role.PSP_PI);
        assertError(signed(other, "POST", BG_CERTIFICATES, "{\"certificate\": {\"name\": \"x\", \"type\": \"qseal\"}}"),
                401, "AccessDenied", other.tppId())
                .body("error_code", equalTo("STATUS_INVALID"));
        signed(registered, "GET", BG_TPP, null).then().statusCode(200).body("certificates", hasSize(1));
    }

    @Test
    void certificateAddNeedsNameAndType() {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Eta", Role.PSP_AI);
        assertError(signed(tpp, "POST", BG_CERTIFICATES, "{\"certificate\": {\"type\": \"qseal\"}}"),
                401, "WrongRequiredFields", "certificate.name");
        assertError(signed(tpp, "POST", BG_CERTIFICATES, "{}"), 401, "WrongRequiredFields", "certificate.name");
    }

    @Test
    void readingAnUnregisteredTppIsNotFound() {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Theta", Role.PSP_AI);
        assertError(signed(tpp, "GET", BG_TPP, null), 404, "NotFound", tpp.tppId());
    }

    @Test
    void aBodyThatIsNotJsonIsFormatError() {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Iota", Role.PSP_AI);
        signed(tpp, "POST", BG_REGISTER, "{not json").then().statusCode(400).body("error_text", equalTo("FormatError"));
    }

    /** Read by xs2a-platform's StrictJson policy, as every other body of the gateway: nothing is converted. */
    @Test
    void aValueOfTheWrongTypeOrAKeyGivenTwiceIsFormatErrorNamingTheField() {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Kappa", Role.PSP_AI);
        assertError(signed(tpp, "POST", BG_CERTIFICATES, "{\"certificate\": {\"name\": 1e999, \"type\": \"qseal\"}}"),
                400, "FormatError", "certificate.name");
        assertError(signed(tpp, "POST", BG_CERTIFICATES, "{\"certificate\": {\"name\": true, \"type\": \"qseal\"}}"),
                400, "FormatError", "certificate.name");
        assertError(signed(tpp, "POST", BG_REGISTER, "{\"company\": {\"name\": 5, \"email\": \"a@b.example\"}}"),
                400, "FormatError", "company.name");
        assertError(signed(tpp, "POST", BG_CERTIFICATES,
                "{\"certificate\": {\"name\": \"a\", \"name\": \"b\", \"type\": \"qseal\"}}"), 400, "FormatError", "certificate");
        signed(tpp, "GET", BG_TPP, null).then().statusCode(404);
    }

    /** A registration body with the given fields (JSON-escaped by Jackson, so any text can be sent). */
    static String registration(java.util.Map<String, String> company, java.util.Map<String, String> representative,
                               java.util.Map<String, String> certificate) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(java.util.Map.of(
                "company", company, "representative", representative, "certificate", certificate));
    }

    static java.util.Map<String, String> company(String field, String value) {
        java.util.Map<String, String> company = new java.util.LinkedHashMap<>(java.util.Map.of(
                "name", "Lambda Payments GmbH", "email", "office@lambda.example", "address", "Hauptstr. 1",
                "phone_number", "+49 30 123456", "zip_code", "10115", "city", "Berlin"));
        company.put(field, value);
        return company;
    }

    static java.util.Map<String, String> representative(String field, String value) {
        java.util.Map<String, String> representative = new java.util.LinkedHashMap<>(java.util.Map.of(
                "name", "Erika Mustermann", "email", "erika@lambda.example"));
        representative.put(field, value);
        return representative;
    }

    static java.util.Map<String, String> certificate(String field, String value) {
        java.util.Map<String, String> certificate = new java.util.LinkedHashMap<>(java.util.Map.of(
                "name", "lambda-qseal", "type", "qseal"));
        certificate.put(field, value);
        return certificate;
    }

    /** An e-mail address of exactly the given length. */
    static String emailOfLength(int length) {
        String domain = "@lambda.example";
        return "x".repeat(length - domain.length()) + domain;
    }

    /**
     * Every stored text field one character over its column (V1__init.sql) is WrongRequiredFields naming the field and
     * its limit (the class of a bad e-mail or certificate.type), and nothing is stored: the TPP still reads as
     * NotFound and a correct registration afterwards succeeds. (It used to be AccessDenied "already registered" for
     * company.city/zip_code and a 500 for certificate.name.)
     */
    @Test
    void anOverLongFieldIsWrongRequiredFieldsNamingItsLimitAndNothingIsStored() throws Exception {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Lambda", Role.PSP_AI);
        java.util.Map<String, String> company = company("name", "Lambda Payments GmbH");
        java.util.Map<String, String> representative = representative("name", "Erika Mustermann");
        java.util.Map<String, String> certificate = certificate("name", "lambda-qseal");
        List<Object[]> cases = List.of(
                new Object[] {"company.city", 100, registration(company("city", "B".repeat(101)), representative, certificate)},
                new Object[] {"company.zip_code", 20, registration(company("zip_code", "1".repeat(21)), representative, certificate)},
                new Object[] {"company.name", 255, registration(company("name", "N".repeat(256)), representative, certificate)},
                new Object[] {"company.email", 254, registration(company("email", emailOfLength(255)), representative, certificate)},
                new Object[] {"company.address", 500, registration(company("address", "A".repeat(501)), representative, certificate)},
                new Object[] {"company.phone_number", 50, registration(company("phone_number", "1".repeat(51)), representative, certificate)},
                new Object[] {"representative.name", 255, registration(company, representative("name", "R".repeat(256)), certificate)},
                new Object[] {"representative.email", 254, registration(company, representative("email", emailOfLength(255)), certificate)},
                new Object[] {"certificate.name", 255, registration(company, representative, certificate("name", "C".repeat(256)))},
                new Object[] {"certificate.type", 20, registration(company, representative, certificate("type", "q".repeat(21)))});
        for (Object[] c : cases) {
            assertError(signed(tpp, "POST", BG_REGISTER, (String) c[2]), 401, "WrongRequiredFields",
                    c[0] + " must be at most " + c[1] + " characters");
        }
        assertError(signed(tpp, "GET", BG_TPP, null), 404, "NotFound", tpp.tppId());
        signed(tpp, "POST", BG_REGISTER, registration(company, representative, certificate)).then().statusCode(200)
                .body("company.city", equalTo("Berlin"));
    }

    /**
     * A value of exactly the column's size is stored whole. Lengths count characters (code points) as PostgreSQL's
     * varchar does: 100 characters outside the BMP (200 Java chars) are a valid city, 101 are not.
     */
    @Test
    void valuesOfExactlyTheColumnSizeAreStoredAndCharactersAreCountedAsPostgresqlCountsThem() throws Exception {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Mu", Role.PSP_AI);
        String emoji = new String(Character.toChars(0x1F3E6)); // 🏦, a surrogate pair in Java
        java.util.Map<String, String> company = new java.util.LinkedHashMap<>(java.util.Map.of(
                "name", "N".repeat(255), "email", emailOfLength(254), "address", "A".repeat(500),
                "phone_number", "1".repeat(50), "zip_code", "Z".repeat(20), "city", emoji.repeat(101)));
        java.util.Map<String, String> representative = java.util.Map.of("name", "R".repeat(255), "email", emailOfLength(254));
        java.util.Map<String, String> certificate = java.util.Map.of("name", "C".repeat(255), "type", "qseal");
        assertError(signed(tpp, "POST", BG_REGISTER, registration(company, representative, certificate)),
                401, "WrongRequiredFields", "company.city must be at most 100 characters");
        company.put("city", emoji.repeat(100));
        signed(tpp, "POST", BG_REGISTER, registration(company, representative, certificate)).then().statusCode(200);
        signed(tpp, "GET", BG_TPP, null).then().statusCode(200)
                .body("company.name", equalTo("N".repeat(255)))
                .body("company.email", equalTo(emailOfLength(254)))
                .body("company.address", equalTo("A".repeat(500)))
                .body("company.phone_number", equalTo("1".repeat(50)))
                .body("company.zip_code", equalTo("Z".repeat(20)))
                .body("company.city", equalTo(emoji.repeat(100)))
                .body("representative.name", equalTo("R".repeat(255)))
                .body("representative.email", equalTo(emailOfLength(254)))
                .body("certificates[0].name", equalTo("C".repeat(255)));
    }

    /** An over-long certificate.name on certificate add (it used to be a 500): WrongRequiredFields, nothing added. */
    @Test
    void anOverLongCertificateNameOnCertificateAddIsWrongRequiredFieldsAndNothingIsAdded() throws Exception {
        String orgId = Api.orgId();
        TestTpp ais = TestPki.shared().tpp(orgId, "Xi", Role.PSP_AI);
        signed(ais, "POST", BG_REGISTER, registration("office@xi.example", Api.email("xi"))).then().statusCode(200);
        TestTpp pis = TestPki.shared().tpp(orgId, "Xi", Role.PSP_PI);
        assertError(signed(pis, "POST", BG_CERTIFICATES, "{\"certificate\": {\"name\": \"" + "C".repeat(256)
                + "\", \"type\": \"qseal\"}}"), 401, "WrongRequiredFields", "certificate.name must be at most 255 characters");
        signed(ais, "GET", BG_TPP, null).then().statusCode(200).body("certificates", hasSize(1));
        signed(pis, "POST", BG_CERTIFICATES, "{\"certificate\": {\"name\": \"" + "C".repeat(255)
                + "\", \"type\": \"qseal\"}}").then().statusCode(200)
                .body("certificates", hasSize(2)).body("certificates[1].name", equalTo("C".repeat(255)));
    }

    /**
     * Several certificates of one organisation register at the same moment: one wins, the others are AccessDenied
     * "already registered" (the unique key of tpp decides when both passed the existence check), never a 500.
     */
    @Test
    void concurrentRegistrationsOfOneOrganisationGiveOneTppAndAlreadyRegisteredForTheOthers() throws Exception {
        String orgId = Api.orgId();
        int n = 6;
        List<TestTpp> certificates = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            certificates.add(TestPki.shared().tpp(orgId, "Omicron", Role.PSP_AI));
        }
        List<Callable<Response>> registrations = new ArrayList<>();
        for (TestTpp certificate : certificates) {
            registrations.add(() -> signed(certificate, "POST", BG_REGISTER,
                    registration("office@omicron.example", Api.email("omicron"))));
        }
        int registered = 0;
        for (Response response : Concurrently.run(registrations)) {
            if (response.statusCode() == 200) {
                registered++;
            } else {
                assertError(response, 401, "AccessDenied", "already registered");
            }
        }
        assertEquals(1, registered, "exactly one registration wins");
        signed(certificates.get(0), "GET", BG_TPP, null).then().statusCode(200).body("certificates", hasSize(1));
    }

    static List<String> parts(MimeMessage message) throws Exception {
        List<String> parts = new ArrayList<>();
        collect(message.getContent(), parts);
        return parts;
    }

    private static void collect(Object content, List<String> parts) throws Exception {
        if (content instanceof Multipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                BodyPart part = multipart.getBodyPart(i);
                collect(part.getContent(), parts);
            }
        } else if (content != null) {
            parts.add(content.toString());
        }
    }

    private static String subject(MimeMessage m) {
        try {
            return m.getSubject();
        } catch (Exception e) {
            return "";
        }
    }

    private static void waitForLetters(String recipient, int count) throws InterruptedException {
        for (int i = 0; i < 600 && TestSmtp.lettersTo(recipient).size() < count; i++) {
            Thread.sleep(100);
        }
    }
}
