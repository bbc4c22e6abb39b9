package eu.xs2a.e2e.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What k8s/monitoring's Grafana dashboard and alert rules ask Prometheus for: their PromQL expressions and the metric
 * names in them. The dashboards' and rules' selectors always follow a metric name with {@code {…}}, which is how a
 * name is told from a function or a label here.
 */
public final class Monitoring {

    /** The dashboard as a file of the repository (the ConfigMap of k8s/monitoring is generated from it). */
    public static final String DASHBOARD = "k8s/monitoring/xs2a-gateway-dashboard.json";
    public static final String RULES = "k8s/monitoring/prometheus-rule.yaml";
    /** Series Prometheus makes itself, not the services. */
    public static final Set<String> PROMETHEUS_OWN = Set.of("up");
    private static final Pattern METRIC = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{");

    private Monitoring() {
    }

    /** The dashboard, parsed. */
    public static JsonNode dashboard() {
        try {
            return new ObjectMapper().readTree(Repo.read(DASHBOARD));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every panel target's expression. */
    public static List<String> dashboardExpressions() {
        List<String> expressions = new ArrayList<>();
        dashboard().get("panels").forEach(panel -> panel.path("targets").forEach(t -> expressions.add(t.get("expr")
                .asText())));
        return expressions;
    }

    /** Every alert's expression. */
    public static List<String> ruleExpressions() {
        List<String> expressions = new ArrayList<>();
        for (Map<String, Object> rule : Manifests.parseAll(Repo.read(RULES))) {
            for (Map<String, Object> group : Manifests.list(Manifests.map(rule, "spec"), "groups")) {
                Manifests.list(group, "rules").forEach(r -> expressions.add((String) r.get("expr")));
            }
        }
        return expressions;
    }

    /** The metric names the dashboard and the rules use. */
    public static Set<String> metricNames() {
        Set<String> names = new TreeSet<>();
        List<String> all = new ArrayList<>(dashboardExpressions());
        all.addAll(ruleExpressions());
        for (String expression : all) {
            Matcher m = METRIC.matcher(expression);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }
}
