package eu.xs2a.e2e.deploy;

import static eu.xs2a.e2e.deploy.Manifests.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * k8s/monitoring's Grafana dashboard and alert rules parse, are wired into its Kustomization, and name the metrics
 * the issue asks for. That each of those metrics is really exported is checked against running services by
 * {@code faults.KpiReportTest}.
 */
class MonitoringDashboardTest {

    @Test
    void theDashboardIsAConfigMapGrafanasSidecarLoads() throws Exception {
        Manifests monitoring = Manifests.render("k8s/monitoring");
        Map<String, Object> configMap = monitoring.find("ConfigMap", "xs2a-gateway-dashboard").orElseThrow();
        assertEquals("1", map(map(configMap, "metadata"), "labels").get("grafana_dashboard"));
        String json = (String) map(configMap, "data").get("xs2a-gateway-dashboard.json");
        assertEquals(new ObjectMapper().readTree(json), Monitoring.dashboard(), "the file, as it is");
    }

    @Test
    void theDashboardShowsWhatTheIssueAsks() {
        JsonNode dashboard = Monitoring.dashboard();
        assertEquals("xs2a-gateway", dashboard.get("uid").asText());
        for (JsonNode panel : dashboard.get("panels")) {
            if (!panel.get("type").asText().equals("row")) {
                assertFalse(panel.get("targets").isEmpty(), panel.get("title").asText());
            }
        }
        Set<String> names = Monitoring.metricNames();
        for (String metric : List.of("xs2a_kpi_unavailable", "http_server_requests_seconds_count",
                "xs2a_tpp_requests_total", "xs2a_bank_calls_seconds_sum", "xs2a_bank_calls_seconds_count",
                "xs2a_tasks", "xs2a_task_runs_total", "log_total")) {
            assertTrue(names.contains(metric), metric + " in " + names);
        }
        assertTrue(Monitoring.dashboardExpressions().stream().anyMatch(e -> e.contains("by (tpp")),
                "requests and errors per TPP");
        assertTrue(Monitoring.dashboardExpressions().stream().anyMatch(e -> e.contains("by (provider)")),
                "bank latency per provider");
    }

    @Test
    void unavailabilityRaisesACriticalAlert() {
        assertTrue(Monitoring.ruleExpressions().contains(
                "max by (namespace, service_class) (xs2a_kpi_unavailable) == 1"), Monitoring.ruleExpressions().toString());
    }
}
