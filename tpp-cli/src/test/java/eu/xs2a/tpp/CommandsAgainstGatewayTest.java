package eu.xs2a.tpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.TppHome;
import eu.xs2a.tpp.support.AgainstStandInGateway;
import eu.xs2a.tpp.support.Cli.Run;
import eu.xs2a.tpp.support.StandInGateway;
import eu.xs2a.tpp.support.StandInGateway.Answer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.Signature;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The commands end to end over real HTTP against a stand-in gateway that issues sandbox certificates from a test CA
 * and checks every other request with xs2a-security's verifier.
 */
class CommandsAgainstGatewayTest extends AgainstStandInGateway {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONSENTS = "/sandbox/api/berlingroup/v1/consents";

    /** Example TPP, an AISP, gets its certificate from the sandbox; the credentials the CLI stored for it. */
    private Credentials certifiedAisp() throws Exception {
        assertEquals(0, cli.run("cert", "--roles", "PSP_AI", "--org", "Example TPP").exitCode());
        return new TppHome(home).requireCredentials();
    }

    @Test
    void certAsksTheSandboxAndStoresCertificateAndKeyOutsideTheRepository() throws Exception {
        Run run = cli.run("cert", "--roles", "PSP_AI,psp_pi", "--org", "Example TPP");
        assertEquals(0, run.exitCode(), run.toString());

        JsonNode asked = JSON.readTree(gateway.last().body());
        assertEquals("POST", gateway.last().method());
        assertEquals("/api/sandbox/v1/certificates", gateway.last().target());
        assertEquals("Example TPP", asked.get("organisationName").asText());
        assertFalse(asked.has("organizationIdentifier"), "a new organisation is minted by the sandbox: " + asked);
        assertEquals("[\"PSP_AI\",\"PSP_PI\"]", asked.get("roles").toString());
        assertNull(gateway.last().header("Signature"), "a new organisation's request is not signed");
        // the key is made here and only its certificate request is sent
        assertTrue(asked.get("csr").asText().contains("BEGIN CERTIFICATE REQUEST"), asked.toString());
        assertFalse(gateway.last().bodyText().contains("PRIVATE KEY"), asked.toString());

        assertTrue(run.out().contains("Sandbox QSEAL issued and stored in " + home), run.out());
        assertTrue(run.out().contains("PSP_AI, PSP_PI") && run.out().contains("bin/tpp register"), run.out());
        TppHome state = new TppHome(home);
        assertTrue(Files.readString(state.certificateFile()).startsWith("-----BEGIN CERTIFICATE-----"));
        assertTrue(Files.exists(state.caFile()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state.keyFile())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(home)));
        var credentials = state.credentials().orElseThrow();
        assertTrue(credentials.organizationIdentifier().matches("PSDXX-SANDBOX-\\d{12}"), credentials.toString());
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(credentials.privateKey());
        signature.update(home.toString().getBytes(StandardCharsets.UTF_8));
        byte[] signed = signature.sign();
        signature.initVerify(credentials.certificate());
        signature.update(home.toString().getBytes(StandardCharsets.UTF_8));
        assertTrue(signature.verify(signed), "the stored key is not the certified one");
        assertEquals("Example TPP", credentials.organisationName());

        Run show = cli.run("show");
        assertEquals(0, show.exitCode(), show.toString());
        assertTrue(show.out().contains("Example TPP (" + credentials.organizationIdentifier() + ")"), show.out());
        assertTrue(show.out().contains("saved values    none"), show.out());
    }

    @Test
    void aNewCertificateForTheSameOrganisationKeepsItsIdAnotherOrganisationGetsANewOne() throws Exception {
        assertEquals(0, cli.run("cert", "--roles", "PSP_AI", "--org", "Example TPP").exitCode());
        String first = new TppHome(home).requireCredentials().organizationIdentifier();
        String firstSerial = new TppHome(home).requireCredentials().certificate().getSerialNumber().toString();

        Run renewed = cli.run("cert", "--roles", "PSP_AI,PSP_PI", "--org", "Example TPP");
        assertEquals(0, renewed.exitCode(), renewed.toString());
        assertTrue(renewed.err().contains("Keeping organizationIdentifier " + first), renewed.toString());
        // the renewal names the organisation, so it is signed with the current certificate of it
        assertEquals(first, JSON.readTree(gateway.last().body()).get("organizationIdentifier").asText());
        assertNotNull(gateway.last().header("Signature"), "a renewal is signed");
        var now = new TppHome(home).requireCredentials();
        assertEquals(first, now.organizationIdentifier());
        assertNotEquals(firstSerial, now.certificate().getSerialNumber().toString());

        assertEquals(0, cli.run("cert", "--roles", "PSP_AI", "--org", "Other TPP").exitCode());
        assertNotEquals(first, new TppHome(home).requireCredentials().organizationIdentifier());

        String other = new TppHome(home).requireCredentials().organizationIdentifier();

        // an organisation the current certificate is not of cannot be asked for: 403, nothing stored
        Run taken = cli.run("cert", "--roles", "PSP_IC", "--org", "Third", "--org-id", "PSDDE-BAFIN-123456");
        assertEquals(1, taken.exitCode(), taken.toString());
        assertTrue(taken.out().startsWith("HTTP 403"), taken.toString());
        assertTrue(taken.err().contains("only on a request signed with a current certificate of it"), taken.toString());
        assertEquals(other, new TppHome(home).requireCredentials().organizationIdentifier());
    }

    @Test
    void aCertificateForAnotherKeyThanTheOneSentIsNotStored() {
        gateway.certifyingOtherKeys();
        Run run = cli.run("cert", "--roles", "PSP_AI", "--org", "Example TPP");
        assertEquals(CliException.EXIT_FAILURE, run.exitCode(), run.toString());
        assertTrue(run.err().contains("the sandbox's certificate is not for the key this command made and sent;"
                + " nothing is stored"), run.toString());
        assertTrue(new TppHome(home).credentials().isEmpty());
    }

    @Test
    void certOnALiveDeploymentSaysThereIsNoSandbox() {
        gateway.live();
        Run run = cli.run("cert", "--roles", "PSP_AI", "--org", "Example TPP");
        assertEquals(1, run.exitCode(), run.toString());
        assertTrue(run.out().startsWith("HTTP 404"), run.toString());
        assertTrue(run.err().contains("only a sandbox deployment (psd2.environment=sandbox) issues test certificates"),
                run.toString());
        assertTrue(new TppHome(home).credentials().isEmpty());
    }

    @Test
    void callSignsSendsPrintsAndSavesValuesForLaterCommands() throws Exception {
        gateway.route(CONSENTS, request -> request.method().equals("POST")
                ? new Answer(201, Map.of("Content-Type", "application/json", "Location", CONSENTS + "/c-42",
                "ASPSP-SCA-Approach", "REDIRECT"),
                "{\"consentStatus\":\"received\",\"consentId\":\"c-42\",\"_links\":{\"scaRedirect\":{\"href\":"
                        + "\"http://localhost:8080" + CONSENTS + "/c-42/authorisations/a-1/sca-redirect/t0k\"}}}")
                : Answer.json(200, "{\"consentStatus\":\"valid\"}"));
        certifiedAisp();
        Path body = home.resolve("consent.json");
        String consent = "{\r\n  \"access\": {\"allPsd2\": \"allAccounts\"},\n  \"recurringIndicator\": true\n}\n";
        Files.writeString(body, consent);

        Run created = cli.run("call", "POST", CONSENTS, "--body", body.toString(),
                "--header", "TPP-Redirect-Preferred:true", "--header", "TPP-Redirect-URI:https://tpp.example/cb",
                "--psu-ip", "10.1.2.3", "--save", "consentId=.consentId");
        assertEquals(0, created.exitCode(), created.toString());

        StandInGateway.Received sent = gateway.last();
        assertNotNull(sent.verified(), "the stand-in's verifier accepted the request");
        assertEquals(new TppHome(home).requireCredentials().organizationIdentifier(), sent.verified().identity().tppId());
        assertEquals(consent, sent.bodyText(), "the body is sent byte for byte");
        assertEquals("application/json", sent.header("Content-Type"));
        assertEquals("10.1.2.3", sent.header("PSU-IP-Address"));
        assertTrue(sent.header("Signature").contains("tpp-redirect-uri"));

        assertTrue(created.out().startsWith("HTTP 201 Created\n"), created.out());
        assertTrue(created.out().toLowerCase().contains("location: " + CONSENTS + "/c-42"), created.out());
        assertTrue(created.out().contains("\n{\n  \"consentStatus\": \"received\",\n  \"consentId\": \"c-42\","),
                created.out());
        assertTrue(created.err().contains("Saved {consentId} = c-42"), created.err());
        assertTrue(created.err().contains("bin/tpp sca"), created.err());
        assertEquals("c-42", new TppHome(home).savedValues().get("consentId"));
        assertTrue(new TppHome(home).savedValues().get("scaRedirect").endsWith("/sca-redirect/t0k"));

        Run status = cli.run("call", "GET", CONSENTS + "/{consentId}/status", "--header", "Consent-ID:{consentId}");
        assertEquals(0, status.exitCode(), status.toString());
        assertEquals(CONSENTS + "/c-42/status", gateway.last().target());
        assertEquals("c-42", gateway.last().header("Consent-ID"));
        assertNull(gateway.last().header("Content-Type"), "no body, no Content-Type");

        Run quiet = cli.run("call", "GET", CONSENTS + "/{consentId}/status", "-q");
        assertEquals("{\n  \"consentStatus\": \"valid\"\n}\n", quiet.out());

        Run value = cli.run("show", "--value", "consentId");
        assertEquals("c-42\n", value.out());
        assertEquals(3, cli.run("show", "--value", "paymentId").exitCode());
    }

    /** {@code --form} sends a multipart/form-data body of its parts, signed over exactly the bytes sent. */
    @Test
    void aFormIsSentAsMultipartWithItsBoundary() throws Exception {
        String periodic = "/sandbox/api/berlingroup/v1/periodic-payments/pain.001-sepa-credit-transfers";
        gateway.route(periodic, request -> Answer.json(201, "{\"transactionStatus\":\"RCVD\",\"paymentId\":\"p-7\"}"));
        assertEquals(0, cli.run("cert", "--roles", "PSP_PI", "--org", "Example TPP").exitCode());
        Path document = home.resolve("payment.xml");
        Files.writeString(document, "<Document/>\n");

        Run sent = cli.run("call", "POST", periodic, "--form", "xml_sct=@" + document,
                "--form", "json_standingorderType={\"startDate\":\"2026-12-01\",\"frequency\":\"Monthly\"}",
                "--psu-ip", "10.1.2.3");
        assertEquals(0, sent.exitCode(), sent.toString());

        StandInGateway.Received received = gateway.last();
        assertNotNull(received.verified(), "the stand-in's verifier accepted the request (its Digest covers the form)");
        String type = received.header("Content-Type");
        assertTrue(type.matches("multipart/form-data; boundary=xs2a-form-[0-9a-f]{24}"), type);
        String boundary = type.substring(type.indexOf('=') + 1);
        assertEquals("--" + boundary + "\r\nContent-Disposition: form-data; name=\"xml_sct\"\r\n"
                + "Content-Type: application/xml\r\n\r\n<Document/>\n\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"json_standingorderType\"\r\n\r\n"
                + "{\"startDate\":\"2026-12-01\",\"frequency\":\"Monthly\"}\r\n"
                + "--" + boundary + "--\r\n", received.bodyText());
    }

    @Test
    void anErrorAnswerIsPrintedExitsOneAndSavesNothing() throws Exception {
        certifiedAisp();
        Run run = cli.run("call", "GET", "/sandbox/api/berlingroup/v1/unknown", "--save", "x=.y");
        assertEquals(1, run.exitCode(), run.toString());
        assertTrue(run.out().startsWith("HTTP 404 Not Found"), run.out());
        assertTrue(run.err().contains("Nothing saved"), run.err());
        assertTrue(new TppHome(home).savedValues().isEmpty());

        Run unsigned = cli.run("call", "GET", CONSENTS + "/x", "--no-sign");
        assertEquals(1, unsigned.exitCode());
        assertTrue(unsigned.out().startsWith("HTTP 401") && unsigned.out().contains("\"CERTIFICATE_MISSING\""),
                "an unsigned call is refused for its missing signature: " + unsigned.out());

        Run tampered = cli.run("call", "GET", CONSENTS + "/x",
                "--header", "Digest:SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", "--data", "x");
        assertEquals(1, tampered.exitCode());
        assertTrue(tampered.out().contains("SignatureInvalid"), tampered.out());
        // the sandbox's signature debugger, printed with the rest of the body: the Digest sent and the one of "x"
        JsonNode debug = JSON.readTree(tampered.out().substring(tampered.out().indexOf('{'))).path("signatureDebug");
        assertEquals("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", debug.path("digestReceived").asText());
        assertEquals("SHA-256=" + java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest
                .getInstance("SHA-256").digest(new byte[] {'x'})), debug.path("digestComputed").asText());
        assertTrue(debug.path("signingString").asText()
                .startsWith("digest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\nx-request-id: "), tampered.out());
    }

    /**
     * The ingress's answer when a payment-service died with the request (docs/ARCHITECTURE.md "Lost answers and safe
     * retries"): the CLI says in one line how to retry it safely; the retry sends the id it was given.
     */
    @Test
    void aLostAnswerToAChangeGetsTheHintToRetryWithTheSameRequestId() throws Exception {
        String payments = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers";
        gateway.route(payments, request -> new Answer(503, Map.of("Retry-After", "5", "Content-Type",
                "application/json"), "{\"error_text\":\"ServiceUnavailable\",\"error_code\":\"SERVICE_UNAVAILABLE\"}"));
        certifiedAisp();
        String requestId = "3f0c2a4e-9d1b-4c6f-8a57-2b1e0d9c7f31";

        Run lost = cli.run("call", "POST", payments, "--data", "{}", "--psu-ip", "192.0.2.1");
        assertEquals(1, lost.exitCode(), lost.toString());
        String sent = gateway.last().header("X-Request-ID");
        assertTrue(lost.err().contains("retry with --request-id " + sent + " and the same body"), lost.err());
        assertEquals(1, lost.err().lines().filter(line -> line.contains("--request-id")).count(), lost.err());

        Run retry = cli.run("call", "POST", payments, "--data", "{}", "--psu-ip", "192.0.2.1", "--request-id", requestId);
        assertEquals(requestId, gateway.last().header("X-Request-ID"));
        assertTrue(retry.err().contains("--request-id " + requestId), retry.err());

        Run read = cli.run("call", "GET", payments + "/p-1/status");
        assertEquals(1, read.exitCode());
        assertFalse(read.err().contains("--request-id"), "a read is simply retried later: " + read.err());

        gateway.route(payments + "/p-1", request -> new Answer(503, Map.of("Retry-After", "5"), ""));
        Run cancel = cli.run("call", "DELETE", payments + "/p-1");
        assertEquals(1, cancel.exitCode(), cancel.toString());
        assertTrue(cancel.err().contains("read the resource (its status or scaStatus) before sending it again, with a new"
                + " X-Request-ID"), "only a create is answered again for its id: " + cancel.err());
        assertFalse(cancel.err().contains("--request-id"), cancel.err());

        Run both = cli.run("call", "POST", payments, "--data", "{}", "--request-id", requestId,
                "--header", "X-Request-ID:" + requestId);
        assertEquals(2, both.exitCode(), both.toString());
    }

    @Test
    void aFieldToSaveThatIsNotInTheAnswerIsAnError() throws Exception {
        gateway.route(CONSENTS, request -> Answer.json(200, "{\"consentStatus\":\"valid\"}"));
        certifiedAisp();
        Run run = cli.run("call", "GET", CONSENTS + "/c-1", "--save", "consentId=.consentId");
        assertEquals(3, run.exitCode(), run.toString());
        assertTrue(run.out().contains("\"consentStatus\": \"valid\""), "the answer is shown all the same");
        assertTrue(run.err().contains("--save consentId=.consentId: the answer has no such field"), run.toString());
    }

    @Test
    void registerSendsTheBerlinGroupBodyWithDefaultsFromTheCertificate() throws Exception {
        gateway.route("/api/berlingroup/v1/tpp/register", request -> Answer.json(200, "{\"status\":\"ACTIVE\"}"));
        gateway.route("/api/berlingroup/v1/tpp", request -> Answer.json(404, "{\"error_text\":\"NotFound\"}"));
        Credentials credentials = certifiedAisp();

        Run run = cli.run("register");
        assertEquals(0, run.exitCode(), run.toString());
        StandInGateway.Received sent = gateway.last();
        assertEquals("POST", sent.method());
        assertEquals(credentials.organizationIdentifier(), sent.verified().identity().tppId());
        JsonNode body = JSON.readTree(sent.body());
        assertEquals("Example TPP", body.at("/company/name").asText());
        assertEquals(RegisterCommand.DEFAULT_EMAIL, body.at("/company/email").asText());
        assertEquals(RegisterCommand.DEFAULT_REPRESENTATIVE, body.at("/representative/name").asText());
        assertEquals(RegisterCommand.DEFAULT_EMAIL, body.at("/representative/email").asText());
        assertEquals("qseal", body.at("/certificate/type").asText());
        assertEquals("sandbox-qseal-" + credentials.certificate().getSerialNumber().toString(16).toUpperCase(),
                body.at("/certificate/name").asText());
        assertFalse(body.get("company").has("city"), "nothing invented for what was not given");

        Run given = cli.run("register", "--name", "Example TPP GmbH", "--email", "api@tpp.example", "--city", "Berlin",
                "--representative", "Erika Muster", "--representative-email", "erika@tpp.example",
                "--certificate-name", "main seal");
        assertEquals(0, given.exitCode(), given.toString());
        JsonNode second = JSON.readTree(gateway.last().body());
        assertEquals("Example TPP GmbH", second.at("/company/name").asText());
        assertEquals("api@tpp.example", second.at("/company/email").asText());
        assertEquals("Berlin", second.at("/company/city").asText());
        assertEquals("erika@tpp.example", second.at("/representative/email").asText());
        assertEquals("main seal", second.at("/certificate/name").asText());
        assertEquals(new String(gateway.last().body(), StandardCharsets.UTF_8), second.toString());
    }

    @Test
    void registerOfARegisteredOrganisationAddsTheCurrentCertificate() throws Exception {
        gateway.route("/api/berlingroup/v1/tpp/certificates", request -> Answer.json(200, "{\"status\":\"ACTIVE\"}"));
        gateway.route("/api/berlingroup/v1/tpp", request -> Answer.json(200, "{\"status\":\"ACTIVE\"}"));
        Credentials credentials = certifiedAisp();

        Run run = cli.run("register");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.err().contains("is registered already; adding the current certificate"), run.err());
        var requests = gateway.received();
        StandInGateway.Received probe = requests.get(requests.size() - 2);
        assertEquals("GET", probe.method());
        assertEquals("/api/berlingroup/v1/tpp", probe.target());
        StandInGateway.Received added = gateway.last();
        assertEquals("/api/berlingroup/v1/tpp/certificates", added.target());
        assertEquals(credentials.organizationIdentifier(), added.verified().identity().tppId());
        assertEquals("{\"certificate\":{\"name\":\"sandbox-qseal-"
                + credentials.certificate().getSerialNumber().toString(16).toUpperCase()
                + "\",\"type\":\"qseal\"}}", added.bodyText());
    }
}
