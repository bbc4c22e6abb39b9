package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What the fault tests send through the ingress to the paths of {@link BerlinGroup}: the headers and bodies of the
 * journeys' requests (BANK-API.md "Sandbox PSUs" for the accounts), and the PSU's click on a scaRedirect link.
 */
final class Gateway {

    /** How long a click may wait for its answer: the slow bank's 30 s and more. */
    private static final Duration CLICK_TIMEOUT = Duration.ofSeconds(90);
    private static final HttpClient BROWSERLESS = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

    private Gateway() {
    }

    static void assertStatus(int status, Response response) {
        assertEquals(status, response.statusCode(), response::asString);
    }

    /** Headers of a create with redirect SCA. */
    static Map<String, String> redirect(String okUri, String nokUri) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", PSU_IP);
        headers.put("TPP-Redirect-Preferred", "true");
        headers.put("TPP-Redirect-URI", okUri);
        headers.put("TPP-Nok-Redirect-URI", nokUri);
        return headers;
    }

    /** Headers of a read under a consent, PSU present (not counted against frequencyPerDay). */
    static Map<String, String> consent(String consentId) {
        return Map.of("Consent-Id", consentId, "PSU-IP-Address", PSU_IP);
    }

    /** An AIS consent to accounts, balances and transactions of one account, for 30 days. */
    static String aisBody(String iban) {
        String ref = "{\"iban\":\"" + iban + "\",\"currency\":\"EUR\"}";
        return """
                {"access": {"accounts": [%1$s], "balances": [%1$s], "transactions": [%1$s]},
                 "recurringIndicator": true, "validUntil": "%2$s", "frequencyPerDay": 4, "combinedServiceIndicator": false}
                """.formatted(ref, BankDays.today(PROVIDER).plusDays(30));
    }

    /** A credit transfer from {@code debtorIban} to {@link BerlinGroup#CREDITOR}, executed at once. */
    static String paymentBody(String debtorIban, String amount, String endToEndId) {
        return """
                {"debtorAccount": {"iban": "%s"},
                 "instructedAmount": {"currency": "EUR", "amount": "%s"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH",
                 "remittanceInformationUnstructured": "Fault test", "endToEndIdentification": "%s"}
                """.formatted(debtorIban, amount, CREDITOR, endToEndId);
    }

    static String fundsConsentBody(String iban) {
        return "{\"account\": {\"iban\": \"" + iban + "\"}}";
    }

    static String fundsBody(String iban, String amount) {
        return "{\"account\": {\"iban\": \"" + iban + "\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \""
                + amount + "\"}}";
    }

    /**
     * The PSU's browser following a scaRedirect link, as plain HTTP that follows no redirect: the gateway's answer
     * (a redirect to the bank's SCA page, or an error page) in the background, or the failure when none comes.
     */
    static CompletableFuture<HttpResponse<String>> click(String scaRedirect) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(scaRedirect)).timeout(CLICK_TIMEOUT)
                .header("Accept", "text/html").GET().build();
        return BROWSERLESS.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }
}
