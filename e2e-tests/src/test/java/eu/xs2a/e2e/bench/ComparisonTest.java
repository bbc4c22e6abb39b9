package eu.xs2a.e2e.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** bin/bench --compare's arithmetic: the means, B/A and the pairs' ratios that are its spread. */
class ComparisonTest {

    @Test
    void printsTheMeansTheRatioAndEachPairsRatio() {
        Comparison comparison = new Comparison();
        // A: 1000 then 1200 req/s, 600 then 500 µs; B: 1100 then 1320 req/s, 450 then 450 µs
        comparison.addA("balances-direct", new Comparison.Figures(1000, 10_000, 40_000, 0, 600, 200, 15.0));
        comparison.addB("balances-direct", new Comparison.Figures(1100, 9_000, 30_000, 0, 450, 150, 11.0));
        comparison.addA("balances-direct", new Comparison.Figures(1200, 10_000, 20_000, 0, 500, 200, 13.0));
        comparison.addB("balances-direct", new Comparison.Figures(1320, 11_000, 30_000, 0, 450, 150, 12.0));

        String table = comparison.table();

        assertTrue(table.contains(line("req/s", "1100.0", "1210.0", "1.10", "1.10, 1.10")), table);
        assertTrue(table.contains(line("cpu µs/req with PostgreSQL", "550.0", "450.0", "0.82", "0.75, 0.90")), table);
        assertTrue(table.contains(line("  of it PostgreSQL", "200.0", "150.0", "0.75", "0.75, 0.75")), table);
        assertTrue(table.contains(line("cpu in RSA-2048 verifies", "14.0", "11.5", "0.82", "0.73, 0.92")), table);
    }

    @Test
    void marksARatioWhosePairsDisagreeAsNoise() {
        Comparison comparison = new Comparison();
        comparison.addA("consent-create", new Comparison.Figures(500, 10_000, 40_000, 0, 2000, 900, 60.0));
        comparison.addB("consent-create", new Comparison.Figures(500, 9_000, 40_000, 0, 2000, 900, 60.0));
        comparison.addA("consent-create", new Comparison.Figures(500, 10_000, 40_000, 0, 2000, 900, 60.0));
        comparison.addB("consent-create", new Comparison.Figures(500, 11_000, 40_000, 0, 2000, 900, 60.0));

        String table = comparison.table();

        assertTrue(table.contains(line("p50 µs", "10000.0", "10000.0", "1.00", "0.90, 1.10")
                + "  (noise: the pairs disagree)"), table);
        assertTrue(table.contains(line("req/s", "500.0", "500.0", "1.00", "1.00, 1.00") + "\n"),
                "pairs that agree (here: both equal) are not noise");
    }

    @Test
    void printsADashForARatioAgainstZero() {
        Comparison comparison = new Comparison();
        comparison.addA("rejected-signature", new Comparison.Figures(3000, 5_000, 9_000, 0, 80, 0, 2.0));
        comparison.addB("rejected-signature", new Comparison.Figures(3000, 5_000, 9_000, 0, 80, 0, 2.0));

        assertTrue(comparison.table().contains(line("errors", "0.0", "0.0", "—", "—")), comparison.table());
        assertEquals(Double.NaN, Comparison.ratio(3, 0));
    }

    private static String line(String figure, String a, String b, String ratio, String pairs) {
        String workload = "";
        return String.format("%-28s %10s %10s %6s   %s", figure, a, b, ratio, pairs).replaceFirst("^", workload);
    }
}
