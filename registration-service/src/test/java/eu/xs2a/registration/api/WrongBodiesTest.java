package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_CERTIFICATES;
import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.signed;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.registration.support.Api;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.BodyMutations;
import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.PublicJsonWebKey;
import org.junit.jupiter.api.Test;

/**
 * The registration bodies as a careless or hostile client writes them (xs2a-test-support's BodyMutations, as the
 * e2e journeys send the other resources' bodies): every field of each wrong type, out of range or left out, an
 * unknown field, bodies that are no JSON object. Each answer is the operation's or the standard error body, never a
 * 5xx, and a value of another JSON type is refused. All findings are listed at once.
 */
@QuarkusTest
class WrongBodiesTest {

    @Test
    void everyWrongRegistrationGetsAnAnswerOrTheStandardError() {
        // a TPP of its own for each body (an EC seal: quick to make), so that an accepted one does not make the
        // next one's answer "already registered"
        List<String> findings = sent("POST " + BG_REGISTER, BerlinGroupRegistrationTest.registration(
                "office@mu.example", "erika@mu.example"), body -> signed(newTpp(), "POST", BG_REGISTER, body));
        assertEquals(List.of(), findings);
    }

    @Test
    void everyWrongCertificateAdditionGetsAnAnswerOrTheStandardError() {
        TestTpp tpp = newTpp();
        signed(tpp, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration("office@nu.example",
                "erika@nu.example")).then().statusCode(200);
        List<String> findings = sent("POST " + BG_CERTIFICATES, """
                {"certificate": {"name": "nu-qseal-2027", "type": "qseal"}}""",
                body -> signed(tpp, "POST", BG_CERTIFICATES, body));
        assertEquals(List.of(), findings);
    }

    @Test
    void everyWrongSoftwareStatementRequestGetsAnAnswerOrTheStandardError() throws Exception {
        PublicJsonWebKey key = PublicJsonWebKey.Factory.newPublicJwk(TestKeys.ec().getPublic());
        key.setKeyId("app-key-1");
        TestTpp organisation = newTpp(); // software_jwks is issued only on a request signed by a seal of org_id
        List<String> findings = sent("POST " + SandboxSelfServiceTest.STATEMENTS, """
                {"software_id": "app-1", "software_client_name": "My Sandbox App", "org_id": "%s",
                 "org_name": "Sandbox Dev Ltd", "software_redirect_uris": ["https://dev.example/cb"],
                 "software_roles": ["AISP", "PISP"], "contact_email": "dev@dev.example",
                 "software_jwks": {"keys": [%s]}}"""
                .formatted(organisation.tppId(), key.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)),
                body -> Api.signed(organisation, "POST", SandboxSelfServiceTest.STATEMENTS, body));
        assertEquals(List.of(), findings);
    }

    private static TestTpp newTpp() {
        return TestPki.shared().tppBuilder().organizationIdentifier(Api.orgId()).roles(Role.PSP_AI).ec().build();
    }

    private static List<String> sent(String request, String valid, Function<String, Response> send) {
        List<String> findings = new ArrayList<>();
        for (BodyMutations.Mutation mutation : BodyMutations.of(valid)) {
            String problem = BodyMutations.problem(send.apply(mutation.body()), mutation.refused());
            if (problem != null) {
                findings.add(request + " " + mutation.label() + ": " + problem);
            }
        }
        return findings;
    }
}
