package eu.xs2a.platform.kpi;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The KPI page an operator's browser shows: per service class, an SVG bar chart of the answers over the range
 * (answered, refused by the gateway or the bank, failed by the gateway or the bank), its unavailable periods
 * shaded, and the report's figures as a table. Plain HTML and inline SVG, no script.
 */
final class KpiChart {

    /** Slot widths a chart picks from: the smallest that gives at most {@link #MAX_SLOTS} bars. */
    private static final long[] SLOT_SECONDS = {60, 300, 900, 3600, 6 * 3600, 86400, 7 * 86400};
    static final int MAX_SLOTS = 120;
    private static final int WIDTH = 960;
    private static final int HEIGHT = 180;
    private static final String[] COLOURS = {"#3c8d40", "#9aa5b1", "#e08a00", "#c62828"};
    private static final String[] LABELS = {"answered", "refused (4xx)", "bank failed (5xx)", "gateway failed (5xx)"};

    private KpiChart() {
    }

    static long slotSeconds(KpiRange range) {
        long seconds = Duration.between(range.from(), range.to()).toSeconds();
        for (long slot : SLOT_SECONDS) {
            if ((seconds + slot - 1) / slot <= MAX_SLOTS) {
                return slot;
            }
        }
        return SLOT_SECONDS[SLOT_SECONDS.length - 1];
    }

    static String page(KpiReport report, List<KpiStore.SeriesRow> series, long slotSeconds) {
        long slots = Math.max(1, (Duration.between(report.from(), report.to()).toSeconds() + slotSeconds - 1)
                / slotSeconds);
        StringBuilder html = new StringBuilder(8192);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>KPIs of ")
                .append(escape(report.service())).append("</title>\n<style>\n")
                .append("body { font-family: -apple-system, \"Segoe UI\", Roboto, Arial, sans-serif; margin: 24px; color: #1d2733; }\n")
                .append("table { border-collapse: collapse; margin: 12px 0 24px; } td, th { border: 1px solid #ccd3da; padding: 4px 8px; text-align: right; }\n")
                .append("th:first-child, td:first-child { text-align: left; } .legend span { margin-right: 16px; }\n")
                .append("</style>\n</head>\n<body>\n<h1>Dedicated interface: ").append(escape(report.service()))
                .append("</h1>\n<p id=\"range\">").append(report.from()).append(" to ").append(report.to())
                .append(" (UTC; one bar per ").append(slotSeconds / 60).append(" min)</p>\n");
        KpiReport.Probes probes = report.probes();
        html.append("<p id=\"uptime\">Uptime by the service's own probes: ")
                .append(probes.uptime() == null ? "no probe in the range" : percent(probes.uptime()) + " ("
                        + probes.upMinutes() + " of " + probes.expectedMinutes() + " minutes)")
                .append("</p>\n<p class=\"legend\">");
        for (int i = 0; i < LABELS.length; i++) {
            html.append("<span><svg width=\"12\" height=\"12\"><rect width=\"12\" height=\"12\" fill=\"")
                    .append(COLOURS[i]).append("\"/></svg> ").append(LABELS[i]).append("</span>");
        }
        html.append("<span><svg width=\"12\" height=\"12\"><rect width=\"12\" height=\"12\" fill=\"#c62828\" "
                + "fill-opacity=\"0.15\"/></svg> unavailable</span></p>\n");
        for (KpiReport.ClassFigures figures : report.classes()) {
            html.append("<h2>").append(figures.serviceClass()).append("</h2>\n");
            chart(html, report, figures.serviceClass(), series, slots, slotSeconds);
        }
        html.append("<table id=\"figures\">\n<tr><th>service class</th><th>requests</th><th>availability</th>")
                .append("<th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>gateway error rate</th>")
                .append("<th>bank error rate</th><th>unavailable s</th></tr>\n");
        for (KpiReport.ClassFigures c : report.classes()) {
            html.append("<tr><td>").append(c.serviceClass()).append("</td><td>").append(c.requests())
                    .append("</td><td>").append(percent(c.availability())).append("</td><td>").append(ms(c.p50Ms(), c.requests()))
                    .append("</td><td>").append(ms(c.p95Ms(), c.requests())).append("</td><td>").append(ms(c.p99Ms(), c.requests()))
                    .append("</td><td>").append(percent(c.gatewayErrorRate())).append("</td><td>")
                    .append(percent(c.bankErrorRate())).append("</td><td>").append(c.unavailableSeconds())
                    .append("</td></tr>\n");
        }
        html.append("</table>\n<h2>Unavailable periods</h2>\n<table id=\"periods\">\n")
                .append("<tr><th>service class</th><th>start</th><th>end</th><th>seconds in range</th></tr>\n");
        for (KpiReport.Period p : report.unavailablePeriods()) {
            html.append("<tr><td>").append(p.serviceClass()).append("</td><td>").append(p.start()).append("</td><td>")
                    .append(p.end() == null ? "ongoing" : p.end().toString()).append("</td><td>").append(p.seconds())
                    .append("</td></tr>\n");
        }
        return html.append("</table>\n</body>\n</html>\n").toString();
    }

    private static void chart(StringBuilder html, KpiReport report, ServiceClass serviceClass,
                              List<KpiStore.SeriesRow> series, long slots, long slotSeconds) {
        Map<Cause, long[]> bars = new EnumMap<>(Cause.class);
        for (Cause cause : Cause.values()) {
            bars.put(cause, new long[(int) slots]);
        }
        long max = 1;
        long[] totals = new long[(int) slots];
        for (KpiStore.SeriesRow row : series) {
            if (row.serviceClass() == serviceClass && row.slot() >= 0 && row.slot() < slots) {
                bars.get(row.cause())[(int) row.slot()] += row.requests();
                totals[(int) row.slot()] += row.requests();
                max = Math.max(max, totals[(int) row.slot()]);
            }
        }
        double slotWidth = (double) WIDTH / slots;
        html.append("<svg class=\"chart\" role=\"img\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT + 20)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT + 20).append("\">\n<title>")
                .append(serviceClass).append(" answers per slot, at most ").append(max).append("</title>\n");
        long rangeSeconds = slots * slotSeconds;
        for (KpiReport.Period p : report.unavailablePeriods()) {
            if (p.serviceClass() != serviceClass) {
                continue;
            }
            double x0 = position(report.from(), p.start(), rangeSeconds);
            double x1 = position(report.from(), p.end() == null ? report.to() : p.end(), rangeSeconds);
            html.append(String.format("<rect class=\"unavailable\" x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"%d\" "
                    + "fill=\"#c62828\" fill-opacity=\"0.15\"/>%n", x0, Math.max(1, x1 - x0), HEIGHT));
        }
        Cause[] order = {Cause.NONE, Cause.CLIENT, Cause.BANK, Cause.GATEWAY};
        for (int slot = 0; slot < slots; slot++) {
            double y = HEIGHT;
            for (int i = 0; i < order.length; i++) {
                long n = bars.get(order[i])[slot];
                if (n == 0) {
                    continue;
                }
                double h = (double) HEIGHT * n / max;
                y -= h;
                html.append(String.format("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                        + "<title>%d %s</title></rect>%n", slot * slotWidth, y, Math.max(1, slotWidth - 1), h,
                        COLOURS[i], n, LABELS[i]));
            }
        }
        html.append("<line x1=\"0\" y1=\"").append(HEIGHT).append("\" x2=\"").append(WIDTH).append("\" y2=\"")
                .append(HEIGHT).append("\" stroke=\"#1d2733\"/>\n<text x=\"0\" y=\"").append(HEIGHT + 15)
                .append("\" font-size=\"11\">").append(report.from()).append("</text>\n<text x=\"").append(WIDTH)
                .append("\" y=\"").append(HEIGHT + 15).append("\" font-size=\"11\" text-anchor=\"end\">")
                .append(report.to()).append("</text>\n</svg>\n");
    }

    private static double position(Instant from, Instant at, long rangeSeconds) {
        double x = (double) WIDTH * Duration.between(from, at).toSeconds() / rangeSeconds;
        return Math.max(0, Math.min(WIDTH, x));
    }

    private static String percent(Double share) {
        return share == null ? "–" : String.format("%.3f %%", share * 100);
    }

    /** A percentile; null is above the histogram's last bound, unless nothing was counted. */
    private static String ms(Integer ms, long requests) {
        if (requests == 0) {
            return "–";
        }
        return ms == null ? "&gt; " + LatencyBuckets.UPPER_MS[LatencyBuckets.UPPER_MS.length - 1] : ms.toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
