package eu.xs2a.platform.kpi;

import java.util.List;

/**
 * A {@link KpiReport} as CSV: one header, then a {@code class} row per service class, an {@code unavailable} row per
 * period and a {@code probes} row; each row fills the columns of its kind and leaves the others empty. bin/kpi writes
 * its merged report in the same layout.
 */
final class KpiCsv {

    static final String HEADER = "record,service,service_class,requests,ok,client_errors,bank_refusals,gateway_errors,"
            + "bank_errors,late,unanswered,availability,gateway_error_rate,bank_error_rate,p50_ms,p95_ms,p99_ms,"
            + "unavailable_seconds,start,end,probe_minutes,probe_up_minutes,uptime";

    private KpiCsv() {
    }

    static String of(KpiReport report) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        String service = report.service();
        for (KpiReport.ClassFigures c : report.classes()) {
            row(csv, "class", service, c.serviceClass(), c.requests(), c.ok(), c.clientErrors(), c.bankRefusals(),
                    c.gatewayErrors(), c.bankErrors(), c.late(), c.unanswered(), c.availability(), c.gatewayErrorRate(),
                    c.bankErrorRate(), c.p50Ms(), c.p95Ms(), c.p99Ms(), c.unavailableSeconds(), null, null, null, null,
                    null);
        }
        for (KpiReport.Period p : report.unavailablePeriods()) {
            row(csv, "unavailable", service, p.serviceClass(), null, null, null, null, null, null, null, null, null, null,
                    null, null, null, null, p.seconds(), p.start(), p.end(), null, null, null);
        }
        KpiReport.Probes probes = report.probes();
        row(csv, "probes", service, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, probes.expectedMinutes(), probes.upMinutes(), probes.uptime());
        return csv.toString();
    }

    private static void row(StringBuilder csv, Object... values) {
        List<Object> fields = java.util.Arrays.asList(values);
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                csv.append(',');
            }
            Object value = fields.get(i);
            // every value is a number, an instant, a class or a service name: nothing to quote
            csv.append(value == null ? "" : value.toString());
        }
        csv.append('\n');
    }
}
