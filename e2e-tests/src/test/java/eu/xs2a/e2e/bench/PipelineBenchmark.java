package eu.xs2a.e2e.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The security pipeline's own figure: xs2a-security's JMH benchmark ({@code VerificationBenchmark}, issue 02), which
 * bin/bench runs on the idle machine before it starts the stack and hands over as a JMH JSON result file
 * ({@code -Dbench.jmh}). Read here rather than measured again, so that the pipeline is measured one way only.
 */
final class PipelineBenchmark {

    static final String PIPELINE = "eu.xs2a.security.bench.VerificationBenchmark.pipelineVerify";
    static final String RAW_VERIFY = "eu.xs2a.security.bench.VerificationBenchmark.rawJdkRsa2048Verify";

    /**
     * Microseconds per request, one thread: steps 1–5 of the pipeline with a known RSA-2048 certificate and a 1 KiB
     * body (with JMH's 99.9% error), and a bare JDK RSA-2048 verify of the same signing string in the same run.
     */
    record Result(double pipelineMicros, double pipelineErrorMicros, double rawVerifyMicros) {

        double pipelineOverRaw() {
            return pipelineMicros / rawVerifyMicros;
        }
    }

    private PipelineBenchmark() {
    }

    /** The result in {@code file}, or empty when there is no file (the bench was not started by bin/bench). */
    static Optional<Result> read(Path file) throws IOException {
        if (file == null || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode runs = new ObjectMapper().readTree(file.toFile());
        JsonNode pipeline = run(runs, PIPELINE);
        JsonNode raw = run(runs, RAW_VERIFY);
        double opsPerSecond = score(pipeline);
        // a rate's error turned into time: d(1/x) = dx / x²
        double errorMicros = 1_000_000 * error(pipeline) / (opsPerSecond * opsPerSecond);
        return Optional.of(new Result(1_000_000 / opsPerSecond, errorMicros, 1_000_000 / score(raw)));
    }

    private static JsonNode run(JsonNode runs, String benchmark) {
        for (JsonNode run : runs) {
            if (benchmark.equals(run.path("benchmark").asText())) {
                if (!"thrpt".equals(run.path("mode").asText()) || !"ops/s".equals(run.at("/primaryMetric/scoreUnit").asText())) {
                    throw new IllegalStateException(benchmark + ": expected a throughput in ops/s, got " + run.path("mode"));
                }
                return run;
            }
        }
        throw new IllegalStateException("no " + benchmark + " in the JMH result");
    }

    private static double score(JsonNode run) {
        double score = run.at("/primaryMetric/score").asDouble();
        if (!(score > 0)) {
            throw new IllegalStateException(run.path("benchmark").asText() + ": no score in the JMH result");
        }
        return score;
    }

    /** JMH writes "NaN", a string, as the error of a single measurement iteration. */
    private static double error(JsonNode run) {
        JsonNode error = run.at("/primaryMetric/scoreError");
        return error.isNumber() ? error.asDouble() : 0;
    }
}
