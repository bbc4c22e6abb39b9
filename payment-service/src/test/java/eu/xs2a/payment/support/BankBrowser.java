package eu.xs2a.payment.support;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The PSU at the bank's SCA pages, with plain HTTP along the form flow of aspsp-sandbox/BANK-API.md (login,
 * decision, OTP). Every method returns where the bank finally sends the browser (the gateway's callback URL).
 */
public final class BankBrowser {

    public static final String PASSWORD = "sandbox";
    public static final String OTP = "123456";
    private static final Pattern OPTION = Pattern.compile("<option[^>]*value=\"([^\"]+)\"");
    private static final Pattern CSRF = Pattern.compile("<input type=\"hidden\" name=\"csrf\" value=\"([^\"]+)\">");

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI scaUrl;
    private String cookie;
    /** The CSRF token of the login page: its cookie ({@code SANDBOX_CSRF=…}) and the hidden field every form repeats. */
    private String csrfCookie;
    private String csrf;

    private BankBrowser(String scaUrl) {
        this.scaUrl = URI.create(scaUrl);
    }

    /** Logs in as {@code username}, approves (picking the PSU's first account if the bank asks), enters the OTP. */
    public static String approve(String scaUrl, String username) {
        return new BankBrowser(scaUrl).run(username, "approve", null);
    }

    /** As {@link #approve(String, String)}, paying from {@code debtorIban}, which the bank must offer to choose. */
    public static String approve(String scaUrl, String username, String debtorIban) {
        return new BankBrowser(scaUrl).run(username, "approve", debtorIban);
    }

    /** Logs in and denies. */
    public static String deny(String scaUrl, String username) {
        return new BankBrowser(scaUrl).run(username, "deny", null);
    }

    private String run(String username, String decision, String debtorIban) {
        HttpResponse<String> page = expect(get(scaUrl.toString()), 200, "login page");
        csrfCookie = cookieOf(page, "SANDBOX_CSRF");
        Matcher field = CSRF.matcher(page.body());
        if (csrfCookie == null || !field.find()) {
            throw new AssertionError("the login page hands out no CSRF token\n" + page.body());
        }
        csrf = field.group(1);
        HttpResponse<String> login = post(scaUrl + "/login", Map.of("username", username, "password", PASSWORD));
        expect(login, 303, "login");
        cookie = cookieOf(login, "SANDBOX_SCA");
        String next = location(login);
        if (!next.endsWith("/decision")) {
            return next;
        }
        HttpResponse<String> summary = expect(get(next), 200, "decision page");
        Map<String, String> form = new LinkedHashMap<>();
        form.put("decision", decision);
        Matcher option = OPTION.matcher(summary.body());
        boolean asked = summary.body().contains("name=\"debtorAccount\"");
        if (debtorIban != null) {
            if (!asked || !summary.body().contains("value=\"" + debtorIban + "\"")) {
                throw new AssertionError("the bank does not offer to pay from " + debtorIban + "\n" + summary.body());
            }
            form.put("debtorAccount", debtorIban);
        } else if (asked && option.find()) {
            form.put("debtorAccount", option.group(1));
        }
        HttpResponse<String> decided = expect(post(scaUrl + "/decision", form), 303, "decision");
        next = location(decided);
        if (!next.endsWith("/otp")) {
            return next;
        }
        expect(get(next), 200, "OTP page");
        return location(expect(post(scaUrl + "/otp", Map.of("otp", OTP)), 303, "OTP"));
    }

    private String location(HttpResponse<String> response) {
        String location = response.headers().firstValue("Location").orElseThrow();
        return scaUrl.resolve(location).toString();
    }

    private HttpResponse<String> get(String url) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
        return send(request);
    }

    private static String cookieOf(HttpResponse<String> response, String name) {
        return response.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(name + "="))
                .map(c -> c.split(";", 2)[0]).findFirst().orElse(null);
    }

    private HttpResponse<String> post(String url, Map<String, String> fields) {
        Map<String, String> form = new LinkedHashMap<>(fields);
        form.put("csrf", csrf);
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        return send(request);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        String cookies = java.util.stream.Stream.of(csrfCookie, cookie).filter(java.util.Objects::nonNull)
                .collect(Collectors.joining("; "));
        if (!cookies.isEmpty()) {
            request.header("Cookie", cookies);
        }
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("Bank page not reachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static HttpResponse<String> expect(HttpResponse<String> response, int status, String step) {
        if (response.statusCode() != status) {
            throw new AssertionError(step + ": expected " + status + " but the bank answered " + response.statusCode()
                    + "\n" + response.body());
        }
        return response;
    }
}
