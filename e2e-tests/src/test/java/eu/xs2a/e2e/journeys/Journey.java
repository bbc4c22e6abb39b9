package eu.xs2a.e2e.journeys;

import eu.xs2a.e2e.support.BankDays;
import eu.xs2a.e2e.support.BerlinGroup;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Stack;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * What every journey shares: the one stack of this JVM (started on first use), the journeys' browser, the TPP's landing
 * page, the sandbox's PSUs and accounts (BANK-API.md "Sandbox PSUs") besides those of {@link BerlinGroup}, and the
 * usual headers.
 */
@ResourceLock(Lanes.SHARED_STACK)
abstract class Journey {

    /** The interface's own product name ("allowed value service-payment"). */
    static final String SERVICE_PAYMENTS = P + "/v1/payments/service-payment";

    /** psu1's other account ({@link BerlinGroup#PSU1_MAIN} is the main one). */
    static final String PSU1_SAVINGS = "DE26100200300100000037";
    /** psu-poor's only account: zero available balance. */
    static final String PSU_POOR_MAIN = "DE72100200300300000017";

    static Stack stack;

    @BeforeAll
    static void startTheStack() throws ClassNotFoundException {
        // load the shared library's client classes first: on a busy machine another build may reinstall its jar
        // while the stack starts, and a class not yet loaded would then be missing
        for (String name : List.of("eu.xs2a.security.client.RequestSigner", "eu.xs2a.security.client.HttpDates")) {
            Class.forName(name, true, Journey.class.getClassLoader());
        }
        stack = Stack.get();
    }

    static PsuBrowser browser() {
        return PsuBrowser.get();
    }

    static TppLanding landing() {
        return TppLanding.get();
    }

    /** A fresh TPP of the sandbox with the given roles, e.g. {@code PSP_AI}. */
    static Tpp newTpp(String name, String... roles) {
        return Tpp.mint(stack.baseUrl(), name, roles);
    }

    /** A redirect URI on the TPP's landing page, unique to one journey step. */
    static String redirectUri(String page) {
        return landing().uri(page, UUID.randomUUID().toString());
    }

    /** Headers of a create with redirect SCA. */
    static Map<String, String> redirect(String okUri, String nokUri) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("TPP-Redirect-Preferred", "true");
        headers.put("TPP-Redirect-URI", okUri);
        if (nokUri != null) {
            headers.put("TPP-Nok-Redirect-URI", nokUri);
        }
        return headers;
    }

    /** Headers of an account read under a consent, PSU present (so the read does not count against frequencyPerDay). */
    static Map<String, String> consent(String consentId) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Consent-Id", consentId);
        headers.put("PSU-IP-Address", PSU_IP);
        return headers;
    }

    static String aisBody(String... ibans) {
        return aisBody(4, ibans);
    }

    static String aisBody(int frequencyPerDay, String... ibans) {
        StringBuilder refs = new StringBuilder();
        for (String iban : ibans) {
            refs.append(refs.isEmpty() ? "" : ",").append("{\"iban\":\"").append(iban).append("\",\"currency\":\"EUR\"}");
        }
        return """
                {"access": {"accounts": [%1$s], "balances": [%1$s], "transactions": [%1$s]},
                 "recurringIndicator": true, "validUntil": "%2$s", "frequencyPerDay": %3$d, "combinedServiceIndicator": false}
                """.formatted(refs, BankDays.today(PROVIDER).plusDays(30), frequencyPerDay);
    }

    /**
     * A consent of {@code body}, created (201) with redirect SCA and approved by psu1 in the browser, who lands on the
     * TPP's ok page: its id.
     */
    static String approvedConsent(Tpp aisp, String body) {
        String ok = redirectUri("ok");
        Response created = aisp.post(CONSENTS, redirect(ok, null), body);
        assertStatus(201, created);
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        return created.jsonPath().getString("consentId");
    }

    /** The resourceId of the consent's account {@code iban}. */
    static String accountId(Tpp tpp, String consentId, String iban) {
        Response accounts = tpp.get(ACCOUNTS, consent(consentId));
        assertStatus(200, accounts);
        return accounts.jsonPath().getString("accounts.find { it.iban == '" + iban + "' }.resourceId");
    }

    /** The consent's status as the TPP reads it. */
    /**
     * An AIS consent of {@code ibans} for {@code psuId} by the approach the bank chooses for the PSU
     * (TPP-Redirect-Preferred false), expected created (201) with that {@code approach}.
     */
    static Response bankChosenConsent(Tpp aisp, String psuId, String approach, String... ibans) {
        Response created = aisp.post(CONSENTS, Map.of("TPP-Redirect-Preferred", "false", "PSU-ID", psuId),
                aisBody(ibans));
        assertStatus(201, created);
        assertEquals(approach, created.header("ASPSP-SCA-Approach"));
        return created;
    }

    static String consentStatus(Tpp tpp, String consentId) {
        return tpp.get(CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus");
    }

    /** The body of an embedded password step (PUT or POST …/authorisations). */
    static String password(String password) {
        return "{\"psuData\":{\"password\":\"" + password + "\"}}";
    }

    /** The body of an embedded code step. */
    static String otp(String otp) {
        return "{\"scaAuthenticationData\":\"" + otp + "\"}";
    }

    /** An error answer of the interface: status, error_text (the class) and the Berlin Group code. */
    static void assertError(Response response, int status, String errorText, String code) {
        assertEquals(status, response.statusCode(), response.asString());
        assertEquals(errorText, response.jsonPath().getString("error_text"), response.asString());
        assertEquals(code, response.jsonPath().getString("tppMessages[0].code"), response.asString());
    }

    static void assertStatus(int status, Response response) {
        assertEquals(status, response.statusCode(), () -> response.asString());
    }

    /** {@link Eventually#eventually}: an asynchronous outcome (payment settlement, refresh job), polled until it holds. */
    static <T> T eventually(String what, Supplier<T> probe, Predicate<T> done) {
        return Eventually.eventually(what, probe, done);
    }
}
