package eu.xs2a.e2e.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The latency of each endpoint class in a mixed workload, which wrk cannot tell apart: read from the ingress's access
 * log (one JSON line per request, {@code requestTime} in seconds to the millisecond) over the lines the measurement
 * added. The log is the one bin/run and every deployment write, so reading it costs the run nothing extra.
 */
final class EndpointLatencies {

    /** One class of a workload: how many answers, and their p50 and p99 in milliseconds. */
    record EndpointClass(String workload, String name, long requests, double p50Millis, double p99Millis) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Pattern> CLASSES = new LinkedHashMap<>();

    static {
        CLASSES.put("accounts", Pattern.compile("GET .*/v1/accounts"));
        CLASSES.put("balances", Pattern.compile("GET .*/v1/accounts/[^/]+/balances"));
        CLASSES.put("transactions", Pattern.compile("GET .*/v1/accounts/[^/]+/transactions"));
        CLASSES.put("consent creation", Pattern.compile("POST .*/v1/consents"));
        CLASSES.put("payment initiation", Pattern.compile("POST .*/v1/payments/[^/]+"));
        CLASSES.put("payment status", Pattern.compile("GET .*/v1/payments/[^/]+/[^/]+/status"));
    }

    /** The classes that are account reads, whose p99 the targets judge. */
    static final List<String> READS = List.of("accounts", "balances", "transactions");
    static final String REFUSED = "refused (401)";

    private EndpointLatencies() {
    }

    /** The log's size now: where the next measurement's lines begin. */
    static long mark(Path accessLog) {
        try {
            return Files.exists(accessLog) ? Files.size(accessLog) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each class's latency over the lines written since {@code mark}, refusals apart, then all reads together. */
    static List<EndpointClass> since(Path accessLog, long mark, String workload) {
        Map<String, List<Double>> millis = new LinkedHashMap<>();
        for (String line : linesSince(accessLog, mark)) {
            JsonNode entry;
            try {
                entry = JSON.readTree(line);
            } catch (IOException e) {
                continue; // a line cut by the moment the mark was taken
            }
            String name = classOf(entry.path("method").asText(), entry.path("uri").asText(), entry.path("status").asInt());
            millis.computeIfAbsent(name, k -> new ArrayList<>()).add(entry.path("requestTime").asDouble() * 1000);
        }
        List<EndpointClass> classes = new ArrayList<>();
        millis.forEach((name, values) -> classes.add(of(workload, name, values)));
        List<Double> reads = new ArrayList<>();
        READS.forEach(name -> reads.addAll(millis.getOrDefault(name, List.of())));
        if (!reads.isEmpty()) {
            classes.add(of(workload, "all account reads", reads));
        }
        return classes;
    }

    static String classOf(String method, String uri, int status) {
        if (status == 401) {
            return REFUSED;
        }
        String request = method + " " + uri.replaceFirst("\\?.*", "");
        return CLASSES.entrySet().stream().filter(c -> c.getValue().matcher(request).matches()).map(Map.Entry::getKey)
                .findFirst().orElse("other");
    }

    private static EndpointClass of(String workload, String name, List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return new EndpointClass(workload, name, sorted.size(), percentile(sorted, 50), percentile(sorted, 99));
    }

    private static double percentile(List<Double> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1)));
    }

    private static List<String> linesSince(Path accessLog, long mark) {
        try (RandomAccessFile file = new RandomAccessFile(accessLog.toFile(), "r")) {
            file.seek(mark);
            byte[] bytes = new byte[(int) (file.length() - mark)];
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
