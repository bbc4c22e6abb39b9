package eu.xs2a.tpp.sca;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.tpp.CliException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plays the PSU's browser on the sandbox bank's SCA pages with plain HTTP: follows the gateway's scaRedirect link to
 * the bank, logs in, approves (or denies) and enters the one-time code, then follows the redirects back until the
 * browser would leave for the TPP's redirect URI. Like a browser it keeps the bank's cookies and submits each form's
 * hidden fields (the bank's CSRF token). For the sandbox only; a real bank's pages are for a real browser.
 */
public final class SandboxPsu {

    /** What the PSU would like to do. */
    public record Choices(String psuId, String password, String otp, boolean approve, String debtorAccount) {
    }

    /**
     * @param backAtTpp where the browser was sent at the end (the TPP's redirect URI), or null when the flow ended
     *                  on a page of the gateway or the bank
     * @param lastPage  what the last page said, when there was one
     */
    public record Outcome(String backAtTpp, String lastPage) {
    }

    private static final int MAX_STEPS = 25;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What a browser sends (a bare text/html would be refused by an endpoint that only produces JSON redirects). */
    private static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    private final HttpClient http;
    private final Duration timeout;
    private final PrintWriter log;

    public SandboxPsu(Duration timeout, PrintWriter log) {
        this.timeout = timeout;
        this.log = log;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL)).build();
    }

    public Outcome authorise(String link, Choices choices) {
        URI start = URI.create(link);
        if (start.getScheme() == null || start.getAuthority() == null) {
            throw new CliException("'" + link + "' is not an http(s) link");
        }
        Set<String> sites = new HashSet<>(Set.of(start.getAuthority()));
        boolean seenPage = false;
        int logins = 0;
        int codes = 0;
        HttpRequest request = get(start);
        for (int step = 0; step < MAX_STEPS; step++) {
            HttpResponse<String> response = send(request);
            int status = response.statusCode();
            URI here = request.uri();
            if (status >= 300 && status < 400) {
                String location = response.headers().firstValue("Location").orElseThrow(() -> new CliException(
                        "HTTP " + status + " without a Location from " + here));
                URI next = here.resolve(location);
                if (!seenPage) {
                    sites.add(next.getAuthority()); // the gateway sends the browser on to the bank
                } else if (!sites.contains(next.getAuthority())) {
                    log.println("  the browser now leaves for the TPP: " + next);
                    return new Outcome(next.toString(), null);
                }
                request = get(next);
                continue;
            }
            String html = response.body();
            if (status >= 400) {
                throw new CliException("the SCA page " + here + " answered HTTP " + status + ": " + said(html));
            }
            seenPage = true;
            HtmlForm form = HtmlForm.first(html).orElse(null);
            if (form == null) {
                String said = HtmlForm.summary(html);
                log.println("  the page says: " + said);
                return new Outcome(null, said);
            }
            URI action = form.action().isEmpty() ? here : here.resolve(form.action());
            if (form.has("username")) {
                if (logins++ > 0) {
                    throw new CliException("the bank refused the login of " + choices.psuId() + ": "
                            + HtmlForm.textOf(html, "error").orElse("the login page came back")
                            + " (sandbox PSUs: psu1, psu-fail, psu-poor, psu-blocked, psu-slow, psu-slow-data,"
                            + " psu-revoked-later; password sandbox)");
                }
                log.println("  logging in as " + choices.psuId());
                Map<String, String> fields = new LinkedHashMap<>(form.hidden());
                fields.put("username", choices.psuId());
                fields.put("password", choices.password());
                if (form.has("decision")) {
                    // the bank's OAuth login page: log in and allow (or deny) in one form
                    fields.put("decision", choices.approve() ? "allow" : "deny");
                    log.println(choices.approve() ? "  allowing" : "  denying");
                }
                request = post(action, fields);
            } else if (form.has("decision")) {
                Map<String, String> fields = new LinkedHashMap<>(form.hidden());
                fields.put("decision", choices.approve() ? "approve" : "deny");
                List<String> debtors = form.options("debtorAccount");
                if (form.has("debtorAccount") && choices.approve()) {
                    String debtor = choices.debtorAccount() != null ? choices.debtorAccount()
                            : debtors.isEmpty() ? null : debtors.get(0);
                    if (debtor == null) {
                        throw new CliException("the bank asks which account to pay from; give --debtor-account IBAN");
                    }
                    log.println("  paying from " + debtor);
                    fields.put("debtorAccount", debtor);
                }
                log.println(choices.approve() ? "  approving" : "  denying");
                request = post(action, fields);
            } else if (form.has("otp")) {
                if (codes++ > 0) {
                    throw new CliException("the bank did not accept the one-time code " + choices.otp() + ": "
                            + HtmlForm.textOf(html, "error").orElse("the code page came back") + " (the sandbox code is 123456)");
                }
                log.println("  entering the one-time code");
                Map<String, String> fields = new LinkedHashMap<>(form.hidden());
                fields.put("otp", choices.otp());
                request = post(action, fields);
            } else {
                throw new CliException("unexpected form on " + here + ": " + HtmlForm.summary(html));
            }
            log.flush();
        }
        throw new CliException("the SCA flow did not end after " + MAX_STEPS + " steps (last: " + request.uri() + ")");
    }

    /** What a refusal says: the gateway's error_message (JSON) or the bank's page message (HTML). */
    static String said(String body) {
        String text = body == null ? "" : body.strip();
        if (text.startsWith("{")) {
            try {
                var message = JSON.readTree(text).path("error_message");
                if (message.isTextual() && !message.asText().isBlank()) {
                    return message.asText();
                }
            } catch (IOException e) {
                // not JSON after all: fall through to the page summary
            }
        }
        return HtmlForm.summary(text);
    }

    private HttpRequest get(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", BROWSER_ACCEPT).GET().build();
    }

    private HttpRequest post(URI uri, Map<String, String> fields) {
        String form = fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", BROWSER_ACCEPT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CliException("cannot reach " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted", e);
        }
    }
}
