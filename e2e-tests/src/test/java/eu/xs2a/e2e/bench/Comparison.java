package eu.xs2a.e2e.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * bin/bench --compare's table: each figure of each workload for build A and build B (the mean of their runs), the
 * ratio B/A, and the ratio of each pair of runs (A's run i against B's run i) as its spread. A ratio whose pairs
 * fall on both sides of 1 is within the noise and is marked so.
 */
final class Comparison {

    /** One measured run of one workload on one build. CPU per request in µs, with PostgreSQL's share in it. */
    record Figures(double requestsPerSecond, long p50Micros, long p99Micros, long errors, long cpuMicros,
                   long postgresMicros, double cpuInRsaVerifies) {
    }

    /** The figures of the table, in its order. */
    enum Figure {
        RATE("req/s", Figures::requestsPerSecond),
        P50("p50 µs", f -> f.p50Micros()),
        P99("p99 µs", f -> f.p99Micros()),
        ERRORS("errors", f -> f.errors()),
        CPU("cpu µs/req with PostgreSQL", f -> f.cpuMicros()),
        POSTGRES("  of it PostgreSQL", f -> f.postgresMicros()),
        RSA("cpu in RSA-2048 verifies", Figures::cpuInRsaVerifies);

        final String label;
        private final ToDoubleFunction<Figures> value;

        Figure(String label, ToDoubleFunction<Figures> value) {
            this.label = label;
            this.value = value;
        }

        double of(Figures figures) {
            return value.applyAsDouble(figures);
        }
    }

    /** Per workload, in the order first added: A's runs and B's runs, in the order they ran. */
    private final Map<String, List<Figures>> a = new LinkedHashMap<>();
    private final Map<String, List<Figures>> b = new LinkedHashMap<>();

    void addA(String workload, Figures figures) {
        a.computeIfAbsent(workload, w -> new ArrayList<>()).add(figures);
        b.computeIfAbsent(workload, w -> new ArrayList<>());
    }

    void addB(String workload, Figures figures) {
        a.computeIfAbsent(workload, w -> new ArrayList<>());
        b.computeIfAbsent(workload, w -> new ArrayList<>()).add(figures);
    }

    String table() {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-20s %-28s %10s %10s %6s   %s%n",
                "workload", "figure", "A", "B", "B/A", "pairs (B/A of each round)"));
        a.forEach((workload, runsOfA) -> {
            List<Figures> runsOfB = b.get(workload);
            for (Figure figure : Figure.values()) {
                double meanA = mean(runsOfA, figure);
                double meanB = mean(runsOfB, figure);
                List<String> pairs = new ArrayList<>();
                int below = 0;
                int above = 0;
                for (int i = 0; i < Math.min(runsOfA.size(), runsOfB.size()); i++) {
                    double pair = ratio(figure.of(runsOfB.get(i)), figure.of(runsOfA.get(i)));
                    pairs.add(format(pair));
                    below += pair < 1 ? 1 : 0;
                    above += pair > 1 ? 1 : 0;
                }
                out.append(String.format(Locale.ROOT, "%-20s %-28s %10.1f %10.1f %6s   %s%s%n", workload, figure.label,
                        meanA, meanB, format(ratio(meanB, meanA)), String.join(", ", pairs),
                        below > 0 && above > 0 ? "  (noise: the pairs disagree)" : ""));
            }
        });
        return out.toString();
    }

    /** B against A; NaN when A is 0 (no errors on either side, say), printed as a dash. */
    static double ratio(double b, double a) {
        return a == 0 ? Double.NaN : b / a;
    }

    private static String format(double ratio) {
        return Double.isNaN(ratio) ? "—" : String.format(Locale.ROOT, "%.2f", ratio);
    }

    private static double mean(List<Figures> runs, Figure figure) {
        return runs.stream().mapToDouble(figure::of).average().orElse(Double.NaN);
    }
}
