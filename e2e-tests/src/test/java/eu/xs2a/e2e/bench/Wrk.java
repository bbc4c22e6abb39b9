package eu.xs2a.e2e.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs wrk (Debian's package) with bench/replay.lua and reads the summary the script writes. */
final class Wrk {

    static final int THREADS = 2;
    /** As the expected status: each request of the file has its own (bench/replay.lua, "@expect"). */
    static final int PER_LINE = 0;

    /** One measured run of one workload. */
    record Result(long requests, double seconds, long unexpectedStatus, long socketErrors, long timeouts,
                  long fileWrapped, long p50Micros, long p90Micros, long p99Micros, long maxMicros) {

        double requestsPerSecond() {
            return requests / seconds;
        }

        long errors() {
            return unexpectedStatus + socketErrors + timeouts;
        }
    }

    private final Path script;
    private final Path workDir;

    Wrk(Path script, Path workDir) {
        this.script = script;
        this.workDir = workDir;
    }

    /**
     * Replays {@code requests} against {@code url} (scheme://host:port) with {@code connections} for {@code seconds};
     * every answer must have {@code expectedStatus}, or with {@link #PER_LINE} each request's own.
     */
    Result run(String url, Path requests, int expectedStatus, int connections, int seconds) {
        try {
            Path result = Files.createTempFile(workDir, "wrk-", ".json");
            List<String> command = new ArrayList<>(List.of("wrk", "-t" + THREADS, "-c" + connections,
                    "-d" + seconds + "s", "--timeout", "5s", "-s", script.toString(), url));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("BENCH_REQUESTS", requests.toString());
            builder.environment().put("BENCH_EXPECT", expectedStatus == PER_LINE ? "line" : String.valueOf(expectedStatus));
            builder.environment().put("BENCH_RESULT", result.toString());
            builder.environment().put("BENCH_THREADS", String.valueOf(THREADS));
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes());
            if (process.waitFor() != 0 || Files.size(result) == 0) {
                throw new IllegalStateException("wrk failed: " + output);
            }
            JsonNode json = new ObjectMapper().readTree(result.toFile());
            return new Result(json.get("requests").asLong(), json.get("duration_us").asLong() / 1_000_000.0,
                    json.get("unexpected_status").asLong(), json.get("socket_errors").asLong(),
                    json.get("timeouts").asLong(), json.get("file_wrapped").asLong(), json.get("p50_us").asLong(),
                    json.get("p90_us").asLong(), json.get("p99_us").asLong(), json.get("max_us").asLong());
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run wrk (apt-get install wrk): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
