package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_CERTIFICATES;
import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.OB_CERTIFICATES;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.signed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Concurrently;
import eu.xs2a.registration.support.OpenBankingClient;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * The same certificate added by simultaneous requests: several pass the "already present?" check together and insert
 * it, and the unique key tpp_certificate_unique (V1__init.sql) refuses all but the first. The others must get what a
 * sequential duplicate add gets (200 and the record as stored), never a 500, and the certificate is stored and
 * announced once.
 */
@QuarkusTest
class ConcurrentCertificateAddTest {

    /** Enough simultaneous requests that several of them pass the existence check before the first commits. */
    private static final int REQUESTS = 8;

    /**
     * Each scenario is played this many times, each time with a fresh organisation: one round does not always hit the
     * race (before the fix a round failed about three times out of four), several almost surely do.
     */
    private static final int ROUNDS = 3;

    /** The subject of the letter of one certificate addition (Letters.certificateAdded). */
    private static final String ADDED_SUBJECT = "A certificate was added to your TPP registration";

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String BG_ADD_BODY = "{\"certificate\": {\"name\": \"race-pis\", \"type\": \"qseal\"}}";

    @Test
    void simultaneousBerlinGroupAddsOfOneCertificateStoreItOnceAndAllGetTheDuplicateAnswer() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            berlinGroupAddsAtOnce();
        }
    }

    @Test
    void simultaneousOpenBankingAddsOfOneCertificateStoreItOnceAndAllGetTheDuplicateAnswer() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            openBankingAddsAtOnce();
        }
    }

    /**
     * The sibling race: a Berlin Group registration stores its signing certificate too, so it races an open-banking
     * add of that certificate by a client of the same organisation. Each gets its sequential answer: one registration
     * succeeds, the other registrations are "already registered", every add gets what a later duplicate add gets, the
     * certificate is stored once.
     */
    @Test
    void aRegistrationAndOpenBankingAddsOfItsCertificateAtOnceStoreItOnceAndNeverFail() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            registrationAndOpenBankingAddsAtOnce();
        }
    }

    private static void berlinGroupAddsAtOnce() throws Exception {
        String orgId = Api.orgId();
        String representative = Api.email("race");
        TestTpp ais = TestPki.shared().tpp(orgId, "Race", Role.PSP_AI);
        signed(ais, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration("office@race.example", representative))
                .then().statusCode(200);
        TestTpp pis = TestPki.shared().tpp(orgId, "Race", Role.PSP_PI);

        List<Callable<Response>> adds = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            adds.add(() -> signed(pis, "POST", BG_CERTIFICATES, BG_ADD_BODY)); // each its own X-Request-ID
        }
        List<Response> answers = Concurrently.run(adds);
        // what a sequential duplicate add answers, once the certificate is surely there
        String duplicate = signed(pis, "POST", BG_CERTIFICATES, BG_ADD_BODY).then().statusCode(200)
                .extract().asString();

        assertEveryAnswerIs(duplicate, answers);
        assertEquals(2, certificatesOf(orgId), "the registration's certificate and the added one, stored once");
        assertEquals(1, lettersTo(representative, ADDED_SUBJECT), "exactly one request added the certificate");
    }

    private static void openBankingAddsAtOnce() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestTpp pis = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_PI);
        String body = openBankingBody(pis, "race-ob-pis");

        List<Callable<Response>> adds = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            adds.add(() -> openBankingAdd(client, body));
        }
        List<Response> answers = Concurrently.run(adds);
        String duplicate = openBankingAdd(client, body).then().statusCode(200).extract().asString();

        assertEveryAnswerIs(duplicate, answers);
        assertEquals(1, certificatesOf(client.orgId()), "stored once");
        assertEquals(1, lettersTo(client.contact(), ADDED_SUBJECT), "exactly one request added the certificate");
    }

    private static void registrationAndOpenBankingAddsAtOnce() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestTpp qseal = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
        String registration = BerlinGroupRegistrationTest.registration("office@race.example", Api.email("race"));
        String add = openBankingBody(qseal, "race-ob-ais");

        List<Callable<Response>> requests = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            requests.add(i % 2 == 0 ? () -> signed(qseal, "POST", BG_REGISTER, registration)
                    : () -> openBankingAdd(client, add));
        }
        List<Response> answers = Concurrently.run(requests);
        String duplicate = openBankingAdd(client, add).then().statusCode(200).extract().asString();

        int registered = 0;
        List<Response> adds = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            Response answer = answers.get(i);
            if (i % 2 == 1) {
                adds.add(answer);
            } else if (answer.statusCode() == 200) {
                registered++;
                answer.then().body("certificates", hasSize(1));
            } else {
                assertError(answer, 401, "AccessDenied", "already registered");
            }
        }
        assertEquals(1, registered, "exactly one registration wins");
        assertEveryAnswerIs(duplicate, adds);
        assertEquals(1, certificatesOf(client.orgId()), "stored once");
    }

    private static void assertEveryAnswerIs(String duplicate, List<Response> answers) {
        for (Response answer : answers) {
            assertEquals(200, answer.statusCode(), answer.asString());
            assertEquals(duplicate, answer.asString(), "the answer of a sequential duplicate add");
        }
    }

    private static String openBankingBody(TestTpp certificate, String name) throws Exception {
        return JSON.writeValueAsString(Map.of("data", Map.of("certificate",
                Map.of("pem", certificate.certificatePem(), "name", name, "type", "qseal"))));
    }

    private static Response openBankingAdd(OpenBankingClient client, String body) {
        return given().header("Authorization", client.basic()).contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8)).post(OB_CERTIFICATES);
    }

    private static long certificatesOf(String orgId) {
        return QuarkusTransaction.requiringNew().call(() -> TppCertificate.count("tppId", orgId));
    }

    private static long lettersTo(String recipient, String subject) {
        return QuarkusTransaction.requiringNew().call(
                () -> Letter.count("recipient = ?1 and subject = ?2", recipient, subject));
    }
}
