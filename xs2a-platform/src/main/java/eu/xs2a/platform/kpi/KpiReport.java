package eu.xs2a.platform.kpi;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One service's KPI report for a range (docs/ARCHITECTURE.md "Dedicated-interface KPIs"), as
 * {@code /internal/v1/kpi} answers it in JSON; {@code bin/kpi} merges the four services' reports.
 *
 * @param service            the service ({@code quarkus.application.name})
 * @param from               the range's start, included
 * @param to                 its end, excluded
 * @param unansweredAfterMs  an answer later than this counted as unanswered
 * @param probes             the service's uptime by its own probes
 * @param classes            the figures of each service class the service answered in the range
 * @param unavailablePeriods the periods of the EBA's "unavailable" overlapping the range, oldest first
 */
@RegisterForReflection
public record KpiReport(String service, Instant from, Instant to, long unansweredAfterMs, Probes probes,
                        List<ClassFigures> classes, List<Period> unavailablePeriods) {

    /**
     * @param expectedMinutes minutes of the range from the first probe ever to the last full minute
     * @param upMinutes       of those, minutes in which a probe found the service ready
     * @param uptime          upMinutes / expectedMinutes, null when no minute was expected
     */
    public record Probes(long expectedMinutes, long upMinutes, @JsonInclude(JsonInclude.Include.ALWAYS) Double uptime) {
    }

    /**
     * @param requests           every answer of the class in the range
     * @param ok                 answered below 400 within the unanswered limit
     * @param clientErrors       4xx the gateway gave (the caller's request)
     * @param bankRefusals       4xx from the bank's judgement of the request (translated by the bank client)
     * @param gatewayErrors      5xx (or no answer) the gateway caused
     * @param bankErrors         5xx the bank caused (unreachable, slow, failing; translated by the bank client)
     * @param late               answers after the unanswered limit, whatever their status
     * @param unanswered         requests unanswered by the EBA's rule: a 5xx, no answer, or late
     * @param availability       share answered in time without a 5xx: 1 - unanswered / requests
     * @param gatewayErrorRate   gatewayErrors / requests
     * @param bankErrorRate      bankErrors / requests
     * @param p50Ms              median latency: the upper bound of the histogram bucket holding it, null above
     *                           the last bound
     * @param unavailableSeconds seconds of the range in unavailable periods of the class
     * @param byStatus           requests per HTTP status (0: the connection closed unanswered)
     * @param latencyBuckets     requests per bucket upper bound in ms ({@code 2147483647}: above the last)
     */
    public record ClassFigures(ServiceClass serviceClass, long requests, long ok, long clientErrors, long bankRefusals,
                               long gatewayErrors, long bankErrors, long late, long unanswered,
                               Double availability,
                               Double gatewayErrorRate, Double bankErrorRate,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Integer p50Ms,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Integer p95Ms,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Integer p99Ms,
                               long unavailableSeconds, Map<Integer, Long> byStatus,
                               Map<Integer, Long> latencyBuckets) {
    }

    /** An unavailable period; {@code end} null while it lasts, {@code seconds} its part of the range. */
    public record Period(ServiceClass serviceClass, Instant start,
                         @JsonInclude(JsonInclude.Include.ALWAYS) Instant end, long seconds) {
    }
}
