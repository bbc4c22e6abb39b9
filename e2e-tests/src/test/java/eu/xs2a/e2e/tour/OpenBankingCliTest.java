package eu.xs2a.e2e.tour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Repository;
import eu.xs2a.e2e.support.Stack;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code bin/tpp ob} against the whole stack, as a TPP developer runs it: a sandbox certificate, an open-banking client
 * registered with a statement from the sandbox directory, and a renewed certificate added as that client, with each
 * of the two client authentication methods; and what the developer sees when the gateway refuses.
 */
@ResourceLock(Lanes.SHARED_STACK)
class OpenBankingCliTest {

    private final Path root = Repository.root();
    private final Stack stack = Stack.get();

    @Test
    void aSecretClientIsRegisteredRecoveredWithANewSecretAndAddsARenewedCertificate() throws Exception {
        Path home = Files.createTempDirectory("tpp-ob-basic");
        ok(tpp(home, "cert", "--roles", "PSP_AI,PSP_PI", "--org", "OB Basic TPP"));

        Run registered = ok(tpp(home, "ob", "register"));
        assertTrue(registered.out().contains("HTTP 200"), registered.toString());
        Properties first = client(home);
        assertEquals("client_secret_basic", first.getProperty("token_endpoint_auth_method"));
        assertTrue(registered.out().contains(first.getProperty("client_secret")), "the secret is shown once");
        assertTrue(registered.out().contains("\"accounts\"") || registered.out().contains("accounts payments"),
                "scopes of PSP_AI and PSP_PI: " + registered.out());

        // the same software again: the same client, a new secret (how a lost answer is recovered)
        ok(tpp(home, "ob", "register"));
        Properties second = client(home);
        assertEquals(first.getProperty("client_id"), second.getProperty("client_id"));
        assertEquals(first.getProperty("software_id"), second.getProperty("software_id"));
        assertNotEquals(first.getProperty("client_secret"), second.getProperty("client_secret"));

        // a renewed certificate of the same organisation, added as the client
        ok(tpp(home, "cert", "--roles", "PSP_AI", "--org", "OB Basic TPP"));
        Run added = ok(tpp(home, "ob", "certificate"));
        assertTrue(added.out().contains("HTTP 200") && added.out().contains("valid"), added.toString());

        // an access token of the client from the sandbox provider's OAuth server, saved for later calls
        Run token = ok(tpp(home, "ob", "token", "--scope", "accounts"));
        assertTrue(token.out().contains("HTTP 200") && token.out().contains("\"token_type\": \"Bearer\""),
                token.toString());
        assertTrue(token.err().contains("Saved {access_token}"), token.toString());

        // the first secret stopped working when the second registration rotated it
        Properties stale = client(home);
        stale.setProperty("client_secret", first.getProperty("client_secret"));
        try (var out = Files.newBufferedWriter(home.resolve("ob-client.properties"))) {
            stale.store(out, null);
        }
        Run refused = tpp(home, "ob", "certificate");
        assertEquals(1, refused.exit(), refused.toString());
        assertTrue(refused.out().contains("HTTP 401") && refused.out().contains("AccessDenied")
                && refused.out().contains("TOKEN_INVALID"), refused.toString());

        // registering the known software again never changes its client; new software is another client
        Run unchanged = ok(tpp(home, "ob", "register", "--auth", "private_key_jwt"));
        assertTrue(unchanged.err().contains("--new-software"), unchanged.toString());
        assertEquals(first.getProperty("client_id"), client(home).getProperty("client_id"));
        assertEquals("client_secret_basic", client(home).getProperty("token_endpoint_auth_method"));
        ok(tpp(home, "ob", "register", "--auth", "private_key_jwt", "--new-software"));
        assertNotEquals(first.getProperty("client_id"), client(home).getProperty("client_id"));
        assertEquals("private_key_jwt", client(home).getProperty("token_endpoint_auth_method"));
    }

    @Test
    void aPrivateKeyJwtClientAddsItsCertificateWithAnAssertionForThisEndpointOnly() throws Exception {
        Path home = Files.createTempDirectory("tpp-ob-jwt");
        ok(tpp(home, "cert", "--roles", "PSP_AI", "--org", "OB JWT TPP"));
        Run registered = ok(tpp(home, "ob", "register", "--auth", "private_key_jwt",
                "--redirect-uri", "https://tpp.example/ob-callback"));
        Properties client = client(home);
        assertEquals("private_key_jwt", client.getProperty("token_endpoint_auth_method"));
        assertFalse(client.containsKey("client_secret"), "a private_key_jwt client has no secret");
        assertTrue(registered.out().contains("https://tpp.example/ob-callback"), registered.toString());

        Run added = ok(tpp(home, "ob", "certificate"));
        assertTrue(added.out().contains("valid"), added.toString());
        // a token with an assertion for the token endpoint, a new one each time
        ok(tpp(home, "ob", "token"));
        ok(tpp(home, "ob", "token"));

        Run elsewhere = tpp(home, "ob", "certificate", "--audience", "https://elsewhere.example/certificates");
        assertEquals(1, elsewhere.exit(), elsewhere.toString());
        assertTrue(elsewhere.out().contains("HTTP 401") && elsewhere.out().contains("AccessDenied")
                && elsewhere.out().contains("TOKEN_INVALID"), elsewhere.toString());
    }

    @Test
    void aRegistrationForAnotherAspspIsRefusedAndNoClientIsKept() throws Exception {
        Path home = Files.createTempDirectory("tpp-ob-refused");
        ok(tpp(home, "cert", "--roles", "PSP_AI", "--org", "OB Refused TPP"));
        Run refused = tpp(home, "ob", "register", "--aspsp-id", "another-aspsp");
        assertEquals(1, refused.exit(), refused.toString());
        assertTrue(refused.out().contains("HTTP 406") && refused.out().contains("aud"), refused.toString());
        assertFalse(Files.exists(home.resolve("ob-client.properties")));

        Run noClient = tpp(home, "ob", "certificate");
        assertEquals(3, noClient.exit(), noClient.toString());
        assertTrue(noClient.err().contains("bin/tpp ob register"), noClient.toString());
    }

    @Test
    void theCodeFlowAsPsu1AuthorisesAConsentAtSandboxOauthAndItsAccountsAreReadWithTheToken() throws Exception {
        Path home = Files.createTempDirectory("tpp-ob-code");
        ok(tpp(home, "cert", "--roles", "PSP_AI,PSP_PI", "--org", "OB Code TPP"));
        ok(tpp(home, "ob", "register"));

        // the plain code flow: psu1 allows "accounts" on the bank's page, played over HTTP
        Run code = ok(tpp(home, "ob", "token", "--as", "psu1", "--scope", "accounts"));
        assertTrue(code.out().contains("HTTP 200") && code.out().contains("access_token"), code.toString());
        Run denied = tpp(home, "ob", "token", "--as", "psu1", "--deny", "--scope", "accounts");
        assertEquals(1, denied.exit(), denied.toString());
        assertTrue(denied.out().contains("access_denied"), denied.toString());

        // the OAuth SCA approach: the consent's id as the scope, then the token with every account read
        Run consent = ok(tpp(home, "call", "POST", "/sandbox-oauth/api/berlingroup/v1/consents", "--body",
                "tpp-cli/examples/ais-consent.json", "--header", "TPP-Redirect-Preferred:true", "--header",
                "TPP-Redirect-URI:https://tpp.example/cb", "--save", "consentId=.consentId"));
        assertTrue(consent.out().contains("scaOAuth"), consent.toString());
        ok(tpp(home, "ob", "token", "--provider", "sandbox-oauth", "--as", "psu1", "--scope", "AIS:{consentId}"));
        Run accounts = ok(tpp(home, "call", "GET", "/sandbox-oauth/api/berlingroup/v1/accounts", "--header",
                "Consent-ID:{consentId}", "--header", "Authorization:Bearer {access_token}"));
        assertTrue(accounts.out().contains("HTTP 200") && accounts.out().contains("iban"), accounts.toString());
        Run without = tpp(home, "call", "GET", "/sandbox-oauth/api/berlingroup/v1/accounts", "--header",
                "Consent-ID:{consentId}");
        assertTrue(without.out().contains("HTTP 401") && without.out().contains("TOKEN_INVALID"), without.toString());
    }

    private record Run(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private static Run ok(Run run) {
        assertEquals(0, run.exit(), run.toString());
        return run;
    }

    /** bin/tpp as a developer runs it, from the repository's root, with its own state folder. */
    private Run tpp(Path home, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(root.resolve("bin/tpp").toString());
        builder.command().addAll(List.of(args));
        builder.directory(root.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("XS2A_TPP_HOME", home.toString());
        builder.environment().put("XS2A_BASE_URL", stack.baseUrl());
        builder.environment().put("NO_COLOR", "1");
        int exit = builder.start().waitFor();
        return new Run(exit, Files.readString(out), Files.readString(err));
    }

    private static Properties client(Path home) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(home.resolve("ob-client.properties"))) {
            properties.load(reader);
        }
        return properties;
    }
}
