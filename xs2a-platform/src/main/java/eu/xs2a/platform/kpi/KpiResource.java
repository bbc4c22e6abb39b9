package eu.xs2a.platform.kpi;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.http.BrowserFacing;
import eu.xs2a.platform.http.BrowserPages;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The operator's KPI report of this service (docs/ARCHITECTURE.md "Dedicated-interface KPIs"): under
 * {@code /internal/}, which no ingress routes (k8s/routes.tsv), so only whoever reaches the service's own port (an
 * operator, {@code bin/kpi}, Prometheus's namespace in Kubernetes) can ask. The range is {@code from} and
 * {@code to}, or {@code day}, or {@code quarter} ({@link KpiRange}).
 */
@Path("/internal/v1/kpi")
public class KpiResource {

    static final String CSV = "text/csv";

    @Inject KpiReports reports;
    @Inject KpiStore store;
    @Inject KpiConfig config;

    /** The report as JSON ({@code format=json}, the default) or CSV ({@code format=csv}). */
    @GET
    @Produces({MediaType.APPLICATION_JSON, CSV})
    public Response report(@QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("day") String day,
                           @QueryParam("quarter") String quarter, @QueryParam("format") String format) {
        requireEnabled();
        boolean csv = csv(format);
        KpiReport report = reports.report(KpiRange.of(from, to, day, quarter, config.maxRange()));
        return csv ? Response.ok(KpiCsv.of(report), CSV + "; charset=UTF-8").build()
                : Response.ok(report, MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** The report as a page with a chart per service class, for a browser; its errors are pages too. */
    @GET
    @Path("/chart")
    @BrowserFacing
    @Produces(MediaType.TEXT_HTML)
    public Response chart(@QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("day") String day,
                          @QueryParam("quarter") String quarter) {
        requireEnabled();
        KpiRange range = KpiRange.of(from, to, day, quarter, config.maxRange());
        KpiReport report = reports.report(range);
        long slot = KpiChart.slotSeconds(range);
        return Response.ok(KpiChart.page(report, store.series(range.from(), range.to(), slot), slot),
                BrowserPages.HTML).header("Cache-Control", "no-store").header("X-Frame-Options", "DENY")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
                .build();
    }

    private void requireEnabled() {
        if (!config.enabled()) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "This application counts no KPIs (psd2.kpi.enabled)");
        }
    }

    private static boolean csv(String format) {
        if (format == null || format.equals("json")) {
            return false;
        }
        if (format.equals("csv")) {
            return true;
        }
        throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "format '" + ErrorTexts.shown(format)
                + "' is not one of json, csv");
    }
}
