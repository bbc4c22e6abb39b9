package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.TraceCollector;
import eu.xs2a.e2e.support.TraceCollector.ReceivedSpan;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * One TPP request, one trace: a TPP sends its own {@code traceparent} through the ingress with a first account read,
 * and the trace holds account-service's server span (a child of the TPP's span, named by the X-Request-ID and the TPP's
 * organisation), its bank call, its consent lookup and consent-service's span answering that lookup, each process's
 * spans under the TPP's trace id (docs/ARCHITECTURE.md "Tracing"). The shared stack sends its spans to the
 * {@link TraceCollector}.
 */
class TracingJourneyTest extends Journey {

    private static final Duration EXPORTED = Duration.ofSeconds(20);

    @Test
    void aReadsTraceFollowsItThroughEveryProcessItTouched() throws Exception {
        Tpp aisp = newTpp("Trace Budget App", "PSP_AI");
        String consentId = approvedConsent(aisp, aisBody(PSU1_MAIN));

        HexFormat hex = HexFormat.of();
        String traceId = hex.formatHex(random(16));
        String tppSpanId = hex.formatHex(random(8));
        Map<String, String> headers = new HashMap<>(consent(consentId));
        headers.put("traceparent", "00-" + traceId + "-" + tppSpanId + "-01");
        Response read = aisp.get(ACCOUNTS, headers);
        assertStatus(200, read);
        String requestId = read.header("X-Request-ID");

        TraceCollector collector = TraceCollector.get();
        ReceivedSpan read1 = span(collector, traceId, "account-service's server span", s -> s.service()
                .equals("account-service") && s.kind().equals("SPAN_KIND_SERVER"));
        assertEquals(tppSpanId, read1.parentSpanId(), "a child of the TPP's span: " + read1);
        assertEquals(requestId, read1.attributes().get("xs2a.request_id"), read1.toString());
        assertEquals(aisp.organizationIdentifier(), read1.attributes().get("xs2a.tpp_id"), read1.toString());

        ReceivedSpan lookup = span(collector, traceId, "account-service's consent lookup", s -> s.service()
                .equals("account-service") && s.kind().equals("SPAN_KIND_CLIENT")
                && s.attributes().getOrDefault("url.full", "").contains("/internal/v1/consent-checks"));
        ReceivedSpan answer = span(collector, traceId, "consent-service answering the lookup", s -> s.service()
                .equals("consent-service") && s.kind().equals("SPAN_KIND_SERVER"));
        assertEquals(lookup.spanId(), answer.parentSpanId(), "the lookup's answer is a child of its call: " + answer);
        span(collector, traceId, "account-service's call to the bank", s -> s.service().equals("account-service")
                && s.kind().equals("SPAN_KIND_CLIENT") && s.attributes().getOrDefault("url.full", "").contains("/bank/"));

        assertTrue(Files.readString(stack.process("account-service").log()).contains(traceId),
                "account-service's log lines of the request carry its trace id");
    }

    private static ReceivedSpan span(TraceCollector collector, String traceId, String what,
                                     Predicate<ReceivedSpan> wanted) {
        return Eventually.within(EXPORTED, what + " in trace " + traceId,
                () -> collector.trace(traceId).stream().filter(wanted).findFirst().orElse(null),
                found -> found != null);
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        new SecureRandom().nextBytes(value);
        return value;
    }
}
