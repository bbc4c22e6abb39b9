package eu.xs2a.tpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.tpp.support.AgainstStandInGateway;
import eu.xs2a.tpp.support.Cli.Run;
import eu.xs2a.tpp.support.StandInGateway;
import eu.xs2a.tpp.support.StandInGateway.Answer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/tpp sca --embedded} and {@code --decoupled} over real HTTP against a stand-in gateway that checks every
 * request's signature: the signed PUTs of an embedded authorisation in order (a payment's, a signing basket's), the
 * saved authorisation as default, and the polling of a decoupled one.
 */
class ApiScaCommandTest extends AgainstStandInGateway {

    private static final String PAYMENTS = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers";
    private static final String AUTHORISATION = PAYMENTS + "/14/authorisations/a-1";

    @BeforeEach
    void certify() {
        assertEquals(0, cli.run("cert", "--roles", "PSP_PI", "--org", "Example PISP").exitCode());
    }

    @Test
    void embeddedSendsPasswordMethodAndCodeToTheSavedAuthorisation() {
        gateway.route(PAYMENTS, request -> {
            if (request.method().equals("POST")) {
                return Answer.json(201, "{\"transactionStatus\":\"RCVD\",\"paymentId\":\"14\",\"_links\":{"
                        + "\"updatePsuAuthentication\":{\"href\":\"" + AUTHORISATION + "\"},"
                        + "\"scaStatus\":{\"href\":\"" + AUTHORISATION + "\"}}}");
            }
            String body = request.bodyText();
            if (body.contains("psuData")) {
                return Answer.json(200, "{\"scaStatus\":\"psuAuthenticated\",\"scaMethods\":[{\"authenticationType\":"
                        + "\"SMS_OTP\",\"authenticationMethodId\":\"sms\"},{\"authenticationType\":\"CHIP_OTP\","
                        + "\"authenticationMethodId\":\"chip\"}]}");
            }
            if (body.contains("authenticationMethodId")) {
                return Answer.json(200, "{\"scaStatus\":\"scaMethodSelected\"}");
            }
            return Answer.json(200, "{\"scaStatus\":\"finalised\"}");
        });
        Run created = cli.run("call", "POST", PAYMENTS, "--data", "{}", "--header", "TPP-Redirect-Preferred:false",
                "--psu-ip", "10.1.2.3");
        assertEquals(0, created.exitCode(), created.toString());

        Run walked = cli.run("sca", "--embedded", "--as", "psu1", "--method", "chip");
        assertEquals(0, walked.exitCode(), walked.toString());
        List<StandInGateway.Received> puts = gateway.received().stream().filter(r -> r.method().equals("PUT")).toList();
        assertEquals(3, puts.size(), puts.toString());
        puts.forEach(put -> {
            assertEquals(AUTHORISATION, put.target());
            assertNotNull(put.verified(), "signed and verified");
        });
        assertEquals("psu1", puts.get(0).header("PSU-ID"));
        assertEquals("{\"psuData\":{\"password\":\"sandbox\"}}", puts.get(0).bodyText());
        assertEquals("{\"authenticationMethodId\":\"chip\"}", puts.get(1).bodyText());
        assertEquals("{\"scaAuthenticationData\":\"123456\"}", puts.get(2).bodyText());
        assertTrue(walked.out().contains("Done: the authorisation is finalised."), walked.out());
        puts.forEach(put -> assertEquals(null, put.header("PSU-IP-Address"), "none without --psu-ip"));

        Run located = cli.run("sca", "--embedded", "--as", "psu1", "--method", "chip", "--psu-ip", "198.51.100.7");
        assertEquals(0, located.exitCode(), located.toString());
        List<StandInGateway.Received> again = gateway.received().stream().filter(r -> r.method().equals("PUT"))
                .skip(3).toList();
        assertEquals(3, again.size(), again.toString());
        again.forEach(put -> {
            assertEquals("198.51.100.7", put.header("PSU-IP-Address"), "on every step");
            assertNotNull(put.verified(), "signed and verified");
        });
        assertEquals("psu1", again.get(0).header("PSU-ID"));
    }

    @Test
    void anEmbeddedBasketIsWalkedAsAnyAuthorisation() {
        String baskets = "/sandbox/api/berlingroup/v1/signing-baskets";
        String authorisation = baskets + "/b-1/authorisations/a-2";
        gateway.route(baskets, request -> request.method().equals("POST")
                ? Answer.json(201, "{\"transactionStatus\":\"RCVD\",\"basketId\":\"b-1\",\"_links\":{"
                        + "\"scaStatus\":{\"href\":\"" + authorisation + "\"}}}")
                : Answer.json(200, request.bodyText().contains("psuData") ? "{\"scaStatus\":\"scaMethodSelected\"}"
                        : "{\"scaStatus\":\"finalised\"}"));
        Run created = cli.run("basket", "create", "--payment", "14", "--no-redirect", "--psu-id", "psu1",
                "--notification-uri", "https://tpp.example/n", "--notification-content", "status=LAST");
        assertEquals(0, created.exitCode(), created.toString());
        StandInGateway.Received post = gateway.received().get(gateway.received().size() - 1);
        assertNotNull(post.verified(), "signed and verified");
        assertEquals("false", post.header("TPP-Redirect-Preferred"));
        assertEquals("psu1", post.header("PSU-ID"));
        assertEquals("https://tpp.example/n", post.header("TPP-Notification-URI"));
        assertEquals("status=LAST", post.header("TPP-Notification-Content-Preferred"));

        Run walked = cli.run("sca", "--embedded", "--as", "psu1");
        assertEquals(0, walked.exitCode(), walked.toString());
        List<StandInGateway.Received> puts = gateway.received().stream().filter(r -> r.method().equals("PUT")).toList();
        assertEquals(2, puts.size(), puts.toString());
        puts.forEach(put -> assertEquals(authorisation, put.target()));
        assertTrue(walked.out().contains("Done: the authorisation is finalised."), walked.out());
    }

    @Test
    void aRefusedStepStopsTheWalkWithExitOne() {
        gateway.route(AUTHORISATION, request -> Answer.json(401, "{\"tppMessages\":[{\"category\":\"ERROR\","
                + "\"code\":\"PSU_CREDENTIALS_INVALID\"}]}"));
        Run walked = cli.run("sca", "--embedded", "--as", "psu1", "--password", "wrong", AUTHORISATION);
        assertEquals(1, walked.exitCode(), walked.toString());
        assertEquals(1, gateway.received().stream().filter(r -> r.method().equals("PUT")).count());
        assertTrue(walked.out().contains("PSU_CREDENTIALS_INVALID"), walked.out());
        assertTrue(walked.out().contains("Stopped"), walked.out());
    }

    @Test
    void decoupledPollsUntilTheAppAnswered() {
        AtomicInteger reads = new AtomicInteger();
        gateway.route(AUTHORISATION, request -> Answer.json(200, reads.incrementAndGet() < 3
                ? "{\"scaStatus\":\"scaMethodSelected\"}" : "{\"scaStatus\":\"finalised\"}"));
        Run waited = cli.run("sca", "--decoupled", AUTHORISATION);
        assertEquals(0, waited.exitCode(), waited.toString());
        assertEquals(3, reads.get());
        assertTrue(waited.out().contains("Done: the authorisation is finalised."), waited.out());
    }

    @Test
    void embeddedNeedsThePsu() {
        Run run = cli.run("sca", "--embedded", AUTHORISATION);
        assertEquals(2, run.exitCode(), run.toString());
        assertTrue(run.err().contains("--as"), run.err());
    }
}
