package eu.xs2a.e2e.tour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Repository;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.security.client.Pem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The README's quick tour, run verbatim: every command of its first bash block, in order, from the repository's root,
 * against a whole stack of its own ({@link TourStack}). The PSU's part ({@code bin/tpp sca} opens the link with
 * {@code $BROWSER}) is done in a real headless Chromium: the BROWSER script hands the link over and waits until the
 * browser has approved. The developer page's commands without bin/tpp run verbatim on the same stack.
 */
@ResourceLock(Lanes.OWN_STACKS)
class QuickTourTest {

    @AfterAll
    static void stopTheTourStack() {
        TourStack.stop();
    }

    private final Path root = Repository.root();

    @Test
    void theReadmeQuickTourWorksVerbatim() throws Exception {
        List<String> commands = tourCommands(Files.readString(root.resolve("README.md")));
        assertTrue(commands.size() >= 5 && commands.size() <= 10, "the tour has at most ten commands: " + commands);

        StringBuilder transcript = runWithBrowser(commands, "quick-tour");
        String last = transcript.substring(transcript.lastIndexOf("$ "));
        assertTrue(last.contains("HTTP 200"), "the last command reads transactions: " + last);
        assertTrue(transcript.toString().contains("\"consentStatus\" : \"valid\"")
                || transcript.toString().contains("\"consentStatus\": \"valid\""), "the consent became valid:\n" + transcript);
        assertFalse(transcript.toString().contains("HTTP 4"), "no call was refused:\n" + transcript);
    }

    /**
     * The developer page's bin/tpp blocks, verbatim and in order (its tour, the card accounts, a standing order): what a
     * TPP developer copies from the gateway's own page works against it.
     */
    @Test
    void theDeveloperPagesCommandsWorkVerbatim() throws Exception {
        List<String> commands = new ArrayList<>();
        for (Element code : Jsoup.parse(Files.readString(root.resolve("ingress/site/index.html"))).select("pre > code")) {
            if (code.wholeText().contains("bin/tpp ")) {
                commands.addAll(commandLines(code.wholeText()));
            }
        }
        assertTrue(commands.stream().anyMatch(c -> c.contains("/card-accounts/{cardId}/transactions"))
                && commands.stream().anyMatch(c -> c.contains("/periodic-payments/")), commands.toString());

        String transcript = runWithBrowser(commands, "developer-page").toString();
        assertFalse(transcript.contains("HTTP 4") || transcript.contains("HTTP 5"), "no call was refused:\n" + transcript);
        String last = transcript.substring(transcript.lastIndexOf("$ "));
        assertTrue(last.contains("HTTP 200") && last.contains("\"frequency\""), "the standing order is read back: " + last);
    }

    /**
     * A block's commands: a line ending in a backslash goes on in the next (also into a line starting with a pipe), as
     * in bash; comments left out.
     */
    private static List<String> commandLines(String block) {
        List<String> commands = new ArrayList<>();
        for (String command : block.replaceAll("\\\\\n\\s*", " ").split("\n")) {
            if (!command.isBlank() && !command.trim().startsWith("#")) {
                commands.add(command.trim());
            }
        }
        return commands;
    }

    /**
     * {@link #runInOrder} with {@code $BROWSER} set to a script that hands the one SCA link a command opens to the
     * test's headless Chromium, which approves it as psu1; the link was approved when it returns.
     */
    private StringBuilder runWithBrowser(List<String> commands, String folder) throws Exception {
        Path work = Files.createTempDirectory(folder);
        Path linkFile = work.resolve("sca-link");
        Path doneFile = work.resolve("sca-done");
        Path browser = work.resolve("browser");
        Files.writeString(browser, """
                #!/usr/bin/env bash
                # stands in for the developer's browser: hands the link to the test and waits for its Chromium
                printf '%s' "$1" > "$LINK_FILE.tmp" && mv "$LINK_FILE.tmp" "$LINK_FILE"
                for _ in $(seq 1 600); do [ -f "$DONE_FILE" ] && exit 0; sleep 0.2; done
                exit 1
                """);
        browser.toFile().setExecutable(true);
        CompletableFuture<String> psu = CompletableFuture.supplyAsync(() -> approveWhenLinkAppears(linkFile, doneFile));

        StringBuilder transcript = runInOrder(commands, work, TourStack.get(), java.util.Map.of("BROWSER",
                browser.toString(), "LINK_FILE", linkFile.toString(), "DONE_FILE", doneFile.toString()));
        assertTrue(psu.isDone() && !psu.isCompletedExceptionally(), "the SCA link was approved in the browser");
        return transcript;
    }

    /**
     * The tour's signing-basket block, verbatim, after the tour's certificate and registration (its first two
     * commands): two payments and a consent in one basket, authorised by psu1 with one SCA ({@code --as psu1}).
     */
    @Test
    void theReadmeSigningBasketBlockWorksVerbatim() throws Exception {
        String readme = Files.readString(root.resolve("README.md"));
        List<String> commands = new ArrayList<>(tourCommands(readme).subList(0, 2));
        commands.addAll(blockAfter(readme, "A signing basket:"));
        assertTrue(commands.stream().anyMatch(c -> c.startsWith("bin/tpp basket create")), commands.toString());

        Stack stack = TourStack.get();
        Path work = Files.createTempDirectory("quick-tour-basket");
        StringBuilder transcript = runInOrder(commands, work, stack, java.util.Map.of());
        String last = transcript.substring(transcript.lastIndexOf("$ "));
        assertTrue(last.contains("\"transactionStatus\" : \"ACTC\"") || last.contains("\"transactionStatus\": \"ACTC\""),
                "the basket was authorised:\n" + transcript);
        assertFalse(transcript.toString().contains("HTTP 4"), "no call was refused:\n" + transcript);
    }

    /**
     * QUICK-TOUR's pain.001 block, verbatim, after the tour's certificate and registration: a payment as a document,
     * its status as pain.002, and a standing order in the multipart form, read back as JSON.
     */
    @Test
    void thePain001BlockWorksVerbatim() throws Exception {
        List<String> commands = new ArrayList<>(tourCommands(Files.readString(root.resolve("README.md"))).subList(0, 2));
        commands.addAll(blockAfter(Files.readString(root.resolve("tpp-cli/QUICK-TOUR.md")), "Corporate TPPs send"));
        assertTrue(commands.stream().anyMatch(c -> c.contains("--form xml_sct=@-")), commands.toString());

        StringBuilder transcript = runInOrder(commands, Files.createTempDirectory("quick-tour-pain001"),
                TourStack.get(), java.util.Map.of());
        assertTrue(transcript.toString().contains("<OrgnlMsgId>QUICK-TOUR-1</OrgnlMsgId>"), transcript.toString());
        String json = transcript.substring(transcript.lastIndexOf("$ ", transcript.lastIndexOf("$ ") - 1));
        assertTrue(json.contains("HTTP 200") && json.contains("\"frequency\": \"Monthly\"")
                && json.contains("\"endToEndIdentification\""), "the standing order is read back:\n" + json);
        String form = transcript.substring(transcript.lastIndexOf("$ "));
        assertTrue(form.contains("HTTP 200") && form.contains("name=\"xml_sct\"")
                && form.contains("<MsgId>QUICK-TOUR-1</MsgId>") && form.contains("\"frequency\":\"Monthly\""),
                "the standing order is read back as the form initiated:\n" + form);
        assertFalse(transcript.toString().contains("HTTP 4"), "no call was refused:\n" + transcript);
    }

    /**
     * The developer page's certificate without bin/tpp, verbatim (openssl and curl, as one bash script in a folder of
     * its own): the sandbox certifies the key openssl made and answers no private key.
     */
    @Test
    void theDeveloperPagesCertificateRequestWorksVerbatim() throws Exception {
        String script = Jsoup.parse(Files.readString(root.resolve("ingress/site/index.html"))).select("pre > code")
                .stream().map(Element::wholeText).filter(code -> code.contains("/api/sandbox/v1/certificates"))
                .findFirst().orElseThrow(() -> new AssertionError("the page shows no certificate request"));
        Path work = Files.createTempDirectory("developer-page-certificate");
        ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-c", script).directory(work.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("XS2A_BASE_URL", TourStack.get().baseUrl());
        Process process = builder.start();
        String answer = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), script + "\n" + answer);

        JsonNode issued = new ObjectMapper().readTree(answer);
        assertTrue(issued.path("organizationIdentifier").asText().matches("PSDXX-SANDBOX-\\d{12}"), answer);
        assertFalse(issued.has("privateKey"), answer);
        PrivateKey key = Pem.privateKey(Files.readString(work.resolve("qseal-key.pem")));
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(key);
        signature.update(answer.getBytes(StandardCharsets.UTF_8));
        byte[] signed = signature.sign();
        signature.initVerify(Pem.certificate(issued.path("certificate").asText()));
        signature.update(answer.getBytes(StandardCharsets.UTF_8));
        assertTrue(signature.verify(signed), "the certificate is not for the key openssl made: " + answer);
    }

    /**
     * Runs each command with bash from the repository's root, as a developer would (their own bin/tpp home, the
     * stack as the gateway, no display; {@code env} added), each to succeed; answers the transcript.
     */
    private StringBuilder runInOrder(List<String> commands, Path work, Stack stack, java.util.Map<String, String> env)
            throws IOException, InterruptedException {
        StringBuilder transcript = new StringBuilder();
        for (String command : commands) {
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(root.toFile()).redirectErrorStream(true);
            builder.environment().put("XS2A_TPP_HOME", work.resolve("tpp-home").toString());
            builder.environment().put("XS2A_BASE_URL", stack.baseUrl());
            builder.environment().remove("DISPLAY");
            builder.environment().remove("BROWSER");
            builder.environment().putAll(env);
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes());
            int exit = process.waitFor();
            transcript.append("$ ").append(command).append('\n').append(output).append('\n');
            assertEquals(0, exit, "tour command failed: " + command + "\n" + transcript);
        }
        return transcript;
    }

    /** The commands of the first bash block after {@code marker}, one a line. */
    static List<String> blockAfter(String readme, String marker) {
        int at = readme.indexOf(marker);
        assertTrue(at >= 0, "README has no '" + marker + "'");
        return commandsOfBlockFrom(readme, at);
    }

    /** The commands of the first bash block under the "Quick tour" heading, one a line. */
    static List<String> tourCommands(String readme) {
        return commandsOfBlockFrom(readme, readme.indexOf("## Quick tour"));
    }

    private static List<String> commandsOfBlockFrom(String readme, int section) {
        int start = readme.indexOf("```bash", section) + "```bash".length();
        int end = readme.indexOf("```", start);
        List<String> commands = new ArrayList<>();
        for (String line : readme.substring(start, end).split("\n")) {
            if (!line.isBlank() && !line.trim().startsWith("#")) {
                commands.add(line.trim());
            }
        }
        return commands;
    }

    private static String approveWhenLinkAppears(Path linkFile, Path doneFile) {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        try {
            while (!Files.exists(linkFile)) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("bin/tpp sca never opened a link");
                }
                Thread.sleep(100);
            }
            String landed = TourStack.browser().approveAll(Files.readString(linkFile).trim(), "psu1");
            Files.writeString(doneFile, landed);
            return landed;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
