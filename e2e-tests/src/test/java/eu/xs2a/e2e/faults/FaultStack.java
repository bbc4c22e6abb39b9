package eu.xs2a.e2e.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.e2e.journeys.PsuBrowser;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.journeys.TppLanding;
import eu.xs2a.e2e.support.BerlinGroup;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.testsupport.ServiceProcess;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fault tests' own stack, on the databases {@code xs2a_faults_*} (bin/db-setup), so that killing its services
 * leaves the journeys' stack alone. Between each service that calls the bank (consent-, account- and payment-service)
 * and aspsp-sandbox stands a {@link BankProxy} of its own; those services run with a database pool of {@link #POOL}
 * connections, with a bank read timeout of {@link #BANK_READ_TIMEOUT}, longer than the slow bank's 30 s, so that a
 * call waiting for the bank waits for its answer instead of giving up, with a task lease of {@link #LEASE}, and with
 * a circuit breaker that never opens. One stack for every fault test of the JVM.
 */
final class FaultStack {

    static final String PAYMENT_SERVICE = "payment-service";
    static final String CONSENT_SERVICE = "consent-service";
    static final String ACCOUNT_SERVICE = "account-service";
    static final String REGISTRATION_SERVICE = "registration-service";
    static final String BANK = "aspsp-sandbox";
    /** Each bank-calling service's database pool: small, so that connections held across bank calls run out. */
    static final int POOL = 3;
    static final Duration BANK_READ_TIMEOUT = Duration.ofSeconds(45);
    /**
     * The task lease of the bank-calling services: short, so that work a killed service held is taken up within
     * seconds; a run waiting for the slow bank keeps it by the runtime's heartbeat.
     */
    static final String LEASE = "6S";
    /** The ceiling of the bank-calling services' task backoff (account refreshes keep their own, longer one). */
    static final String TASK_BACKOFF = "3S";
    /**
     * registration-service's psd2.replay.pending-timeout (60 s in production): it calls no bank, so a registration
     * unanswered for 10 s died; its retry then runs in its place without the kill tests waiting a minute.
     */
    static final String REGISTRATION_PENDING_TIMEOUT = "10S";

    private static FaultStack instance;
    private static FaultStack twoInstances;
    private static PsuBrowser browser;

    private final Map<String, BankProxy> banks = new ConcurrentHashMap<>();
    private final Stack stack;

    private FaultStack(String databasePrefix, Set<String> twice, Map<String, String> moreEnvironment) {
        stack = Stack.startTwice(databasePrefix, (module, bankUrl) -> {
            if (module.equals(REGISTRATION_SERVICE)) {
                return Map.of("PSD2_REPLAY_PENDING_TIMEOUT", REGISTRATION_PENDING_TIMEOUT);
            }
            if (!module.equals(PAYMENT_SERVICE) && !module.equals(CONSENT_SERVICE) && !module.equals(ACCOUNT_SERVICE)) {
                return Map.of();
            }
            BankProxy bank = banks.computeIfAbsent(module, m -> BankProxy.to(bankUrl));
            String readTimeout = BANK_READ_TIMEOUT.toSeconds() + "S";
            Map<String, String> env = new HashMap<>(Map.of(
                    "PSD2_SANDBOX_BANK_URL", bank.url(),
                    "PSD2_PROVIDERS_SANDBOX_READ_TIMEOUT", readTimeout,
                    "PSD2_PROVIDERS_SANDBOX2_READ_TIMEOUT", readTimeout,
                    "QUARKUS_DATASOURCE_JDBC_MAX_SIZE", String.valueOf(POOL),
                    // work a killed service held is taken up once its lease runs out
                    "PSD2_TASKS_LEASE", LEASE,
                    // work kept while the bank was down (a consent to forward, a payment to submit) is retried within
                    // seconds of its return, not after the 30 s to minutes of production's backoff, so that the
                    // outage tests see it reach the bank within their bound
                    "PSD2_TASKS_BACKOFF_BASE", TASK_BACKOFF,
                    "PSD2_TASKS_BACKOFF_CAP", TASK_BACKOFF));
            // the fault tests fail the bank on purpose, one after another on one stack: a circuit opened by the
            // failures of one test would refuse the next one's calls without asking the bank (as in the services'
            // own tests; the breaker itself is xs2a-platform's BankClientsTest's)
            env.put("PSD2_BANK_CLIENT_CIRCUIT_BREAKER_REQUEST_VOLUME", "10000");
            env.putAll(moreEnvironment);
            return env;
        }, twice);
    }

    static synchronized FaultStack get() {
        if (instance == null) {
            instance = new FaultStack("xs2a_faults_", Set.of(), Map.of());
        }
        return instance;
    }

    /**
     * A second fault stack, on the databases {@code xs2a_twins_*}, with two instances of each bank-calling service
     * behind the ingress on the same database, as two replicas are. A failed bank call's task is retried within
     * seconds here ({@code PSD2_TASKS_BACKOFF_*}), so that the jobs' work after an outage is done within a test.
     */
    static synchronized FaultStack twoInstances() {
        if (twoInstances == null) {
            // ten parallel first reads of one consent queue for three connections per instance behind the per-TPP
            // turn of storing its accounts: on a loaded machine that wait outlasted the default 5 s and a read was
            // 503, while these tests count answers, not overload (SlowBankTest covers that on the other stack)
            twoInstances = new FaultStack("xs2a_twins_", Set.of(CONSENT_SERVICE, ACCOUNT_SERVICE, PAYMENT_SERVICE),
                    Map.of("PSD2_TASKS_BACKOFF_BASE", "2S", "PSD2_TASKS_BACKOFF_CAP", "4S",
                            "QUARKUS_DATASOURCE_JDBC_ACQUISITION_TIMEOUT", "30S"));
        }
        return twoInstances;
    }

    /** Stops the stack of {@link #twoInstances()}: TwoInstancesTest is its only user. */
    static synchronized void stopTwoInstances() {
        if (twoInstances != null) {
            twoInstances.stack.stop();
            twoInstances = null;
        }
    }

    /** The bank as {@code module} sees it. */
    BankProxy bankOf(String module) {
        return banks.get(module);
    }

    /** Every service's bank passes every call on again (after a test, whatever it left behind). */
    void healBanks() {
        banks.values().forEach(BankProxy::heal);
    }

    /** SIGKILL, in the middle of whatever the service does. */
    void crash(String module) {
        stack.crash(module);
    }

    /** Starts a killed service again, on its port with its environment, and waits until it is ready. */
    void restart(String module) {
        ServiceProcess service = stack.restart(module);
        service.awaitReady();
    }

    /** The sandbox bank goes down (SIGTERM, as at a shutdown): every bank call of every service fails meanwhile. */
    void stopBank() {
        stack.process(BANK).close();
    }

    /** Starts the stopped sandbox bank again, on its port and database as before, and waits until it is ready. */
    void startBank() {
        restart(BANK);
    }

    /** The ingress: what a TPP calls. */
    String baseUrl() {
        return stack.baseUrl();
    }

    /** A service's own address, bypassing the ingress: its {@code /q/health} endpoints. */
    String serviceUrl(String module) {
        return stack.serviceUrl(module);
    }

    /** A fresh TPP with a sandbox QSEAL and the given roles, e.g. {@code PSP_PI}; a TPP id no other test uses. */
    Tpp newTpp(String name, String... roles) {
        return Tpp.mint(stack.baseUrl(), name, roles);
    }

    /** A redirect URI on the TPP's landing page, unique to one step. */
    static String redirectUri(String page) {
        return TppLanding.get().uri(page, UUID.randomUUID().toString());
    }

    /** The fault tests' own browser: the journeys' runs beside them. */
    static synchronized PsuBrowser browser() {
        if (browser == null) {
            browser = PsuBrowser.start();
        }
        return browser;
    }

    /** An AIS consent to psu1's main account, approved by psu1 in the browser; its consentId. */
    String approvedAisConsent(Tpp tpp) {
        String ok = redirectUri("ok");
        Response created = tpp.post(BerlinGroup.CONSENTS, Gateway.redirect(ok, redirectUri("nok")),
                Gateway.aisBody(BerlinGroup.PSU1_MAIN));
        Gateway.assertStatus(201, created);
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        return created.jsonPath().getString("consentId");
    }

    /** A confirmation-of-funds consent to psu1's main account, approved by psu1 in the browser; its consentId. */
    String approvedFundsConsent(Tpp tpp) {
        String ok = redirectUri("ok");
        Response created = tpp.post(BerlinGroup.FUNDS_CONSENTS, Gateway.redirect(ok, redirectUri("nok")),
                Gateway.fundsConsentBody(BerlinGroup.PSU1_MAIN));
        Gateway.assertStatus(201, created);
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        return created.jsonPath().getString("consentId");
    }

    /** The upstream address (host:port) nginx sent the request with this X-Request-ID to, from its access log. */
    String upstreamOf(String requestId) {
        try {
            return Files.readAllLines(stack.ingressAccessLog()).stream()
                    .filter(line -> line.contains("\"requestId\":\"" + requestId + "\""))
                    .map(line -> line.replaceFirst(".*\"upstream\":\"([^\"]*)\".*", "$1"))
                    .findFirst().orElseThrow(() -> new AssertionError("no access log line of " + requestId));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code table} of a gateway service's database ({@code registration}, {@code consent}, ...) locked by the test. */
    TableLock lockTable(String database, String table) {
        return TableLock.share(stack.databaseUrl(database), table);
    }

    /** What the sandbox bank itself holds, asked directly (not through the proxies). */
    BankRecords bankRecords() {
        return new BankRecords(stack.databaseUrl("aspsp"), stack.serviceUrl("aspsp-sandbox"));
    }
}
