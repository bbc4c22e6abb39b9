package eu.xs2a.tpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.tpp.state.OpenBankingClient;
import eu.xs2a.tpp.state.TppHome;
import eu.xs2a.tpp.support.Cli;
import eu.xs2a.tpp.support.Cli.Run;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code bin/tpp ob} says before it sends anything: no certificate, no client, a client of another organisation,
 * an unknown method. (The flows themselves run against the whole stack: e2e-tests' OpenBankingCliTest.)
 */
class ObCommandsTest {

    private static final TestPki PKI = TestPki.create("Ob Commands CA");
    private static final TestTpp TPP = PKI.tpp("PSDXX-SANDBOX-717171", "Ob TPP", Role.PSP_AI);

    @TempDir
    Path home;

    /** Nothing listens here: a command that reached the network would fail with "cannot connect". */
    private Cli cli() {
        return new Cli(home, "http://127.0.0.1:9");
    }

    @Test
    void obAloneNamesItsCommands() {
        Run run = cli().run("ob");
        assertEquals(2, run.exitCode(), run.toString());
        assertTrue(run.err().contains("register, certificate or token"), run.toString());
    }

    @Test
    void aTokenNeedsARegisteredClient() {
        Run run = cli().run("ob", "token");
        assertEquals(3, run.exitCode(), run.toString());
        assertTrue(run.err().contains("bin/tpp ob register"), run.toString());
    }

    @Test
    void withoutACertificateBothCommandsSayHowToGetOne() {
        for (String command : List.of("register", "certificate")) {
            Run run = cli().run("ob", command);
            assertEquals(3, run.exitCode(), run.toString());
            assertTrue(run.err().contains(TppHome.CERT_HINT), run.toString());
        }
    }

    @Test
    void anUnknownAuthenticationMethodIsAUsageError() {
        Run run = cli().run("ob", "register", "--auth", "client_secret_post");
        assertEquals(2, run.exitCode(), run.toString());
        assertTrue(run.err().contains("client_secret_basic") && run.err().contains("private_key_jwt"), run.toString());
    }

    @Test
    void certificateWithoutAClientSaysToRegisterFirst() throws Exception {
        storeCertificate();
        Run run = cli().run("ob", "certificate");
        assertEquals(3, run.exitCode(), run.toString());
        assertTrue(run.err().contains("no open-banking client yet") && run.err().contains("bin/tpp ob register"),
                run.toString());
    }

    @Test
    void aClientOfAnotherOrganisationIsNotUsed() throws Exception {
        storeCertificate();
        new TppHome(home).storeClient(new OpenBankingClient("client-9", Optional.of("secret"),
                OpenBankingClient.CLIENT_SECRET_BASIC, "software-9", "PSDXX-SANDBOX-999999"));
        Run run = cli().run("ob", "certificate");
        assertEquals(3, run.exitCode(), run.toString());
        assertTrue(run.err().contains("belongs to PSDXX-SANDBOX-999999") && !run.err().contains("cannot connect"),
                run.toString());

        Run shown = cli().run("show");
        assertTrue(shown.out().contains("ob client       client-9 (client_secret_basic, PSDXX-SANDBOX-999999)"),
                shown.toString());
    }

    private void storeCertificate() throws Exception {
        StringWriter key = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(key)) {
            writer.writeObject(TPP.privateKey());
        }
        new TppHome(home).storeCertificate(TPP.certificatePem(), key.toString(), null, TPP.tppId(), "Ob TPP",
                List.of("PSP_AI"));
    }
}
