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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The README's quick tour and the rest of its bin/tpp blocks, QUICK-TOUR's and the developer page's, run verbatim:
 * every command in order, from the repository's root, against a whole stack of its own ({@link TourStack}). The
 * PSU's part ({@code bin/tpp sca} opens the link with {@code $BROWSER}) is done in a real headless Chromium: the
 * BROWSER script hands the link over and waits until the browser has approved. The developer page's commands without
 * bin/tpp run verbatim on the same stack.
 */
@ResourceLock(Lanes.OWN_STACKS)
class QuickTourTest {

    @AfterAll
    static void stopTheTourStack() {
        TourStack.stop();
    }

    private final Path root = Repository.root();

    /**
     * The refusals the README and QUICK-TOUR show on purpose (a fragment of the command, the error code it gets): a
     * product the second provider does not offer, and an unsigned call.
     */
    private static final Map<String, String> REFUSALS = Map.of(
            "/sandbox2/api/berlingroup/v1/payments/instant-sepa-credit-transfers", "PRODUCT_INVALID",
            "--no-sign", "CERTIFICATE_MISSING");

    /**
     * The README's bin/tpp blocks, verbatim and in order with one bin/tpp home: the quick tour (its {@code bin/tpp
     * sca} in the browser) to the consent's transactions, the card accounts, a payment with the two refusals, the
     * signing basket authorised with one SCA, the open-banking client.
     */
    @Test
    void theReadmesCommandsWorkVerbatim() throws Exception {
        String readme = Files.readString(root.resolve("README.md"));
        List<String> tour = tourCommands(readme);
        assertTrue(tour.size() >= 5 && tour.size() <= 10, "the tour has at most ten commands: " + tour);
        List<String> commands = bashCommands(readme);
        assertEquals(tour, commands.subList(0, tour.size()), "the tour comes first");
        assertTrue(commands.stream().anyMatch(c -> c.startsWith("bin/tpp basket authorise")), commands.toString());
        refusedOnceEach(commands);

        String transcript = runWithBrowser(commands, "quick-tour", REFUSALS).toString();
        assertTrue(answerOf(transcript, tour.get(tour.size() - 1)).contains("HTTP 200"), "the tour reads transactions");
        assertTrue(transcript.contains("\"consentStatus\": \"valid\""), "the consent became valid:\n" + transcript);
        String basket = answerOf(transcript, "bin/tpp basket status");
        assertTrue(basket.contains("\"transactionStatus\": \"ACTC\""), "the basket was authorised:\n" + basket);
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

        String transcript = runWithBrowser(commands, "developer-page", Map.of()).toString();
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
    private StringBuilder runWithBrowser(List<String> commands, String folder, Map<String, String> refusals)
            throws Exception {
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

        StringBuilder transcript = runInOrder(commands, work, TourStack.get(), Map.of("BROWSER",
                browser.toString(), "LINK_FILE", linkFile.toString(), "DONE_FILE", doneFile.toString()), refusals);
        assertTrue(psu.isDone() && !psu.isCompletedExceptionally(), "the SCA link was approved in the browser");
        return transcript;
    }

    /**
     * tpp-cli/QUICK-TOUR.md from its first bash block to its last, verbatim and in order with one bin/tpp home, as a
     * developer works through it (its first {@code bin/tpp sca} in the browser): the two refusals it shows on purpose
     * are refused with their error code, every other command succeeds; the standing order ends cancelled, and the
     * pain.001 block's answers are its report and its standing order read back as JSON and as the form it was sent.
     */
    @Test
    void theQuickTourGuideWorksVerbatim() throws Exception {
        String guide = Files.readString(root.resolve("tpp-cli/QUICK-TOUR.md"));
        List<String> commands = bashCommands(guide);
        assertTrue(commands.stream().anyMatch(c -> c.startsWith("bin/tpp basket authorise")), commands.toString());
        refusedOnceEach(commands);

        String transcript = runWithBrowser(commands, "quick-tour-guide", REFUSALS).toString();
        String cancelled = answerOf(transcript, "bin/tpp call GET"
                + " /sandbox/api/berlingroup/v1/periodic-payments/sepa-credit-transfers/{paymentId}/status");
        assertTrue(cancelled.contains("\"transactionStatus\": \"CANC\""), "the standing order ended:\n" + cancelled);
        String pain002 = commands.stream().filter(c -> c.contains("Accept:application/xml")).findFirst().orElseThrow();
        assertTrue(answerOf(transcript, pain002).contains("<OrgnlMsgId>QUICK-TOUR-1</OrgnlMsgId>"), transcript);
        String standingOrder = "bin/tpp call GET /sandbox/api/berlingroup/v1/periodic-payments/"
                + "pain.001-sepa-credit-transfers/{paymentId}";
        String json = answerOf(transcript, standingOrder);
        assertTrue(json.contains("HTTP 200") && json.contains("\"frequency\": \"Monthly\"")
                && json.contains("\"endToEndIdentification\""), "the standing order is read back:\n" + json);
        String form = answerOf(transcript, standingOrder + " --header Accept:multipart/form-data");
        assertTrue(form.contains("HTTP 200") && form.contains("name=\"xml_sct\"")
                && form.contains("<MsgId>QUICK-TOUR-1</MsgId>") && form.contains("\"frequency\":\"Monthly\""),
                "the standing order is read back as the form initiated:\n" + form);
        String last = transcript.substring(transcript.lastIndexOf("$ "));
        assertTrue(last.contains("HTTP 200") && last.contains("\"transactionStatus\""), "the basket's status: " + last);
    }

    private static void refusedOnceEach(List<String> commands) {
        for (String refused : REFUSALS.keySet()) {
            assertEquals(1, commands.stream().filter(c -> c.contains(refused)).count(), refused + " in " + commands);
        }
    }

    /** What {@code command}, run by {@link #runInOrder}, printed (its last run). */
    private static String answerOf(String transcript, String command) {
        int start = transcript.lastIndexOf("$ " + command + "\n");
        assertTrue(start >= 0, "not run: " + command);
        int end = transcript.indexOf("\n$ ", start + 1);
        return transcript.substring(start, end < 0 ? transcript.length() : end);
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
     * stack as the gateway, no display; {@code env} added), each to succeed but those that contain a key of
     * {@code refusals}: bin/tpp exits 1 on them, and the answer names the key's value. Answers the transcript.
     */
    private StringBuilder runInOrder(List<String> commands, Path work, Stack stack, Map<String, String> env,
                                     Map<String, String> refusals) throws IOException, InterruptedException {
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
            List<String> refused = refusals.entrySet().stream().filter(r -> command.contains(r.getKey()))
                    .map(Map.Entry::getValue).toList();
            if (refused.isEmpty()) {
                assertEquals(0, exit, "tour command failed: " + command + "\n" + transcript);
            } else {
                assertTrue(exit == 1 && output.contains(refused.get(0)), "not refused with " + refused + ": "
                        + command + "\n" + transcript);
            }
        }
        return transcript;
    }

    /** The commands of every bash block that runs bin/tpp, in order, one a line. */
    static List<String> bashCommands(String markdown) {
        List<String> commands = new ArrayList<>();
        for (int block = markdown.indexOf("```bash"); block >= 0; block = markdown.indexOf("```bash", block + 1)) {
            List<String> lines = commandsOfBlockFrom(markdown, block);
            if (lines.stream().anyMatch(line -> line.startsWith("bin/tpp ") || line.contains("| bin/tpp "))) {
                commands.addAll(lines);
            }
        }
        return commands;
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
