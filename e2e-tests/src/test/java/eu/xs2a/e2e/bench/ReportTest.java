package eu.xs2a.e2e.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench's arithmetic, which no run checks: the ratios to the floors and the reading of the JMH result. */
class ReportTest {

    @TempDir
    Path dir;

    @Test
    void setsEachWorkloadAgainstTheFloors() {
        Report report = new Report();
        // 30,000 balances in 15 s at 10 ms p50, 40 ms p99, 500 µs of CPU each; nginx: 600,000 at 0.5 ms, 2 ms, 25 µs
        report.add(workload("balances-ingress", new Wrk.Result(30_000, 15, 0, 0, 0, 0, 10_000, 20_000, 40_000, 90_000),
                500, 25_000));
        report.add(workload(Report.STATIC_FLOOR, new Wrk.Result(600_000, 15, 0, 0, 0, 0, 500, 800, 2_000, 9_000), 25,
                26_000));
        report.pipeline(new PipelineBenchmark.Result(42.0, 1.5, 40.0));

        String md = report.markdown();

        assertTrue(md.contains("| balances-ingress | 5.0% | 20× | 20× | 20× | 25000 | 12.5 |"), md);
        assertFalse(md.contains("| " + Report.STATIC_FLOOR + " | 100.0%"), "the floor is not set against itself");
        assertTrue(md.contains("| 90 | 2 (longest 13.0 ms) | balances-ingress |"), "the machine's stalls beside the workload");
        assertTrue(md.contains("42.0 ± 1.5 µs per request; a bare RSA-2048 verify in the same JMH run 40.0 µs "
                + "(the pipeline takes 1.05 times as long)"), md);
    }

    /** Issue 56's targets count the database too: 500 µs of the stack and 300 µs of PostgreSQL at 25,000/s are 20. */
    @Test
    void countsTheDatabaseInTheVerificationsPerRequest() {
        Report.Workload read = new Report.Workload("balances-ingress", "", new Wrk.Result(30_000, 15, 0, 0, 0, 0, 10_000,
                20_000, 40_000, 90_000), 500, Map.of("account-service", 500L, Report.POSTGRESQL, 300L), 25_000, 0,
                new MachineStalls.Result(3_000, 0, 0, null), 90);

        assertEquals(800, read.cpuWithDatabaseMicros());
        assertEquals(20.0, read.cpuWithDatabaseInRsaVerifies(), 1e-9);
    }

    /** People read the targets first: the report leads with them, met or missed, then the run's details. */
    @Test
    void leadsWithTheTargetsAndDrawsTheChart() throws Exception {
        Report report = new Report();
        report.fact("date", "today");
        report.add(workload("balances-ingress", new Wrk.Result(30_000, 15, 0, 0, 0, 0, 10_000, 20_000, 40_000, 90_000),
                500, 25_000));
        report.add(workload(Report.STATIC_FLOOR, new Wrk.Result(600_000, 15, 0, 0, 0, 0, 500, 800, 2_000, 9_000), 0,
                26_000));
        report.add(new Report.Target("signed balances read", "≤ 10", "12.5", false));
        report.add(new Report.Target("errors in every workload", "0", "0", true));

        report.write(dir);

        String md = Files.readString(dir.resolve("latest.md"));
        assertTrue(md.startsWith("# Benchmark — latest run\n\n## Targets: 1 of 2 met\n"), md);
        assertTrue(md.contains("| signed balances read | ≤ 10 | 12.5 | **missed** |"), md);
        assertTrue(md.indexOf("## Targets") < md.indexOf("- date: today"), "the targets come before the run's facts");
        assertTrue(Files.size(dir.resolve("latest.png")) > 10_000, "the chart is drawn");
    }

    @Test
    void readsTheSecurityPipelineFromJmhsJson() throws Exception {
        Path file = dir.resolve("jmh.json");
        Files.writeString(file, "[" + run(PipelineBenchmark.PIPELINE, "25000.0", "1000.0") + ","
                + run(PipelineBenchmark.RAW_VERIFY, "27000.0", "\"NaN\"") + "]");

        PipelineBenchmark.Result result = PipelineBenchmark.read(file).orElseThrow();

        assertEquals(40.0, result.pipelineMicros(), 1e-9);
        assertEquals(1.6, result.pipelineErrorMicros(), 1e-9); // 10^6 × 1000 / 25000²
        assertEquals(1_000_000 / 27000.0, result.rawVerifyMicros(), 1e-9);
    }

    @Test
    void noResultFileMeansNotMeasured() throws Exception {
        assertTrue(PipelineBenchmark.read(dir.resolve("absent.json")).isEmpty());
        assertTrue(PipelineBenchmark.read(null).isEmpty());
    }

    @Test
    void refusesAResultWithoutBothBenchmarks() throws Exception {
        Path file = dir.resolve("jmh.json");
        Files.writeString(file, "[" + run(PipelineBenchmark.PIPELINE, "25000.0", "1000.0") + "]");

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> PipelineBenchmark.read(file));
        assertTrue(refused.getMessage().contains("rawJdkRsa2048Verify"), refused.getMessage());
    }

    @Test
    void refusesATimeInsteadOfARate() throws Exception {
        Path file = dir.resolve("jmh.json");
        Files.writeString(file, "[" + run(PipelineBenchmark.PIPELINE, "40.0", "1.0").replace("\"thrpt\"", "\"avgt\"")
                .replace("ops/s", "us/op") + "," + run(PipelineBenchmark.RAW_VERIFY, "27000.0", "0") + "]");

        assertThrows(IllegalStateException.class, () -> PipelineBenchmark.read(file));
    }

    private static Report.Workload workload(String name, Wrk.Result result, long cpuMicros, double rsaVerifiesPerSecond) {
        return new Report.Workload(name, name, result, cpuMicros, Map.of("nginx", cpuMicros), rsaVerifiesPerSecond, 0,
                new MachineStalls.Result(3_000, 2, 13_000, null), 90);
    }

    /** One benchmark's entry as JMH 1.37 writes it with -rf json (the fields the bench reads, and a few beside them). */
    private static String run(String benchmark, String score, String error) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"" + benchmark + "\",\"mode\":\"thrpt\",\"threads\":1,\"forks\":1,"
                + "\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error
                + ",\"scoreConfidence\":[0,0],\"scoreUnit\":\"ops/s\",\"rawData\":[[" + score + "]]},"
                + "\"secondaryMetrics\":{}}";
    }
}
