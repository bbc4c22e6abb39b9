package eu.xs2a.account.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.testsupport.BankDates;
import eu.xs2a.testsupport.TestTpp;
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

/**
 * Gets real consents from the real consent-service: the TPP's signed create call, then the PSU's browser through
 * the scaRedirect link and the sandbox bank's login, approval and OTP pages (BANK-API.md), back to the gateway's
 * callback. Plain HTTP, no redirects followed: each step is checked.
 */
public final class ConsentFlows {

    public static final String PASSWORD = "sandbox";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String consentService;

    public ConsentFlows(Neighbours neighbours) {
        this.consentService = neighbours.consentServiceUrl();
    }

    /** An AIS consent approved by the PSU; {@code access} is the Berlin Group access object as JSON. */
    public String validAisConsent(TestTpp tpp, String provider, String psu, String access, int frequencyPerDay) {
        String body = "{\"access\": " + access + ", \"recurringIndicator\": true, \"validUntil\": \""
                + BankDates.today(provider).plusDays(30) + "\", \"frequencyPerDay\": " + frequencyPerDay
                + ", \"combinedServiceIndicator\": false}";
        return approve(tpp, provider, "/v1/consents", body, psu);
    }

    /** A confirmation-of-funds consent approved by the PSU for the given account (and card number, if not null). */
    public String validFundsConsent(TestTpp tpp, String provider, String psu, String iban, String cardNumber) {
        String body = "{\"account\": {\"iban\": \"" + iban + "\"}"
                + (cardNumber == null ? "" : ", \"cardNumber\": \"" + cardNumber + "\"") + "}";
        return approve(tpp, provider, "/v2/consents/confirmation-of-funds", body, psu);
    }

    /** The TPP ends the consent (DELETE): terminatedByTpp. */
    public void delete(TestTpp tpp, String provider, String path, String consentId) {
        String fullPath = "/" + provider + "/api/berlingroup" + path + "/" + consentId;
        HttpResponse<String> r = send(signed(tpp, "DELETE", fullPath, Map.of(), null).DELETE().build());
        check(r, 204, "delete consent");
    }

    private String approve(TestTpp tpp, String provider, String path, String body, String psu) {
        String fullPath = "/" + provider + "/api/berlingroup" + path;
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("Content-Type", "application/json");
        extra.put("TPP-Redirect-Preferred", "true");
        extra.put("TPP-Redirect-URI", "https://tpp.example/callback");
        extra.put("PSU-IP-Address", "192.0.2.10");
        HttpResponse<String> created = send(signed(tpp, "POST", fullPath, extra, body)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
        check(created, 201, "create consent");
        JsonNode json = read(created.body());
        String consentId = json.path("consentId").asText();
        String scaRedirect = json.path("_links").path("scaRedirect").path("href").asText();

        // the PSU's browser: the gateway's one-time link, on to the bank
        HttpResponse<String> toBank = send(get(onConsentService(scaRedirect), null));
        String scaUrl = location(toBank, "scaRedirect");
        String token = scaUrl.substring(scaUrl.indexOf("/sca/") + "/sca/".length());
        String bank = scaUrl.substring(0, scaUrl.indexOf("/sca/"));
        HttpResponse<String> page = send(get(scaUrl, null));
        check(page, 200, "login page");
        // the page's CSRF token: its cookie, repeated by every form's hidden field csrf (BANK-API.md)
        String csrfCookie = cookieOf(page, "SANDBOX_CSRF");
        java.util.regex.Matcher field = java.util.regex.Pattern
                .compile("<input type=\"hidden\" name=\"csrf\" value=\"([^\"]+)\">").matcher(page.body());
        if (!field.find()) {
            throw new IllegalStateException("the login page has no CSRF field: " + page.body());
        }
        String csrf = "csrf=" + enc(field.group(1)) + "&";
        HttpResponse<String> login = send(form(bank + "/sca/" + token + "/login",
                csrf + "username=" + enc(psu) + "&password=" + PASSWORD, csrfCookie));
        location(login, "login");
        String cookie = cookieOf(login, "SANDBOX_SCA") + "; " + csrfCookie;
        check(send(get(bank + "/sca/" + token + "/decision", cookie)), 200, "decision page");
        location(send(form(bank + "/sca/" + token + "/decision", csrf + "decision=approve", cookie)), "approve");
        check(send(get(bank + "/sca/" + token + "/otp", cookie)), 200, "otp page");
        String returnUrl = location(send(form(bank + "/sca/" + token + "/otp", csrf + "otp=123456", cookie)), "otp");
        // back at the gateway, which asks the bank for the outcome
        HttpResponse<String> back = send(get(onConsentService(returnUrl), null));
        if (back.statusCode() >= 400) {
            throw new IllegalStateException("callback answered " + back.statusCode() + ": " + back.body());
        }
        String statusPath = fullPath + "/" + consentId + "/status";
        HttpResponse<String> status = send(signed(tpp, "GET", statusPath, Map.of(), null).GET().build());
        check(status, 200, "consent status");
        String consentStatus = read(status.body()).path("consentStatus").asText();
        if (!"valid".equals(consentStatus)) {
            throw new IllegalStateException("consent " + consentId + " is " + consentStatus + " after SCA");
        }
        return consentId;
    }

    /** The same path and query on the consent-service process (links carry the ingress's public base URL). */
    private String onConsentService(String absolute) {
        URI uri = URI.create(absolute);
        return consentService + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    private HttpRequest.Builder signed(TestTpp tpp, String method, String path, Map<String, String> extra,
                                       String body) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(consentService + path))
                .timeout(Duration.ofSeconds(60));
        tpp.signer().sign(method, path, extra, bytes).forEach(builder::header);
        return builder;
    }

    /** The name=value of the cookie the answer sets. */
    private static String cookieOf(HttpResponse<String> response, String name) {
        return response.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(name + "="))
                .map(c -> c.split(";", 2)[0]).findFirst()
                .orElseThrow(() -> new IllegalStateException("no cookie " + name + " from " + response.uri()));
    }

    private static HttpRequest get(String url, String cookie) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).GET();
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b.build();
    }

    private static HttpRequest form(String url, String form, String cookie) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b.build();
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(request.uri() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String location(HttpResponse<String> r, String step) {
        if (r.statusCode() / 100 != 3) {
            throw new IllegalStateException(step + ": expected a redirect, got " + r.statusCode() + " " + r.body());
        }
        String location = r.headers().firstValue("Location").orElseThrow();
        return location.startsWith("/") ? r.uri().resolve(location).toString() : location;
    }

    private static void check(HttpResponse<String> r, int status, String step) {
        if (r.statusCode() != status) {
            throw new IllegalStateException(step + ": expected " + status + ", got " + r.statusCode() + " "
                    + r.body());
        }
    }

    private static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalStateException(body, e);
        }
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
