package eu.xs2a.tpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.tpp.json.JsonPath;
import eu.xs2a.tpp.support.Cli;
import eu.xs2a.tpp.support.Cli.Run;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wrong usage answers exit code 2 with a message that says what is wrong, before anything is sent. */
class ArgumentParsingTest {

    @TempDir
    Path home;

    /** Nothing listens here: a test reaching the network would fail with exit 3, not 2. */
    private Cli cli() {
        return new Cli(home, "http://127.0.0.1:9");
    }

    @Test
    void helpOfEveryCommand() {
        for (String command : List.of("cert", "register", "call", "sca", "ob", "ob register", "ob certificate", "basket",
                "basket create", "basket authorise", "basket status", "basket show", "basket delete", "show")) {
            Run run = cli().run((command + " --help").split(" "));
            assertEquals(0, run.exitCode(), run.toString());
            assertTrue(run.out().startsWith("Usage: tpp " + command), run.toString());
        }
        Run top = cli().run("--help");
        assertTrue(top.out().contains("Quick tour") && top.out().contains("Exit codes"), top.toString());
        assertEquals(0, cli().run("--version").exitCode());
    }

    @Test
    void noCommandOrAnUnknownOneIsAUsageError() {
        Run none = cli().run();
        assertEquals(2, none.exitCode());
        assertTrue(none.err().contains("Missing command"), none.toString());
        Run unknown = cli().run("cerificate");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().contains("Unmatched argument") || unknown.err().contains("cerificate"), unknown.toString());
    }

    @Test
    void aBasketNeedsAMemberAndTheOthersABasket() {
        Run empty = cli().run("basket", "create");
        assertEquals(2, empty.exitCode(), empty.toString());
        assertTrue(empty.err().contains("--payment or --consent"), empty.toString());
        for (String command : List.of("status", "show", "delete")) {
            Run none = cli().run("basket", command);
            assertEquals(2, none.exitCode(), none.toString());
            assertTrue(none.err().contains("no basket saved yet"), none.toString());
        }
        Run noLink = cli().run("basket", "authorise", "--as", "psu1");
        assertEquals(2, noLink.exitCode(), noLink.toString());
        assertTrue(noLink.err().contains("no basket link saved yet"), noLink.toString());
        Run missing = cli().run("basket");
        assertEquals(2, missing.exitCode(), missing.toString());
        assertTrue(missing.err().contains("Missing command"), missing.toString());
    }

    @Test
    void certNeedsRolesAndOrgAndKnowsTheRoles() {
        Run missing = cli().run("cert", "--org", "Example TPP");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("--roles"), missing.toString());

        Run unknown = cli().run("cert", "--roles", "PSP_AI,PSP_XX", "--org", "Example TPP");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().contains("unknown role 'PSP_XX'") && unknown.err().contains("PSP_AI"), unknown.toString());

        Run badOrgId = cli().run("cert", "--roles", "PSP_AI", "--org", "X", "--org-id", "no spaces please");
        assertEquals(2, badOrgId.exitCode());
        assertTrue(badOrgId.err().contains("PSDDE-BAFIN-123456"), badOrgId.toString());
    }

    @Test
    void rolesAreNormalisedAndDeduplicated() {
        assertEquals(List.of("PSP_AI", "PSP_PI"), CertCommand.validRoles(List.of(" psp_ai", "PSP_PI", "PSP_AI", "")));
    }

    @Test
    void callNeedsMethodAndPath() {
        Run run = cli().run("call", "GET");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("PATH"), run.toString());
    }

    @Test
    void bodyFromAFileOrFromTheCommandLineNotBoth() {
        Run both = cli().run("call", "POST", "/x", "--body", "a.json", "--data", "{}");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("mutually exclusive"), both.toString());
    }

    @Test
    void aFormIsTheBodyAloneWithItsOwnContentType() {
        Run both = cli().run("call", "POST", "/x", "--no-sign", "--form", "a=1", "--data", "{}");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("--form and --body/--data: give the body one way"), both.toString());
        Run typed = cli().run("call", "POST", "/x", "--no-sign", "--form", "a=1", "--header", "Content-Type:text/plain");
        assertEquals(2, typed.exitCode());
        assertTrue(typed.err().contains("--form sets the Content-Type"), typed.toString());
        for (String bad : List.of("noequals", "=x", "a b=x", "a\"=x")) {
            Run run = cli().run("call", "POST", "/x", "--no-sign", "--form", bad);
            assertEquals(2, run.exitCode(), bad + ": " + run);
            assertTrue(run.err().contains("must be written NAME=@FILE or NAME=TEXT"), run.toString());
        }
        Run missing = cli().run("call", "POST", "/x", "--no-sign", "--form", "xml_sct=@no-such-file.xml");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("--form xml_sct: no such file"), missing.toString());
    }

    @Test
    void aHeaderWithoutColonIsAUsageError() {
        Run run = cli().run("call", "GET", "/x", "--header", "Consent-ID", "--no-sign");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--header: header 'Consent-ID' must be written Name:value"), run.toString());
    }

    @Test
    void saveArgumentsAreNameEqualsPath() {
        Map<String, JsonPath> saves = CallCommand.parseSaves(List.of("consentId=.consentId", "a=.accounts[0].resourceId",
                "consentId=._links.self.href"));
        assertEquals(List.of("consentId", "a"), List.copyOf(saves.keySet()));
        assertEquals("._links.self.href", saves.get("consentId").toString());

        for (String bad : List.of("consentId", "=.x", "1x=.x", "a b=.x", "x=.a..b")) {
            Run run = cli().run("call", "GET", "/x", "--no-sign", "--save", bad);
            assertEquals(2, run.exitCode(), bad + ": " + run);
            assertTrue(run.err().contains("--save"), run.toString());
        }
    }

    @Test
    void aMissingBodyFileIsNamed() {
        Run run = cli().run("call", "POST", "/x", "--no-sign", "--body", "no-such-file.json");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--body no-such-file.json: no such file"), run.toString());
    }

    @Test
    void aPlaceholderWithoutSavedValueIsRefusedBeforeSending() {
        Run run = cli().run("call", "GET", "/sandbox/api/berlingroup/v1/consents/{consentId}", "--no-sign");
        assertEquals(3, run.exitCode());
        assertTrue(run.err().contains("{consentId} in the path has no saved value"), run.toString());
    }

    @Test
    void signedCallsAndRegisterWithoutCertificateSayHowToGetOne() {
        for (String[] args : List.of(new String[] {"call", "GET", "/x"}, new String[] {"register"})) {
            Run run = cli().run(args);
            assertEquals(3, run.exitCode());
            assertTrue(run.err().contains("no certificate yet") && run.err().contains("bin/tpp cert --roles"), run.toString());
        }
    }

    @Test
    void scaWithoutSavedLinkSaysWhereOneComesFrom() {
        Run run = cli().run("sca");
        assertEquals(3, run.exitCode());
        assertTrue(run.err().contains("no SCA link saved yet"), run.toString());
        Run notALink = cli().run("sca", "--no-open", "ftp://x/y");
        assertEquals(2, notALink.exitCode());
    }

    @Test
    void aGatewayThatIsNotRunningIsNamed() {
        Run run = cli().run("call", "GET", "/x", "--no-sign");
        assertEquals(3, run.exitCode());
        assertTrue(run.err().contains("cannot connect to http://127.0.0.1:9") && run.err().contains("bin/run"),
                run.toString());
    }
}
