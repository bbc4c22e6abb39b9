package eu.xs2a.e2e.support;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * An OpenTelemetry collector for the tests: receives OTLP over HTTP ({@code POST /v1/traces}, protobuf) from the
 * services of the shared stack and keeps every span, so that a test can follow one request's trace through the
 * processes it touched. One for the JVM, started on first use.
 */
public final class TraceCollector {

    /** One received span, with the {@code service.name} of the process that sent it. */
    public record ReceivedSpan(String service, String traceId, String spanId, String parentSpanId, String name,
                               String kind, Map<String, String> attributes) {
    }

    private static TraceCollector instance;

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    private TraceCollector() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "trace-collector");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/v1/traces", exchange -> {
            try (exchange) {
                boolean gzip = "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"));
                try (InputStream body = gzip ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody()) {
                    keep(ExportTraceServiceRequest.parseFrom(body));
                }
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            }
        });
        server.start();
    }

    public static synchronized TraceCollector get() {
        if (instance == null) {
            instance = new TraceCollector();
        }
        return instance;
    }

    /**
     * What a service needs to send its spans here: tracing on (it is off by default), OTLP over HTTP to this
     * collector, and batches sent every 200 ms instead of every 5 s.
     */
    public Map<String, String> environment() {
        return Map.of(
                "QUARKUS_OTEL_SDK_DISABLED", "false",
                "QUARKUS_OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                "QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT", "http://localhost:" + server.getAddress().getPort(),
                "QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms");
    }

    /** Every span received so far of the trace {@code traceId} (32 hex digits). */
    public List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    private void keep(ExportTraceServiceRequest request) {
        HexFormat hex = HexFormat.of();
        for (ResourceSpans resource : request.getResourceSpansList()) {
            String service = text(resource.getResource().getAttributesList()).getOrDefault("service.name", "?");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (io.opentelemetry.proto.trace.v1.Span span : scope.getSpansList()) {
                    spans.add(new ReceivedSpan(service, hex.formatHex(span.getTraceId().toByteArray()),
                            hex.formatHex(span.getSpanId().toByteArray()),
                            hex.formatHex(span.getParentSpanId().toByteArray()), span.getName(),
                            span.getKind().name(), text(span.getAttributesList())));
                }
            }
        }
    }

    private static Map<String, String> text(List<KeyValue> attributes) {
        return attributes.stream().collect(Collectors.toMap(KeyValue::getKey, kv -> text(kv.getValue()),
                (first, second) -> first));
    }

    private static String text(AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> value.getStringValue();
            case INT_VALUE -> String.valueOf(value.getIntValue());
            case BOOL_VALUE -> String.valueOf(value.getBoolValue());
            case DOUBLE_VALUE -> String.valueOf(value.getDoubleValue());
            default -> value.toString();
        };
    }
}
