package eu.xs2a.account.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A consent lookup and a bank on one real HTTP server, for the questions the real neighbours cannot answer on demand
 * (a provider whose bank lives in another time zone, a service clock moved to a chosen instant). The lookup lets every
 * consent read and gives each its own bank consent; under that consent the bank lists one account of its own IBAN,
 * no balances, and one pending transaction with neither booking nor value date, and it keeps the query of every
 * transactions call, so a test sees which dates account-service asked for. A bank consent id it did not give is
 * refused (CONSENT_INVALID), so a leftover refresh job of another test class never stores this bank's data.
 * <p>
 * Provider {@code sandbox} (Europe/Berlin, from config/providers.properties) reaches this bank, and so does the test
 * provider {@link #FAR_AWAY}, defined here with the time zone every provider must now have.
 */
public class AgreeableBankResource extends LocalHttpServerResource {

    /**
     * Provider code of the bank in the far zone: Kiritimati (UTC+14, no summer time) is 12 or 13 hours ahead of
     * Berlin, so from 10:00 UTC until midnight in Berlin the two banks are on different dates.
     */
    public static final String FAR_AWAY = "faraway";
    public static final String FAR_AWAY_ZONE = "Pacific/Kiritimati";
    private static final String CREDENTIAL = "agreeable-bank-credential";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** bank consent id → query parameters of the last transactions call under it. */
    private static final Map<String, Map<String, String>> ASKED = new ConcurrentHashMap<>();
    /** The bank consent ids the lookup gave, by the gateway's consent id. */
    private static final Map<String, String> BANK_CONSENTS = new ConcurrentHashMap<>();
    private static final Set<String> GIVEN = ConcurrentHashMap.newKeySet();
    /** Each bank consent its own account (a fresh IBAN), so a test's report holds only what this bank listed there. */
    private static final Map<String, String> IBANS = new ConcurrentHashMap<>();

    /** The bank consent id the lookup gave the consent (null before its first read). */
    public static String bankConsentOf(String consentId) {
        return BANK_CONSENTS.get(consentId);
    }

    /** What account-service asked the bank for the transactions under the consent (dateFrom, dateTo, ...). */
    public static Map<String, String> transactionsAsked(String consentId) {
        String bankConsent = bankConsentOf(consentId);
        return bankConsent == null ? null : ASKED.get(bankConsent);
    }

    /** The id of the one transaction the bank lists under the consent, dated by no one. */
    public static String undatedTransactionOf(String consentId) {
        return "undated-" + bankConsentOf(consentId);
    }

    @Override
    protected Map<String, HttpHandler> handlers() {
        return Map.of("/internal/v1/consent-checks", AgreeableBankResource::lookup,
                "/bank/v1/consents/", AgreeableBankResource::bank);
    }

    @Override
    protected Map<String, String> config(String url) {
        return Map.ofEntries(
                Map.entry("psd2.consent-lookup.url", url),
                Map.entry("psd2.providers.sandbox.bank-url", url),
                Map.entry("psd2.providers.sandbox.bank-credential", CREDENTIAL),
                Map.entry("psd2.providers.sandbox2.bank-url", url),
                Map.entry("psd2.providers.sandbox2.bank-credential", CREDENTIAL),
                // a third provider on this bank whose day is not Berlin's: the bank calendar is per provider
                Map.entry("psd2.providers." + FAR_AWAY + ".name", "Far Away Bank"),
                Map.entry("psd2.providers." + FAR_AWAY + ".bank-url", url),
                Map.entry("psd2.providers." + FAR_AWAY + ".bank-credential", CREDENTIAL),
                Map.entry("psd2.providers." + FAR_AWAY + ".payment-products", "sepa-credit-transfers"),
                Map.entry("psd2.providers." + FAR_AWAY + ".time-zone", FAR_AWAY_ZONE),
                Map.entry("smallrye.jwt.sign.key.location", ServiceKeys.shared().privateJwk().toString()));
    }

    private static void lookup(HttpExchange exchange) throws IOException {
        JsonNode question = JSON.readTree(exchange.getRequestBody().readAllBytes());
        String consentId = question.path("consentId").asText();
        String bankConsent = BANK_CONSENTS.computeIfAbsent(consentId, id -> "agreeable-" + UUID.randomUUID());
        GIVEN.add(bankConsent);
        ObjectNode answer = JSON.createObjectNode()
                .put("consentId", consentId)
                .put("consentStatus", "valid")
                .put("aspspConsentId", bankConsent)
                .put("validUntil", "9999-12-31")
                .put("recurringIndicator", true)
                .put("frequencyPerDay", 4)
                .put("remainingToday", 4);
        answer.putObject("access").put("allPsd2", "allAccounts");
        send(exchange, 200, answer);
    }

    /** {@code /bank/v1/consents/{bankConsentId}/accounts[/{bankAccountId}/balances|transactions]} */
    private static void bank(HttpExchange exchange) throws IOException {
        String[] path = exchange.getRequestURI().getPath().substring("/bank/v1/consents/".length()).split("/");
        String bankConsent = path[0];
        if (!GIVEN.contains(bankConsent)) {
            send(exchange, 422, JSON.createObjectNode().put("code", "CONSENT_INVALID")
                    .put("message", "not a consent of this bank"));
            return;
        }
        ObjectNode answer = JSON.createObjectNode();
        if (path.length == 2 && path[1].equals("card-accounts")) {
            answer.putArray("cardAccounts"); // this bank has no card accounts
        } else if (path.length == 2) {
            ObjectNode account = answer.putArray("accounts").addObject()
                    .put("bankAccountId", "account-" + bankConsent)
                    .put("iban", IBANS.computeIfAbsent(bankConsent, id -> "DE00"
                            + ThreadLocalRandom.current().nextLong(100_000_000_000_000_000L, 999_999_999_999_999_999L)))
                    .put("currency", "EUR")
                    .put("name", "Girokonto")
                    .put("status", "enabled")
                    .put("usage", "PRIV");
            account.putObject("access").put("balances", true).put("transactions", true).put("ownerName", false);
        } else if (path.length == 4 && path[3].equals("balances")) {
            answer.putArray("balances");
        } else if (path.length == 4 && path[3].equals("transactions")) {
            ASKED.put(bankConsent, query(exchange.getRequestURI().getRawQuery()));
            ObjectNode pending = answer.putArray("transactions").addObject()
                    .put("transactionId", "undated-" + bankConsent)
                    .put("bookingStatus", "pending");
            pending.putObject("transactionAmount").put("currency", "EUR").put("amount", "-12.50");
            answer.put("page", 0).put("size", 500).put("totalPages", 1).put("totalElements", 1);
        } else {
            send(exchange, 404, JSON.createObjectNode().put("code", "NOT_FOUND"));
            return;
        }
        send(exchange, 200, answer);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                parameters.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return parameters;
    }

    private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
