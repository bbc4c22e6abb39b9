package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.ACCOUNT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.REGISTRATION_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.browser;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.faults.Gateway.assertStatus;
import static eu.xs2a.e2e.faults.Gateway.consent;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONFIRMATIONS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.e2e.deploy.Monitoring;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Repository;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code bin/kpi} against the whole stack (the fault tests' own, whose bank a test can fail): a known traffic pattern
 * of funds confirmations (PIIS) and refused account reads (AIS), with the bank failing five confirmations in a row,
 * shows in the merged report exactly, the five as the bank's errors and as an unavailable period of PIIS
 * (docs/ARCHITECTURE.md "Dedicated-interface KPIs"). The report is taken before and after the traffic over the same
 * minutes, so the setup's requests (the TPP, its consents) are in both and the difference is the known traffic.
 */
@ResourceLock(Lanes.OWN_STACKS)
@Tag("faults")
class KpiReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SERVICES = List.of(REGISTRATION_SERVICE, CONSENT_SERVICE, ACCOUNT_SERVICE,
            PAYMENT_SERVICE);
    private final FaultStack faults = FaultStack.get();

    @AfterEach
    void healTheBank() {
        faults.healBanks();
    }

    @Test
    void theReportShowsTheKnownTrafficExactly() {
        // the range holds the setup's requests too (consent-service's funds consent among them): they are in both reports
        Instant from = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        Tpp tpp = faults.newTpp("KPI Figures", "PSP_AI", "PSP_IC");
        String aisConsent = faults.approvedAisConsent(tpp);
        String fundsConsent = faults.approvedFundsConsent(tpp);
        assertStatus(200, tpp.get(ACCOUNTS, consent(aisConsent)));

        List<String> range = List.of("--from", from.toString(), "--to", from.plus(1, ChronoUnit.HOURS).toString());
        JsonNode before = kpi(range, "json");

        for (int i = 0; i < 4; i++) {
            assertStatus(200, confirmFunds(tpp, fundsConsent));
        }
        assertStatus(401, tpp.get(ACCOUNTS, consent("no-such-consent")));
        assertStatus(401, tpp.get(ACCOUNTS, consent("no-such-consent")));
        faults.bankOf(ACCOUNT_SERVICE).fail(BankProxy.Call.is("POST", "/bank/v1/funds-checks"));
        for (int i = 0; i < 5; i++) {
            assertStatus(503, confirmFunds(tpp, fundsConsent));
        }
        faults.healBanks();
        assertStatus(200, confirmFunds(tpp, fundsConsent));

        JsonNode after = kpi(range, "json");
        Instant end = Instant.now();
        JsonNode piisBefore = figures(before, "PIIS");
        JsonNode piis = figures(after, "PIIS");
        assertEquals(List.of(ACCOUNT_SERVICE, CONSENT_SERVICE), sorted(piis.get("services")),
                "PIIS is answered by account-service (confirmations) and consent-service (its consents)");
        assertEquals(10, count(piis, "requests") - count(piisBefore, "requests"));
        assertEquals(5, count(piis, "ok") - count(piisBefore, "ok"));
        assertEquals(5, count(piis, "bankErrors") - count(piisBefore, "bankErrors"));
        assertEquals(0, count(piis, "gatewayErrors") - count(piisBefore, "gatewayErrors"));
        assertEquals(0, count(piis, "clientErrors") - count(piisBefore, "clientErrors"));
        assertEquals(5, count(piis, "unanswered") - count(piisBefore, "unanswered"));
        assertEquals(5, piis.path("byStatus").path("503").asLong() - piisBefore.path("byStatus").path("503").asLong());
        long requests = count(piis, "requests");
        assertEquals(share(requests - count(piis, "unanswered"), requests), piis.get("availability").asDouble());
        assertEquals(share(count(piis, "bankErrors"), requests), piis.get("bankErrorRate").asDouble());
        assertEquals(requests, sum(piis.get("latencyBuckets")), "every request in the latency histogram");

        JsonNode ais = figures(after, "AIS");
        JsonNode aisBefore = figures(before, "AIS");
        assertEquals(2, count(ais, "requests") - count(aisBefore, "requests"));
        assertEquals(2, count(ais, "clientErrors") - count(aisBefore, "clientErrors"));
        assertEquals(count(aisBefore, "unanswered"), count(ais, "unanswered"));

        // the five failures in a row: one unavailable period of PIIS, on account-service, ended by the next answer
        List<JsonNode> periods = new ArrayList<>();
        after.get("unavailablePeriods").forEach(periods::add);
        before.get("unavailablePeriods").forEach(old -> periods.removeIf(old::equals));
        assertEquals(1, periods.size(), after.get("unavailablePeriods").toString());
        JsonNode period = periods.get(0);
        assertEquals("PIIS", period.get("serviceClass").asText());
        assertEquals(ACCOUNT_SERVICE, period.get("service").asText());
        Instant start = Instant.parse(period.get("start").asText());
        assertFalse(start.isBefore(from), period.toString());
        assertFalse(Instant.parse(period.get("end").asText()).isBefore(start), period.toString());
        assertFalse(Instant.parse(period.get("end").asText()).isAfter(end), period.toString());
        assertTrue(piis.get("unavailableSeconds").asLong() >= period.get("seconds").asLong());

        for (JsonNode service : after.get("services")) {
            assertTrue(SERVICES.contains(service.get("service").asText()), service.toString());
        }
        // the same report as CSV and as a table
        String csv = run(command(range, "csv")).output();
        assertTrue(csv.startsWith("record,service,service_class,requests,"), csv);
        assertTrue(csv.lines().anyMatch(line -> line.startsWith("class,consent-service+account-service,PIIS,"
                + requests + ",")), csv);
        assertTrue(csv.lines().anyMatch(line -> line.startsWith("unavailable,account-service,PIIS,")), csv);
        String table = run(command(range, "table")).output();
        assertTrue(table.lines().anyMatch(line -> line.matches("PIIS\\s+" + requests + "\\s.*")), table);

        // account-service's page, as an operator's browser shows it: a chart per class, the figures, the period
        String chart = faults.serviceUrl(ACCOUNT_SERVICE) + "/internal/v1/kpi/chart?from=" + from + "&to="
                + from.plus(1, ChronoUnit.HOURS);
        String page = browser().open(chart).pageText();
        assertTrue(page.contains("Dedicated interface: account-service"), page);
        assertTrue(page.contains("Unavailable periods") && page.contains(period.get("start").asText()), page);
        String refused = browser().open(faults.serviceUrl(ACCOUNT_SERVICE) + "/internal/v1/kpi/chart?day=29.11.2026")
                .pageText();
        assertTrue(refused.contains("is not a date such as 2026-11-29") && !refused.contains("tppMessages"), refused);
    }

    @Test
    void aBadRangeIsRefused() throws Exception {
        Result refused = run(command(List.of("--from", "2026-11-30", "--to", "2026-11-29"), "json"));
        assertEquals(2, refused.exit(), refused.output());
        assertTrue(refused.error().contains("from must be before to"), refused.error());
        Result unknown = run(List.of("bin/kpi", "--day", "2026-11-29", "--format", "xml"));
        assertEquals(2, unknown.exit());
        assertTrue(unknown.error().contains("--format: table, json or csv"), unknown.error());

        // the operator endpoint answers the standard body, and only on the service's own port
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> direct = http.send(HttpRequest.newBuilder(URI.create(
                faults.serviceUrl(ACCOUNT_SERVICE) + "/internal/v1/kpi?quarter=2026-Q5")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, direct.statusCode());
        assertEquals("FORMAT_ERROR", JSON.readTree(direct.body()).get("error_code").asText(), direct.body());
        HttpResponse<String> throughIngress = http.send(HttpRequest.newBuilder(URI.create(
                faults.baseUrl() + "/internal/v1/kpi?day=2026-11-29")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, throughIngress.statusCode(), "the ingress never routes /internal/: " + throughIngress.body());
    }

    /**
     * Every metric k8s/monitoring's dashboard and alerts name is on a running service's /q/metrics once the services
     * have served a TPP, called the bank and run a task (a consent's creation does all three); the task gauges are
     * counted every 30 s.
     */
    @Test
    void everyMetricTheDashboardNamesIsExported() {
        Tpp tpp = faults.newTpp("KPI Metrics", "PSP_IC");
        assertStatus(201, tpp.post(FUNDS_CONSENTS, Gateway.redirect(redirectUri("ok"), redirectUri("nok")),
                Gateway.fundsConsentBody(PSU1_MAIN)));
        Set<String> wanted = new TreeSet<>(Monitoring.metricNames());
        wanted.removeAll(Monitoring.PROMETHEUS_OWN);
        Set<String> missing = Eventually.within(Duration.ofSeconds(90), "every metric of the dashboard exported",
                () -> {
                    Set<String> left = new TreeSet<>(wanted);
                    SERVICES.forEach(service -> left.removeAll(exported(service)));
                    return left;
                }, Set::isEmpty);
        assertEquals(Set.of(), missing);
    }

    /** The metric names on a service's /q/metrics. */
    private Set<String> exported(String service) {
        try {
            HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    faults.serviceUrl(service) + "/q/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, metrics.statusCode(), service);
            return metrics.body().lines().filter(line -> !line.startsWith("#") && !line.isBlank())
                    .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Response confirmFunds(Tpp tpp, String fundsConsent) {
        return tpp.post(FUNDS_CONFIRMATIONS, consent(fundsConsent), Gateway.fundsBody(PSU1_MAIN, "1.00"));
    }

    private JsonNode kpi(List<String> range, String format) {
        Result result = run(command(range, format));
        assertEquals(0, result.exit(), result.error());
        try {
            return JSON.readTree(result.output());
        } catch (IOException e) {
            throw new UncheckedIOException(result.output(), e);
        }
    }

    /** bin/kpi asking this stack's services on their own ports. */
    private List<String> command(List<String> range, String format) {
        List<String> command = new ArrayList<>(List.of("bin/kpi"));
        command.addAll(range);
        command.addAll(List.of("--format", format));
        for (String service : SERVICES) {
            command.addAll(List.of("--service", service + "=" + faults.serviceUrl(service)));
        }
        return command;
    }

    private record Result(int exit, String output, String error) {
    }

    private static Result run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).directory(Repository.root().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            byte[] out = process.getInputStream().readAllBytes();
            byte[] err = process.getErrorStream().readAllBytes();
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "bin/kpi did not end");
            return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                    new String(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A class's figures in a merged report; an empty node when the class had no request. */
    private static JsonNode figures(JsonNode report, String serviceClass) {
        for (JsonNode figures : report.get("classes")) {
            if (figures.get("serviceClass").asText().equals(serviceClass)) {
                return figures;
            }
        }
        return JSON.createObjectNode();
    }

    private static long count(JsonNode figures, String field) {
        return figures.path(field).asLong(0);
    }

    private static long sum(JsonNode counts) {
        long total = 0;
        for (JsonNode n : counts) {
            total += n.asLong();
        }
        return total;
    }

    private static List<String> sorted(JsonNode names) {
        return StreamSupport.stream(names.spliterator(), false).map(JsonNode::asText).sorted().toList();
    }

    private static double share(long part, long whole) {
        return Math.round(part * 1_000_000.0 / whole) / 1_000_000.0;
    }
}
