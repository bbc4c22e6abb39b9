package eu.xs2a.platform.kpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.task.TaskClock;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The KPIs from a known traffic pattern: real HTTP requests on the dedicated interface's paths
 * ({@link KpiTrafficResource}), with latencies given by {@link TestTicker}, answered as the gateway answers (4xx
 * refusals, an unexpected 500, the bank client's 503 for a bank that refuses the connection); the report of
 * {@code /internal/v1/kpi} must show exactly those figures, as JSON, CSV and a chart page.
 */
@QuarkusTest
class KpiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TestHTTPResource("/")
    URI base;
    @Inject AgroalDataSource dataSource;
    @Inject KpiJobs jobs;
    @Inject TaskClock clock;
    @Inject TestTicker ticker;
    private long readsBefore;
    private int trafficSent;

    @BeforeEach
    void empty() throws Exception {
        jobs.flush();
        try (Connection connection = dataSource.getConnection(); Statement s = connection.createStatement()) {
            s.execute("truncate kpi_request, kpi_latency, kpi_unavailable, kpi_probe");
        }
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void reportShowsTheKnownTrafficExactly() throws Exception {
        Instant start = clock.instant();
        readsBefore = ticker.reads();
        String ais = "sandbox/api/berlingroup/v1/accounts/";
        for (int i = 0; i < 10; i++) {
            assertEquals(200, traffic(ais + "ok?ms=20").statusCode());
        }
        // an OPTIONS is no operation of the interface: not counted (were it, the next waits would be off by one)
        assertEquals(200, HTTP.send(HttpRequest.newBuilder(base.resolve(ais + "ok")).method("OPTIONS",
                HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(400, traffic(ais + "refused?ms=3").statusCode());
        assertEquals(400, traffic(ais + "refused?ms=3").statusCode());
        assertEquals(200, traffic(ais + "ok?ms=700").statusCode());
        // five answers unanswered in a row (a gateway 500, then the bank's 503s) make AIS unavailable...
        assertEquals(500, traffic(ais + "broken?ms=0").statusCode());
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> bank = traffic(ais + "bank?ms=0");
            assertEquals(503, bank.statusCode());
            assertTrue(bank.body().contains("SERVICE_UNAVAILABLE"), bank.body());
        }
        // ...an answer after 30 s is unanswered too, and the next one in time ends the period
        assertEquals(200, traffic(ais + "ok?ms=31000").statusCode());
        assertEquals(200, traffic(ais + "ok?ms=20").statusCode());
        assertEquals(200, traffic("sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/ok?ms=100").statusCode());
        assertEquals(200, traffic("sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/ok?ms=100").statusCode());
        assertEquals(200, traffic("api/berlingroup/v1/tpp/ok?ms=2").statusCode());
        // outside the dedicated interface: not counted
        assertEquals(200, get("q/health/ready").statusCode());
        Instant end = clock.instant();

        String range = "from=" + encode(start.minus(1, ChronoUnit.HOURS)) + "&to=" + encode(end.plus(1, ChronoUnit.HOURS));
        HttpResponse<String> answer = get("internal/v1/kpi?" + range);
        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode report = JSON.readTree(answer.body());
        assertEquals(30000, report.get("unansweredAfterMs").asLong());
        JsonNode classes = report.get("classes");
        assertEquals(List.of("AIS", "PIS", "REGISTRATION"), classes.findValuesAsText("serviceClass"));

        JsonNode aisFigures = classes.get(0);
        assertEquals(21, aisFigures.get("requests").asLong());
        assertEquals(12, aisFigures.get("ok").asLong());
        assertEquals(2, aisFigures.get("clientErrors").asLong());
        assertEquals(0, aisFigures.get("bankRefusals").asLong());
        assertEquals(1, aisFigures.get("gatewayErrors").asLong());
        assertEquals(5, aisFigures.get("bankErrors").asLong());
        assertEquals(1, aisFigures.get("late").asLong());
        assertEquals(7, aisFigures.get("unanswered").asLong());
        assertEquals(0.666667, aisFigures.get("availability").asDouble()); // 14 of 21 answered in time without a 5xx
        assertEquals(0.047619, aisFigures.get("gatewayErrorRate").asDouble());
        assertEquals(0.238095, aisFigures.get("bankErrorRate").asDouble());
        assertEquals(25, aisFigures.get("p50Ms").asInt());   // the 11th of 21: the 20 ms answers' bucket
        assertEquals(750, aisFigures.get("p95Ms").asInt());  // the 20th: 700 ms
        assertEquals(60000, aisFigures.get("p99Ms").asInt()); // the 21st: 31 s
        assertEquals(Map.of("200", 13, "400", 2, "500", 1, "503", 5), JSON.convertValue(aisFigures.get("byStatus"),
                Map.class));
        assertEquals(Map.of("5", 8, "25", 11, "750", 1, "60000", 1), JSON.convertValue(aisFigures.get("latencyBuckets"),
                Map.class));

        JsonNode pis = classes.get(1);
        assertEquals(2, pis.get("requests").asLong());
        assertEquals(1.0, pis.get("availability").asDouble());
        assertEquals(100, pis.get("p50Ms").asInt());
        assertEquals(100, pis.get("p99Ms").asInt());
        JsonNode registration = classes.get(2);
        assertEquals(1, registration.get("requests").asLong());
        assertEquals(5, registration.get("p95Ms").asInt());
        assertEquals(0.0, registration.get("bankErrorRate").asDouble());

        JsonNode periods = report.get("unavailablePeriods");
        assertEquals(1, periods.size());
        JsonNode period = periods.get(0);
        assertEquals("AIS", period.get("serviceClass").asText());
        Instant periodStart = Instant.parse(period.get("start").asText());
        Instant periodEnd = Instant.parse(period.get("end").asText());
        assertFalse(periodStart.isBefore(start.truncatedTo(ChronoUnit.MILLIS)), period.toString());
        assertFalse(periodEnd.isBefore(periodStart), period.toString());
        assertFalse(periodEnd.isAfter(end), period.toString());
        assertEquals(Duration.between(periodStart.truncatedTo(ChronoUnit.SECONDS),
                periodEnd.truncatedTo(ChronoUnit.SECONDS)).toSeconds(), period.get("seconds").asLong());
        assertEquals(period.get("seconds").asLong(), aisFigures.get("unavailableSeconds").asLong());

        // the same as CSV
        HttpResponse<String> csv = get("internal/v1/kpi?format=csv&" + range);
        assertEquals(200, csv.statusCode());
        assertTrue(csv.headers().firstValue("Content-Type").orElse("").startsWith("text/csv"));
        String service = report.get("service").asText();
        List<String> lines = csv.body().lines().toList();
        assertEquals(KpiCsv.HEADER, lines.get(0));
        assertEquals("class," + service + ",AIS,21,12,2,0,1,5,1,7,0.666667,0.047619,0.238095,25,750,60000,"
                + aisFigures.get("unavailableSeconds").asLong() + ",,,,,", lines.get(1));
        assertEquals("unavailable," + service + ",AIS,,,,,,,,,,,,,,," + period.get("seconds").asLong() + ","
                + periodStart + "," + periodEnd + ",,,", lines.get(4));
        assertTrue(lines.get(5).startsWith("probes," + service + ","), lines.get(5));

        // and as a page: a chart per class, the figures, the period
        HttpResponse<String> chart = get("internal/v1/kpi/chart?" + range);
        assertEquals(200, chart.statusCode());
        assertTrue(chart.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertEquals(3, chart.body().split("<svg class=\"chart\"", -1).length - 1);
        assertTrue(chart.body().contains("<td>AIS</td><td>21</td><td>66.667 %</td><td>25</td><td>750</td><td>60000</td>"),
                chart.body());
        assertTrue(chart.body().contains("class=\"unavailable\""));
    }

    @Test
    void theSelfProbeCountsMinutesUp() throws Exception {
        // at a minute's first second, so that the steps below stay in the minutes they mean
        Instant now = clock.instant();
        clock.advance(Duration.between(now, now.truncatedTo(ChronoUnit.MINUTES).plusSeconds(61)));
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        String range = "from=" + encode(minute.minus(10, ChronoUnit.MINUTES)) + "&to="
                + encode(minute.plus(10, ChronoUnit.MINUTES));
        jobs.probe();
        clock.advance(Duration.ofMinutes(1));
        jobs.probe();
        JsonNode probes = JSON.readTree(get("internal/v1/kpi?" + range).body()).get("probes");
        // from the first minute probed to the last full one: one minute, up
        assertEquals(1, probes.get("expectedMinutes").asLong(), probes.toString());
        assertEquals(1, probes.get("upMinutes").asLong());
        assertEquals(1.0, probes.get("uptime").asDouble());
        clock.advance(Duration.ofMinutes(2));
        probes = JSON.readTree(get("internal/v1/kpi?" + range).body()).get("probes");
        // three full minutes, two of them probed: the third had no probe, so the service was not there to answer
        assertEquals(3, probes.get("expectedMinutes").asLong(), probes.toString());
        assertEquals(2, probes.get("upMinutes").asLong());
        assertEquals(0.666667, probes.get("uptime").asDouble());
    }

    @Test
    void aDayAndAQuarterAreRanges() throws Exception {
        JsonNode day = JSON.readTree(get("internal/v1/kpi?day=2026-02-28").body());
        assertEquals("2026-02-28T00:00:00Z", day.get("from").asText());
        assertEquals("2026-03-01T00:00:00Z", day.get("to").asText());
        JsonNode quarter = JSON.readTree(get("internal/v1/kpi?quarter=2026-Q4").body());
        assertEquals("2026-10-01T00:00:00Z", quarter.get("from").asText());
        assertEquals("2027-01-01T00:00:00Z", quarter.get("to").asText());
        JsonNode dates = JSON.readTree(get("internal/v1/kpi?from=2026-11-01&to=2026-11-30").body());
        assertEquals("2026-12-01T00:00:00Z", dates.get("to").asText());
        assertEquals(0, dates.get("classes").size());
    }

    @Test
    void aBadRangeIsAFormatError() throws Exception {
        for (String query : List.of("", "from=2026-11-29", "to=2026-11-29", "from=2026-11-29&to=2026-11-28",
                "from=yesterday&to=2026-11-29", "day=2026-13-01", "quarter=2026-Q5", "day=2026-11-29&quarter=2026-Q4",
                "from=2020-01-01&to=2026-01-01", "day=2026-11-29&format=xml", "from=2026-11-29T10:00:00&to=2026-11-30")) {
            HttpResponse<String> answer = get("internal/v1/kpi?" + query);
            assertEquals(400, answer.statusCode(), query);
            JsonNode body = JSON.readTree(answer.body());
            assertEquals("FORMAT_ERROR", body.get("error_code").asText(), query);
            assertEquals("FormatError", body.get("error_text").asText(), query);
            assertNotNull(body.get("tppMessages").get(0).get("text"), query);
        }
        // a browser asking for the chart gets a page
        HttpResponse<String> page = get("internal/v1/kpi/chart?quarter=Q4");
        assertEquals(400, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"), page.body());
        assertTrue(page.body().contains("is not a quarter such as 2026-Q4"), page.body());
    }

    /**
     * A request on the dedicated interface, returned once the recorder has counted it (it reads the ticker when the
     * request arrives and when its answer has gone), so that each answer is counted with its own latency only.
     */
    private HttpResponse<String> traffic(String path) throws Exception {
        HttpResponse<String> answer = get(path);
        trafficSent++;
        ticker.awaitReads(readsBefore + 2 * trafficSent);
        return answer;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String encode(Instant instant) {
        return URLEncoder.encode(instant.toString(), StandardCharsets.UTF_8);
    }
}
