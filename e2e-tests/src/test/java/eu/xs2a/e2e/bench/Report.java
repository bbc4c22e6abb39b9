package eu.xs2a.e2e.bench;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Writes bench/results/latest.md and latest.png, and the console summary. */
final class Report {

    /** The workload that is the HTTP floor: nginx serving a static file through the same ingress. */
    static final String STATIC_FLOOR = "floor-nginx-static";
    /** The part of {@link Workload#cpuByPart()} that is the database, outside the stack's total. */
    static final String POSTGRESQL = "postgresql";

    /**
     * @param cpuByPart server CPU µs per request of each part of the stack, plus "postgresql" (not in the total)
     * @param rsaVerifiesPerSecond the machine's speed right before the measurement ({@link JdkFloors#probeRsaVerifiesPerSecond})
     * @param jitShare the share of the server CPU that the JVMs' JIT compilers took during the measurement
     * @param stalls how often the machine itself was held up during the measurement ({@link MachineStalls})
     * @param warmedUpSeconds how long its path was loaded on before the measurement
     */
    record Workload(String name, String description, Wrk.Result result, long cpuMicrosPerRequest, Map<String, Long> cpuByPart,
                    double rsaVerifiesPerSecond, double jitShare, MachineStalls.Result stalls, int warmedUpSeconds) {

        /**
         * The server CPU per request counted in RSA-2048 verifications of this moment: a rough index across runs on
         * a machine whose speed moves (it follows the CPU's speed, not everything a neighbour takes).
         */
        String cpuInRsaVerifies() {
            return cpuMicrosPerRequest < 0 ? "—"
                    : String.format(Locale.ROOT, "%.1f", cpuMicrosPerRequest * rsaVerifiesPerSecond / 1_000_000);
        }

        /** The server CPU per request with PostgreSQL's share, in µs: what issue 56's targets count. */
        long cpuWithDatabaseMicros() {
            return cpuMicrosPerRequest < 0 ? -1 : cpuMicrosPerRequest + cpuByPart.getOrDefault(POSTGRESQL, 0L);
        }

        /** {@link #cpuWithDatabaseMicros()} in RSA-2048 verifications of this moment; -1 when not measured. */
        double cpuWithDatabaseInRsaVerifies() {
            return cpuMicrosPerRequest < 0 ? -1 : cpuWithDatabaseMicros() * rsaVerifiesPerSecond / 1_000_000;
        }
    }

    record Service(String name, double idleRssMiB, double afterRssMiB, StartUp startUp) {
    }

    /**
     * The times from process start to the first signed answer of one service's starts, in milliseconds; -1 for a start
     * that got none within the time allowed. One start varies by half a second on this machine, so the median counts.
     */
    record StartUp(List<Long> millis) {

        static final StartUp NONE = new StartUp(List.of());

        /** The median start, or -1 when there was none or any start failed. */
        long median() {
            if (millis.isEmpty() || millis.contains(-1L)) {
                return -1;
            }
            List<Long> sorted = millis.stream().sorted().toList();
            return sorted.get(sorted.size() / 2);
        }

        @Override
        public String toString() {
            if (millis.isEmpty()) {
                return "—";
            }
            if (median() < 0) {
                return "none within 60 s in " + millis;
            }
            List<Long> sorted = millis.stream().sorted().toList();
            return sorted.size() == 1 ? String.valueOf(sorted.get(0))
                    : String.format(Locale.ROOT, "%d (%d–%d in %d starts)", median(), sorted.get(0),
                            sorted.get(sorted.size() - 1), sorted.size());
        }
    }

    record Target(String what, String goal, String measured, boolean met) {
    }

    private static final String STALLS_NOTE = String.format(Locale.ROOT, "%nMachine stalls: while each workload was "
            + "measured, a thread per CPU at real-time priority woke every 10 ms (cyclictest); the count of wake-ups late "
            + "by %d ms or more, and the longest delay of all. No process of the stack can delay such a thread, so these are the "
            + "hypervisor's or the kernel's; a spell of them lifts the p99 (bench/README.md, \"Latency, and the stall "
            + "spells\").%n", MachineStalls.STALL_MICROS / 1000);

    private final List<Workload> workloads = new ArrayList<>();
    private final List<Service> services = new ArrayList<>();
    private final List<Target> targets = new ArrayList<>();
    private final List<EndpointLatencies.EndpointClass> endpointClasses = new ArrayList<>();
    private final Map<String, String> facts = new LinkedHashMap<>();
    private JdkFloors.Floors floors;
    private PipelineBenchmark.Result pipeline;

    void add(Workload workload) {
        workloads.add(workload);
    }

    void add(Service service) {
        services.add(service);
    }

    void add(Target target) {
        targets.add(target);
    }

    void add(EndpointLatencies.EndpointClass endpointClass) {
        endpointClasses.add(endpointClass);
    }

    /** The p99 of a mixed workload's class (EndpointLatencies), in ms, if it was measured. */
    Optional<EndpointLatencies.EndpointClass> endpointClass(String workload, String name) {
        return endpointClasses.stream().filter(c -> c.workload().equals(workload) && c.name().equals(name)).findFirst();
    }

    void fact(String name, String value) {
        facts.put(name, value);
    }

    void floors(JdkFloors.Floors floors) {
        this.floors = floors;
    }

    void pipeline(PipelineBenchmark.Result pipeline) {
        this.pipeline = pipeline;
    }

    Workload workload(String name) {
        return workloads.stream().filter(w -> w.name().equals(name)).findFirst().orElseThrow();
    }

    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("latest.md"), markdown());
        chart(dir.resolve("latest.png"));
    }

    String markdown() {
        StringBuilder md = new StringBuilder("# Benchmark — latest run\n\n");
        md.append(targetsTable());
        md.append("\n## The run\n\n");
        facts.forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        md.append("\n## Workloads\n\n| workload | requests/s | p50 ms | p90 ms | p99 ms | errors | server CPU µs/request "
                        + "| of it JIT compilers | warmed up s | machine stalls | what |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Workload w : workloads) {
            Wrk.Result r = w.result();
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.2f | %.2f | %.2f | %d | %s | %.1f%% | %d | %s | %s |%n",
                    w.name(), r.requestsPerSecond(), r.p50Micros() / 1000.0, r.p90Micros() / 1000.0,
                    r.p99Micros() / 1000.0, r.errors(),
                    w.cpuMicrosPerRequest() < 0 ? "—" : String.valueOf(w.cpuMicrosPerRequest()), w.jitShare() * 100,
                    w.warmedUpSeconds(), w.stalls(), w.description()));
        }
        md.append(STALLS_NOTE);
        md.append(endpointClassTable());
        md.append(cpuByPartTable());
        md.append(floorsSection());
        md.append("\n## Services\n\n| service | RSS idle MiB | RSS after the run MiB | first signed answer after process start ms "
                + "(median) |\n|---|---:|---:|---:|\n");
        for (Service s : services) {
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %s |%n", s.name(), s.idleRssMiB(), s.afterRssMiB(),
                    s.startUp()));
        }
        return md.toString();
    }

    /** The table the report leads with: each target against this run's figure, met or missed. */
    private String targetsTable() {
        if (targets.isEmpty()) {
            return "";
        }
        long met = targets.stream().filter(Target::met).count();
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "## Targets: %d of %d met%n%n"
                + "| target | goal | this run | met |%n|---|---|---|---|%n", met, targets.size()));
        for (Target t : targets) {
            md.append("| ").append(t.what()).append(" | ").append(t.goal()).append(" | ").append(t.measured())
                    .append(" | ").append(t.met() ? "met" : "**missed**").append(" |\n");
        }
        return md.toString();
    }

    /**
     * The floors and each workload against them: its rate, latency and CPU beside nginx serving a static file through
     * the same ingress (what the machine's HTTP path allows), and its CPU in RSA-2048 verifications of its moment (the
     * JDK's least work for a signed request, and the index that survives the machine's changes of speed).
     */
    private String floorsSection() {
        StringBuilder md = new StringBuilder("\n## Floors (same run)\n\n");
        if (floors != null) {
            md.append(String.format(Locale.ROOT, "- JDK RSA-2048 verify, one thread: %.0f/s (%.1f µs)%n"
                            + "- JDK SHA-256 of 1 KiB, one thread: %.0f/s (%.2f µs)%n",
                    floors.rsaVerifiesPerSecond(), floors.rsaMicros(), floors.sha256PerSecond(), floors.sha256Micros()));
        }
        if (pipeline != null) {
            md.append(String.format(Locale.ROOT, "- the security pipeline with a known certificate (xs2a-security's JMH "
                            + "VerificationBenchmark, one thread, on the idle machine before the stack started): %.1f ± %.1f µs "
                            + "per request; a bare RSA-2048 verify in the same JMH run %.1f µs (the pipeline takes %.2f times "
                            + "as long)%n",
                    pipeline.pipelineMicros(), pipeline.pipelineErrorMicros(), pipeline.rawVerifyMicros(),
                    pipeline.pipelineOverRaw()));
        }
        Optional<Workload> nginx = workloads.stream().filter(w -> w.name().equals(STATIC_FLOOR)).findFirst();
        md.append("\nEach workload against the floors: nginx serving a static file through the same ingress (what the "
                + "machine's HTTP path allows) and one RSA-2048 verification (the least a signed request costs).\n");
        md.append("\n| workload | requests/s, of nginx's static file | p50, times nginx's | p99, times nginx's "
                        + "| server CPU per request, times nginx's | machine just before: RSA-2048 verifies/s "
                        + "| server CPU per request in RSA-2048 verifies |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Workload w : workloads) {
            if (w.name().equals(STATIC_FLOOR)) {
                continue;
            }
            Wrk.Result r = w.result();
            md.append("| ").append(w.name()).append(" | ")
                    .append(nginx.map(n -> percent(r.requestsPerSecond() / n.result().requestsPerSecond())).orElse("—"))
                    .append(" | ").append(nginx.map(n -> times(r.p50Micros(), n.result().p50Micros())).orElse("—"))
                    .append(" | ").append(nginx.map(n -> times(r.p99Micros(), n.result().p99Micros())).orElse("—"))
                    .append(" | ").append(nginx.map(n -> times(w.cpuMicrosPerRequest(), n.cpuMicrosPerRequest())).orElse("—"))
                    .append(String.format(Locale.ROOT, " | %.0f | %s |%n", w.rsaVerifiesPerSecond(), w.cpuInRsaVerifies()));
        }
        return md.append(speedNote()).toString();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    private static String times(double value, double floor) {
        return value < 0 || floor <= 0 ? "—" : String.format(Locale.ROOT, "%.0f×", value / floor);
    }

    /**
     * How much the machine's speed moved during the run: figures taken at different speeds are not comparable in µs
     * or requests/s, and the CPU counted in RSA verifications of the same moment is only a rough index.
     */
    String speedNote() {
        double slowest = workloads.stream().mapToDouble(Workload::rsaVerifiesPerSecond).min().orElse(0);
        double fastest = workloads.stream().mapToDouble(Workload::rsaVerifiesPerSecond).max().orElse(0);
        if (slowest <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%nMachine speed during the run (one thread's RSA-2048 verifications per second, "
                + "probed on the idle stack before each workload): %.0f–%.0f/s, the fastest %.0f%% above the slowest.%n",
                slowest, fastest, (fastest / slowest - 1) * 100);
    }

    /** The mixed workloads' latency by endpoint class, from the ingress's access log (to the millisecond). */
    private String endpointClassTable() {
        if (endpointClasses.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Mixed workloads by endpoint class (the ingress's access log, to the "
                + "millisecond)\n\n| workload | class | requests | p50 ms | p99 ms |\n|---|---|---:|---:|---:|\n");
        for (EndpointLatencies.EndpointClass c : endpointClasses) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.0f | %.0f |%n", c.workload(), c.name(), c.requests(),
                    c.p50Millis(), c.p99Millis()));
        }
        return md.toString();
    }

    /** Where each workload's CPU goes: one column per part of the stack that used any. */
    private String cpuByPartTable() {
        List<String> parts = workloads.stream().flatMap(w -> w.cpuByPart().keySet().stream()).distinct().toList();
        if (parts.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Server CPU per request by process (µs; postgresql is not in the total)\n\n| workload |");
        parts.forEach(part -> md.append(' ').append(part).append(" |"));
        md.append("\n|---|").append("---:|".repeat(parts.size())).append('\n');
        for (Workload w : workloads) {
            md.append("| ").append(w.name()).append(" |");
            parts.forEach(part -> md.append(' ').append(w.cpuByPart().getOrDefault(part, 0L)).append(" |"));
            md.append('\n');
        }
        return md.toString();
    }

    String console() {
        StringBuilder out = new StringBuilder("\n=== bin/bench ===\n");
        for (Workload w : workloads) {
            Wrk.Result r = w.result();
            out.append(String.format(Locale.ROOT, "%-22s %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  cpu %s µs/req"
                            + " = %s RSA verifies (machine %.0f/s), %.1f%% JIT, warmed up %d s, machine stalls %s%n",
                    w.name(), r.requestsPerSecond(), r.p50Micros() / 1000.0, r.p99Micros() / 1000.0, r.errors(),
                    w.cpuMicrosPerRequest() < 0 ? "—" : String.valueOf(w.cpuMicrosPerRequest()), w.cpuInRsaVerifies(),
                    w.rsaVerifiesPerSecond(), w.jitShare() * 100, w.warmedUpSeconds(), w.stalls()));
            if (!w.cpuByPart().isEmpty()) {
                out.append("    cpu µs/req by process: ").append(w.cpuByPart()).append('\n');
            }
        }
        for (EndpointLatencies.EndpointClass c : endpointClasses) {
            out.append(String.format(Locale.ROOT, "    %s, %s: %d requests, p50 %.0f ms, p99 %.0f ms%n", c.workload(),
                    c.name(), c.requests(), c.p50Millis(), c.p99Millis()));
        }
        for (Target t : targets) {
            out.append(String.format("%-4s %s: %s (goal %s)%n", t.met() ? "ok" : "MISS", t.what(), t.measured(), t.goal()));
        }
        return out.toString();
    }

    /**
     * Two panels on log scales, each workload against its floor: the server CPU per request with PostgreSQL's share in
     * RSA-2048 verifications (floor: one), and p50 and p99 against nginx serving a static file through the same ingress.
     */
    private void chart(Path png) throws IOException {
        List<Workload> measured = workloads.stream().filter(w -> w.cpuMicrosPerRequest() >= 0).toList();
        List<String> names = measured.stream().map(Workload::name).toList();
        CategoryChart cpu = new CategoryChartBuilder().width(1000).height(420)
                .title("Server CPU per request with PostgreSQL, in RSA-2048 verifications (log scale)")
                .xAxisTitle("workload").yAxisTitle("verifications").build();
        cpu.getStyler().setYAxisLogarithmic(true);
        cpu.getStyler().setYAxisMin(0.1);
        cpu.getStyler().setXAxisLabelRotation(20);
        cpu.addSeries("workload", names, measured.stream().map(w -> positive(w.cpuWithDatabaseInRsaVerifies())).toList());
        cpu.addSeries("floor: one verification", names, measured.stream().map(w -> 1.0).toList());
        CategoryChart latency = new CategoryChartBuilder().width(1000).height(420)
                .title("Latency in ms (log scale) against nginx serving a static file").xAxisTitle("workload")
                .yAxisTitle("ms").build();
        latency.getStyler().setYAxisLogarithmic(true);
        latency.getStyler().setYAxisMin(0.01);
        latency.getStyler().setXAxisLabelRotation(20);
        latency.addSeries("p50", names, measured.stream().map(w -> positive(w.result().p50Micros() / 1000.0)).toList());
        latency.addSeries("p99", names, measured.stream().map(w -> positive(w.result().p99Micros() / 1000.0)).toList());
        workloads.stream().filter(w -> w.name().equals(STATIC_FLOOR)).findFirst().ifPresent(floor -> latency.addSeries(
                "floor: nginx p99", names, measured.stream().map(w -> positive(floor.result().p99Micros() / 1000.0)).toList()));
        BufferedImage top = BitmapEncoder.getBufferedImage(cpu);
        BufferedImage bottom = BitmapEncoder.getBufferedImage(latency);
        BufferedImage both = new BufferedImage(top.getWidth(), top.getHeight() + bottom.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = both.createGraphics();
        g.drawImage(top, 0, 0, null);
        g.drawImage(bottom, 0, top.getHeight(), null);
        g.dispose();
        ImageIO.write(both, "png", png.toFile());
    }

    /** A log axis has no zero: a figure too small to show sits at the axis' bottom. */
    private static double positive(double value) {
        return Math.max(value, 0.01);
    }

    static String now() {
        return ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }
}
