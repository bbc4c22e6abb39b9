package eu.xs2a.tpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.tpp.state.TppHome;
import eu.xs2a.tpp.support.Cli;
import eu.xs2a.tpp.support.Cli.Run;
import eu.xs2a.tpp.support.StandInBank;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/tpp sca: printing and opening the link, and playing the PSU on bank pages shaped like aspsp-sandbox's. */
class ScaCommandTest {

    @TempDir
    Path home;

    private StandInBank bank;
    private Cli cli;

    @BeforeEach
    void start() throws Exception {
        bank = new StandInBank();
        cli = new Cli(home, null);
    }

    @AfterEach
    void stop() {
        bank.close();
    }

    @Test
    void printsTheSavedLinkAndOpensItWhenABrowserIsThere() {
        new TppHome(home).saveValues(Map.of("scaRedirect", bank.link()));
        Run run = cli.withBrowser().run("sca");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("  " + bank.link() + "\n"), run.out());
        assertTrue(run.out().contains("psu1 / sandbox") && run.out().contains("123456"), run.out());
        assertTrue(run.out().contains("Afterwards: bin/tpp call GET /sandbox/api/berlingroup/v1/consents/c-1/status"),
                run.out());
        assertEquals(List.of(bank.link()), cli.opened());
        assertTrue(run.err().contains("Opened in your browser"), run.err());
        assertTrue(bank.posted().isEmpty(), "printing a link does nothing at the bank");
    }

    @Test
    void withoutABrowserOrWithNoOpenOnlyPrints() {
        Run headless = cli.run("sca", bank.link());
        assertEquals(0, headless.exitCode());
        assertTrue(headless.err().contains("No browser could be opened here"), headless.err());

        Cli withBrowser = new Cli(home, null).withBrowser();
        Run noOpen = withBrowser.run("sca", "--no-open", bank.link());
        assertEquals(0, noOpen.exitCode());
        assertTrue(withBrowser.opened().isEmpty());
    }

    @Test
    void asPsuLogsInApprovesEntersTheCodeAndEndsAtTheTppRedirect() {
        new TppHome(home).saveValues(Map.of("scaRedirect", bank.link()));
        Run run = cli.run("sca", "--as", "psu1");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("Done: the PSU's browser returns to " + StandInBank.TPP_REDIRECT), run.out());
        assertTrue(run.out().contains("Now: bin/tpp call GET /sandbox/api/berlingroup/v1/consents/c-1/status"), run.out());

        List<Map<String, String>> posted = bank.posted();
        assertEquals(3, posted.size(), posted.toString());
        assertEquals(Map.of("csrf", "t0k3n", "username", "psu1", "password", "sandbox", "_path", "/sca/t0k/login",
                "_cookie", "null"), posted.get(0), "the form's hidden CSRF token is sent, as a browser does");
        assertEquals("approve", posted.get(1).get("decision"));
        assertEquals("SANDBOX_SCA=s3ss10n", posted.get(1).get("_cookie"), "the bank's session cookie is sent back");
        assertEquals("123456", posted.get(2).get("otp"));
        assertEquals("t0k3n", posted.get(1).get("csrf"));
        assertEquals("t0k3n", posted.get(2).get("csrf"));
    }

    @Test
    void denyEndsAtTheTppRedirectWithoutACode() {
        Run run = cli.run("sca", "--as", "psu1", "--deny", bank.link());
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("denying"), run.out());
        assertEquals(2, bank.posted().size());
        assertEquals("deny", bank.posted().get(1).get("decision"));
    }

    @Test
    void aPaymentWithoutDebtorPaysFromTheFirstOfferedOrTheGivenAccount() {
        bank.askDebtor(List.of("DE02100100109307118603", "DE02120300000000202051"));
        Run first = cli.run("sca", "--as", "psu1", bank.link());
        assertEquals(0, first.exitCode(), first.toString());
        assertEquals("DE02100100109307118603", bank.posted().get(1).get("debtorAccount"));
    }

    @Test
    void aGivenDebtorAccountIsUsed() throws Exception {
        try (StandInBank other = new StandInBank().askDebtor(List.of("DE02100100109307118603", "DE02120300000000202051"))) {
            Run run = cli.run("sca", "--as", "psu1", "--debtor-account", "DE02120300000000202051", other.link());
            assertEquals(0, run.exitCode(), run.toString());
            assertEquals("DE02120300000000202051", other.posted().get(1).get("debtorAccount"));
        }
    }

    @Test
    void aWrongPasswordIsReportedWithTheBanksMessage() {
        Run run = cli.run("sca", "--as", "psu1", "--password", "wrong", bank.link());
        assertEquals(3, run.exitCode(), run.toString());
        assertTrue(run.err().contains("the bank refused the login of psu1: Wrong username or password"), run.err());
        assertEquals(1, bank.posted().size(), "no second try: it stops when the login page comes back");
    }

    @Test
    void aWrongCodeIsReported() {
        Run run = cli.run("sca", "--as", "psu1", "--otp", "000000", bank.link());
        assertEquals(3, run.exitCode(), run.toString());
        assertTrue(run.err().contains("did not accept the one-time code 000000: Wrong code"), run.err());
    }

    @Test
    void aUsedLinkIsReportedWithTheBanksPage() {
        assertEquals(0, cli.run("sca", "--as", "psu1", bank.link()).exitCode());
        Run again = cli.run("sca", "--as", "psu1", bank.link());
        assertEquals(3, again.exitCode(), again.toString());
        assertTrue(again.err().contains("answered HTTP 410: Link used: This link has already been used"), again.err());
    }

    @Test
    void statusHintOnlyForGatewayLinks() {
        assertEquals("bin/tpp call GET /sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/p-1/status",
                ScaCommand.statusHint("http://localhost:8080/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/p-1"
                        + "/authorisations/a/sca-redirect?token=t").orElseThrow());
        assertEquals("bin/tpp call GET /sandbox/api/berlingroup/v1/consents/c/status",
                ScaCommand.statusHint("http://localhost:8080/sandbox/api/berlingroup/v1/consents/c"
                        + "/authorisations/a/sca-redirect/t").orElseThrow());
        assertTrue(ScaCommand.statusHint("http://localhost:8090/sca/t0k").isEmpty());
    }
}
