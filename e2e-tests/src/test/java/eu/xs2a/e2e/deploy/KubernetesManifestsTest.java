package eu.xs2a.e2e.deploy;

import static eu.xs2a.e2e.deploy.Manifests.at;
import static eu.xs2a.e2e.deploy.Manifests.list;
import static eu.xs2a.e2e.deploy.Manifests.map;
import static eu.xs2a.e2e.deploy.Manifests.name;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Kustomize overlays, rendered by {@code kubectl kustomize}, checked the way a platform team would review them
 * before `kubectl apply -k`.
 */
class KubernetesManifestsTest {

    private static final List<String> GATEWAY = List.of("registration-service", "consent-service", "account-service",
            "payment-service");
    /** Secrets are created by the operator (k8s/README.md); these ConfigMaps may be too. */
    private static final Set<String> OPERATOR_CONFIG_MAPS = Set.of("xs2a-trust-anchors");

    @Test
    void everyYamlFileUnderK8sParses() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Repo.path("k8s"))) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).collect(Collectors.toList());
        }
        assertTrue(files.size() > 10, files.toString());
        for (Path file : files) {
            String text = Files.readString(file);
            if (file.getParent().getFileName().toString().equals("patches")
                    && text.replaceAll("(?m)^#.*\\n", "").trim().startsWith("- op:")) {
                assertFalse(new org.yaml.snakeyaml.Yaml().loadAs(text, List.class).isEmpty(), file.toString());
                continue;
            }
            for (Map<String, Object> doc : Manifests.parseAll(text)) {
                assertNotNull(doc.get("apiVersion"), file + ": apiVersion");
                assertNotNull(doc.get("kind"), file + ": kind");
            }
        }
    }

    @Test
    void noSecretIsCommitted() throws IOException {
        try (Stream<Path> walk = Files.walk(Repo.path("k8s"))) {
            for (Path file : walk.filter(Files::isRegularFile).collect(Collectors.toList())) {
                String text = Files.readString(file);
                assertFalse(text.contains("PRIVATE KEY-----"), file + " holds key material");
                assertFalse(text.matches("(?s).*^kind: Secret\\s*$.*"), file + " defines a Secret");
            }
        }
        for (String overlay : List.of("sandbox", "live")) {
            assertTrue(render(overlay).ofKind("Secret").isEmpty(), overlay + " renders no Secret");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void everyObjectIsNamedAndInTheOverlaysNamespace(String overlay) {
        Manifests m = render(overlay);
        String namespace = "xs2a-" + overlay;
        assertTrue(m.find("Namespace", namespace).isPresent());
        for (Map<String, Object> doc : m.all()) {
            assertNotNull(doc.get("apiVersion"));
            assertNotNull(name(doc), doc.toString());
            if (!"Namespace".equals(doc.get("kind"))) {
                assertEquals(namespace, map(doc, "metadata").get("namespace"), doc.get("kind") + "/" + name(doc));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void everyDeploymentHasProbesLimitsAndRunsAsNonRootOnAReadOnlyFilesystem(String overlay) {
        Manifests m = render(overlay);
        List<Map<String, Object>> deployments = m.ofKind("Deployment");
        assertFalse(deployments.isEmpty());
        for (Map<String, Object> d : deployments) {
            String what = overlay + " " + name(d);
            Map<String, Object> pod = at(d, "spec", "template", "spec");
            assertEquals(Boolean.TRUE, map(pod, "securityContext").get("runAsNonRoot"), what);
            assertEquals(Boolean.FALSE, pod.get("automountServiceAccountToken"), what);
            Set<String> emptyDirs = list(pod, "volumes").stream().filter(v -> v.containsKey("emptyDir"))
                    .map(v -> (String) v.get("name")).collect(Collectors.toSet());
            for (Map<String, Object> c : list(pod, "containers")) {
                assertEquals("/q/health/ready", at(c, "readinessProbe", "httpGet").get("path"), what);
                assertEquals("/q/health/live", at(c, "livenessProbe", "httpGet").get("path"), what);
                for (String kind : List.of("requests", "limits")) {
                    Map<String, Object> r = at(c, "resources", kind);
                    assertNotNull(r, what + " resources." + kind);
                    assertNotNull(r.get("cpu"), what + " " + kind + ".cpu");
                    assertNotNull(r.get("memory"), what + " " + kind + ".memory");
                }
                Map<String, Object> sc = map(c, "securityContext");
                assertEquals(Boolean.TRUE, sc.get("readOnlyRootFilesystem"), what);
                assertEquals(Boolean.FALSE, sc.get("allowPrivilegeEscalation"), what);
                assertEquals(Boolean.TRUE, sc.get("runAsNonRoot"), what);
                assertEquals(List.of("ALL"), map(sc, "capabilities").get("drop"), what);
                assertTrue(list(c, "volumeMounts").stream().anyMatch(vm -> "/tmp".equals(vm.get("mountPath"))
                        && emptyDirs.contains(vm.get("name"))), what + " has an emptyDir on /tmp");
                String image = (String) c.get("image");
                if ("ingress-errors".equals(name(d))) {
                    assertTrue(image.startsWith("nginxinc/nginx-unprivileged:"), what + " image " + image);
                } else {
                    assertTrue(image.startsWith("xs2a/" + name(d) + ":"), what + " image " + image);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void everyDeploymentHasItsServiceAutoscalerAndDisruptionBudget(String overlay) {
        Manifests m = render(overlay);
        for (Map<String, Object> d : m.ofKind("Deployment")) {
            String n = name(d);
            Map<String, Object> podLabels = at(d, "spec", "template", "metadata", "labels");
            Map<String, Object> container = list(at(d, "spec", "template", "spec"), "containers").get(0);
            Map<String, Object> containerPort = list(container, "ports").get(0);

            Map<String, Object> service = m.find("Service", n).orElseThrow(() -> new AssertionError("no Service " + n));
            assertTrue(podLabels.entrySet().containsAll(map(map(service, "spec"), "selector").entrySet()), n);
            Map<String, Object> servicePort = list(map(service, "spec"), "ports").get(0);
            assertEquals(containerPort.get("containerPort"), servicePort.get("port"), n);
            assertEquals(containerPort.get("name"), servicePort.get("targetPort"), n);

            Map<String, Object> hpa = m.find("HorizontalPodAutoscaler", n).orElseThrow(() -> new AssertionError("no HPA " + n));
            assertEquals("autoscaling/v2", hpa.get("apiVersion"));
            assertEquals(n, at(hpa, "spec", "scaleTargetRef").get("name"));
            assertEquals("Deployment", at(hpa, "spec", "scaleTargetRef").get("kind"));
            int min = (Integer) map(hpa, "spec").get("minReplicas");
            assertTrue(min >= 1 && min <= (Integer) map(hpa, "spec").get("maxReplicas"), n);

            Map<String, Object> pdb = m.find("PodDisruptionBudget", n).orElseThrow(() -> new AssertionError("no PDB " + n));
            assertEquals("policy/v1", pdb.get("apiVersion"));
            assertTrue(podLabels.entrySet().containsAll(at(pdb, "spec", "selector", "matchLabels").entrySet()), n);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void configurationComesFromConfigMapsAndSecretReferences(String overlay) {
        Manifests m = render(overlay);
        Set<String> secretsReferenced = new TreeSet<>();
        for (String service : GATEWAY) {
            Map<String, Object> d = m.find("Deployment", service).orElseThrow();
            Map<String, Object> pod = at(d, "spec", "template", "spec");
            Map<String, Object> c = list(pod, "containers").get(0);
            Map<String, Map<String, Object>> env = list(c, "env").stream()
                    .collect(Collectors.toMap(e -> (String) e.get("name"), e -> e));
            for (String key : List.of("QUARKUS_DATASOURCE_JDBC_URL", "QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD")) {
                Map<String, Object> ref = at(env.get(key), "valueFrom", "secretKeyRef");
                assertNotNull(ref, service + " " + key + " comes from a Secret");
                assertEquals("xs2a-" + service.replace("-service", "") + "-db", ref.get("name"));
            }
            Map<String, String> config = configMapData(m, "xs2a-config");
            assertTrue(list(c, "envFrom").stream().anyMatch(e -> e.containsKey("configMapRef")
                    && Manifests.stripHash((String) map(e, "configMapRef").get("name")).equals("xs2a-config")), service);
            assertMounted(pod, c, config.get("PSD2_PROVIDERS_FILE"), "xs2a-providers", service);
            assertMounted(pod, c, config.get("PSD2_BLOCKED_TPPS_FILE"), "xs2a-blocked-tpps", service);
            for (String anchor : config.get("PSD2_TRUST_ANCHORS").split(",")) {
                assertTrue(mountPathOf(pod, c, anchor) != null, service + " mounts trust anchor " + anchor);
            }
            secretsReferenced.addAll(secretNames(pod, c));
            for (String cm : configMapNames(pod, c)) {
                assertTrue(m.configMap(cm).isPresent() || OPERATOR_CONFIG_MAPS.contains(cm),
                        service + " refers to ConfigMap " + cm + ", which the overlay does not define");
            }
        }
        String readme = Repo.read("k8s/README.md");
        for (String secret : secretsReferenced) {
            assertTrue(readme.contains(secret), "k8s/README.md tells how to create the Secret " + secret);
        }
    }

    /** An edited block list must reach running pods: the same ConfigMap name (no hash), mounted as a directory. */
    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void theBlockedTppsListChangesInPlace(String overlay) {
        Manifests m = render(overlay);
        assertTrue(m.ofKind("ConfigMap").stream().anyMatch(cm -> "xs2a-blocked-tpps".equals(name(cm))),
                overlay + ": xs2a-blocked-tpps is generated without a hash suffix");
        for (String service : GATEWAY) {
            Map<String, Object> c = list(at(m.find("Deployment", service).orElseThrow(), "spec", "template", "spec"),
                    "containers").get(0);
            list(c, "volumeMounts").stream().filter(vm -> "blocked-tpps".equals(vm.get("name")))
                    .forEach(vm -> assertNull(vm.get("subPath"), service + ": a subPath mount never sees an update"));
        }
    }

    /** k8s/monitoring scrapes every gateway service where it publishes metrics and alerts on the ERROR log counter. */
    @Test
    void monitoringScrapesEveryGatewayServiceAndAlertsOnErrorLines() {
        Manifests monitoring = Manifests.render("k8s/monitoring");
        Map<String, Object> podMonitor = monitoring.ofKind("PodMonitor").get(0);
        Map<String, Object> selector = at(podMonitor, "spec", "selector", "matchLabels");
        Map<String, Object> endpoint = list(map(podMonitor, "spec"), "podMetricsEndpoints").get(0);
        assertEquals("/q/metrics", endpoint.get("path"));
        Manifests live = render("live");
        for (String service : GATEWAY) {
            Map<String, Object> d = live.find("Deployment", service).orElseThrow();
            assertTrue(at(d, "spec", "template", "metadata", "labels").entrySet().containsAll(selector.entrySet()),
                    service + " is selected by the PodMonitor");
            Map<String, Object> c = list(at(d, "spec", "template", "spec"), "containers").get(0);
            assertTrue(list(c, "ports").stream().anyMatch(p -> endpoint.get("port").equals(p.get("name"))),
                    service + " has the PodMonitor's port " + endpoint.get("port"));
            assertTrue(Repo.read(service + "/src/main/resources/application.properties")
                    .contains("\nquarkus.log.metrics.enabled=true\n"), service + " publishes log_total");
        }
        List<String> expressions = monitoring.ofKind("PrometheusRule").stream()
                .flatMap(r -> list(map(r, "spec"), "groups").stream())
                .flatMap(g -> list(g, "rules").stream())
                .map(r -> (String) r.get("expr")).toList();
        assertTrue(expressions.stream().anyMatch(e -> e.contains("log_total{level=\"ERROR\"}")), expressions.toString());
        // the namespace denies by default (base/network-policy.yaml): Prometheus is let in to each service's port
        for (String service : GATEWAY) {
            Map<String, Object> policy = monitoring.find("NetworkPolicy", service + "-metrics").orElseThrow();
            assertEquals(Map.of("app.kubernetes.io/name", service), at(policy, "spec", "podSelector", "matchLabels"));
            Map<String, Object> c = list(at(live.find("Deployment", service).orElseThrow(), "spec", "template", "spec"),
                    "containers").get(0);
            assertEquals(List.of(Map.of("protocol", "TCP", "port", list(c, "ports").get(0).get("containerPort"))),
                    list(map(policy, "spec"), "ingress").get(0).get("ports"), service + "'s port, as in base");
        }
    }

    @Test
    void theSandboxRunsTheSimulatedBankAndTrustsTheSandboxCa() {
        Manifests m = render("sandbox");
        assertTrue(m.find("Deployment", "aspsp-sandbox").isPresent());
        assertTrue(m.find("Service", "aspsp-sandbox").isPresent());
        Map<String, String> config = configMapData(m, "xs2a-config");
        assertEquals("sandbox", config.get("PSD2_ENVIRONMENT"));
        assertTrue(config.get("PSD2_TRUST_ANCHORS").contains("sandbox-ca.pem"));
        for (String service : GATEWAY) {
            Map<String, Object> pod = at(m.find("Deployment", service).orElseThrow(), "spec", "template", "spec");
            assertTrue(secretNames(pod, list(pod, "containers").get(0)).contains("xs2a-sandbox-ca"), service);
        }
        // the bank's PSU pages have their own Ingress and host; the gateway's Ingress never routes to the bank
        Map<String, Object> pages = m.find("Ingress", "aspsp-sandbox-pages").orElseThrow();
        assertNotNull(list(map(pages, "spec"), "rules").get(0).get("host"));
        assertFalse(backends(m.find("Ingress", "xs2a-gateway").orElseThrow()).contains("aspsp-sandbox"));
    }

    @Test
    void liveHasNoSandboxAnythingAndMoreReplicas() {
        Manifests live = render("live");
        Manifests sandbox = render("sandbox");
        assertTrue(live.all().stream().noneMatch(d -> name(d).contains("aspsp")), "no simulated bank in live");
        Map<String, String> config = configMapData(live, "xs2a-config");
        assertEquals("live", config.get("PSD2_ENVIRONMENT"));
        assertFalse(config.get("PSD2_TRUST_ANCHORS").contains("sandbox"), config.get("PSD2_TRUST_ANCHORS"));
        for (String service : GATEWAY) {
            Map<String, Object> pod = at(live.find("Deployment", service).orElseThrow(), "spec", "template", "spec");
            Map<String, Object> c = list(pod, "containers").get(0);
            assertFalse(secretNames(pod, c).contains("xs2a-sandbox-ca"), service + " must not see the sandbox CA");
            assertTrue(list(c, "env").stream().noneMatch(e -> ((String) e.get("name")).startsWith("PSD2_SANDBOX_")), service);
            Map<String, Object> trust = list(pod, "volumes").stream().filter(v -> "trust-anchors".equals(v.get("name")))
                    .findFirst().orElseThrow();
            List<Map<String, Object>> sources = list(map(trust, "projected"), "sources");
            assertEquals(1, sources.size(), service);
            assertFalse(Boolean.TRUE.equals(map(sources.get(0), "configMap").get("optional")),
                    service + ": live does not start without its qualified CAs");
            assertTrue(replicas(live, service) > replicas(sandbox, service), service);
            assertTrue(minReplicas(live, service) > minReplicas(sandbox, service), service);
            assertTrue(minReplicas(live, service) <= replicas(live, service), service);
        }
        // the live replicas are the services'; the error backend keeps the base's scaling
        assertEquals(minReplicas(sandbox, "ingress-errors"), minReplicas(live, "ingress-errors"));
        assertTrue(minReplicas(live, "ingress-errors") <= replicas(live, "ingress-errors"));
        String providers = configMapData(live, "xs2a-providers").get("providers.properties");
        assertFalse(providers.contains("aspsp-sandbox"));
        assertFalse(providers.matches("(?s).*bank-credential=[^$\\n]+\\n.*"), "live bank credentials only from the environment");
    }

    @Test
    void theSandboxProviderRegistryIsTheLocalOneWithTheClustersBankUrl() throws IOException {
        Properties local = properties(Repo.read("config/providers.properties"));
        Properties cluster = properties(configMapData(render("sandbox"), "xs2a-providers").get("providers.properties"));
        assertEquals(local.stringPropertyNames(), cluster.stringPropertyNames());
        for (String key : local.stringPropertyNames()) {
            if (key.endsWith(".bank-url")) {
                assertEquals("${PSD2_SANDBOX_BANK_URL:http://aspsp-sandbox:8090}", cluster.getProperty(key), key);
            } else {
                assertEquals(local.getProperty(key), cluster.getProperty(key), key);
            }
        }
        Map<String, Object> bank = render("sandbox").find("Service", "aspsp-sandbox").orElseThrow();
        assertEquals(8090, list(map(bank, "spec"), "ports").get(0).get("port"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void onlyAccountServiceAndTheIngressControllerReachConsentService(String overlay) {
        Map<String, Object> policy = render(overlay).find("NetworkPolicy", "consent-service").orElseThrow();
        Map<String, Object> spec = map(policy, "spec");
        assertEquals(Map.of("app.kubernetes.io/name", "consent-service"), map(map(spec, "podSelector"), "matchLabels"));
        assertEquals(List.of("Ingress"), spec.get("policyTypes"));
        List<Map<String, Object>> rules = list(spec, "ingress");
        assertEquals(1, rules.size());
        List<Map<String, Object>> from = list(rules.get(0), "from");
        assertEquals(2, from.size());
        assertEquals(Map.of("app.kubernetes.io/name", "account-service"),
                from.stream().filter(f -> f.containsKey("podSelector")).map(f -> at(f, "podSelector", "matchLabels"))
                        .findFirst().orElseThrow());
        Map<String, Object> ns = from.stream().filter(f -> f.containsKey("namespaceSelector"))
                .map(f -> at(f, "namespaceSelector", "matchLabels")).findFirst().orElseThrow();
        assertEquals("ingress-nginx", ns.get("kubernetes.io/metadata.name"));
        assertTrue(from.stream().noneMatch(f -> f.containsKey("podSelector") && f.containsKey("namespaceSelector")),
                "two separate peers, not one AND-ed peer");
        assertEquals(8082, list(rules.get(0), "ports").get(0).get("port"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void theGatewayIngressIsTheCommittedOneFromTheRouteTable(String overlay) {
        Map<String, Object> ingress = render(overlay).find("Ingress", "xs2a-gateway").orElseThrow();
        Map<String, Object> committed = Manifests.parseAll(Repo.read("k8s/base/ingress.yaml")).get(0);
        // the overlay adds only its host and TLS (everyIngressServesHttpsOnlyWithANamedCertificate)
        Map<String, Object> spec = new java.util.LinkedHashMap<>(map(ingress, "spec"));
        spec.remove("tls");
        List<Map<String, Object>> rules = new java.util.ArrayList<>();
        for (Map<String, Object> rule : list(spec, "rules")) {
            Map<String, Object> copy = new java.util.LinkedHashMap<>(rule);
            copy.remove("host");
            rules.add(copy);
        }
        spec.put("rules", rules);
        assertEquals(map(committed, "spec"), spec);
        assertEquals(Routes.table().stream().map(Routes.Route::service).collect(Collectors.toSet()), backends(ingress));
    }

    /** Done when: both overlays serve their Ingresses over TLS only, with a certificate Secret the README describes. */
    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void everyIngressServesHttpsOnlyWithANamedCertificate(String overlay) {
        Manifests m = render(overlay);
        List<Map<String, Object>> ingresses = m.ofKind("Ingress");
        assertEquals("sandbox".equals(overlay) ? 2 : 1, ingresses.size());
        String readme = Repo.read("k8s/README.md");
        for (Map<String, Object> ingress : ingresses) {
            String what = overlay + " Ingress " + name(ingress);
            List<Map<String, Object>> tls = list(map(ingress, "spec"), "tls");
            assertEquals(1, tls.size(), what + " has TLS");
            String secret = (String) tls.get(0).get("secretName");
            assertNotNull(secret, what);
            assertTrue(readme.contains("`" + secret + "`"), "k8s/README.md tells how to create the TLS Secret " + secret);
            Set<Object> hosts = new HashSet<>((List<?>) tls.get(0).get("hosts"));
            for (Map<String, Object> rule : list(map(ingress, "spec"), "rules")) {
                assertTrue(hosts.contains(rule.get("host")), what + ": every rule's host is served over TLS");
            }
            assertEquals("true", map(map(ingress, "metadata"), "annotations")
                    .get("nginx.ingress.kubernetes.io/force-ssl-redirect"), what + " redirects plain HTTP");
        }
        String publicUrl = configMapData(m, "xs2a-config").get("PSD2_PUBLIC_BASE_URL");
        Map<String, Object> gateway = m.find("Ingress", "xs2a-gateway").orElseThrow();
        assertEquals(publicUrl, "https://" + list(map(gateway, "spec"), "rules").get(0).get("host"),
                "the gateway's Ingress serves the host of the public URL, over https");
    }

    /**
     * Done when: every namespace denies all traffic by default, and each pod may accept and open exactly the
     * connections it needs (the union of the policies that select it, as a CNI plugin computes it).
     */
    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void aDefaultDenyNetworkPolicyAndExactlyTheConnectionsEachPodNeeds(String overlay) {
        Manifests m = render(overlay);
        List<Map<String, Object>> policies = m.ofKind("NetworkPolicy");
        Map<String, Object> deny = m.find("NetworkPolicy", "default-deny").orElseThrow();
        assertEquals(Map.of(), map(map(deny, "spec"), "podSelector"), "default-deny selects every pod");
        assertEquals(List.of("Ingress", "Egress"), map(deny, "spec").get("policyTypes"));
        assertNull(map(deny, "spec").get("ingress"));
        assertNull(map(deny, "spec").get("egress"));

        Set<String> common = Set.of("dns UDP/53", "dns TCP/53", "0.0.0.0/0 TCP/5432", "0.0.0.0/0 TCP/80");
        String bank = "sandbox".equals(overlay) ? "pod app.kubernetes.io/name=aspsp-sandbox TCP/8090" : "0.0.0.0/0 TCP/443";
        String fromIngress = "namespace ingress-nginx TCP/";
        Map<String, Set<String>> ingress = new java.util.TreeMap<>(Map.of(
                "registration-service", Set.of(fromIngress + 8081),
                "consent-service", Set.of(fromIngress + 8082, "pod app.kubernetes.io/name=account-service TCP/8082"),
                "account-service", Set.of(fromIngress + 8083),
                "payment-service", Set.of(fromIngress + 8084),
                "ingress-errors", Set.of(fromIngress + 8080)));
        Map<String, Set<String>> egress = new java.util.TreeMap<>(Map.of(
                "registration-service", union(common, Set.of("0.0.0.0/0 TCP/587")),
                "consent-service", union(common, Set.of(bank)),
                "account-service", union(common, Set.of(bank, "pod app.kubernetes.io/name=consent-service TCP/8082")),
                "payment-service", union(common, Set.of(bank)),
                "ingress-errors", Set.of()));
        if ("sandbox".equals(overlay)) {
            ingress.put("aspsp-sandbox", Set.of(fromIngress + 8090, "pod app.kubernetes.io/component=gateway TCP/8090"));
            // the bank's status events to the two receivers, each on its own port
            String fromBank = "pod app.kubernetes.io/name=aspsp-sandbox TCP/";
            ingress.put("consent-service", union(ingress.get("consent-service"), Set.of(fromBank + 8082)));
            ingress.put("payment-service", union(ingress.get("payment-service"), Set.of(fromBank + 8084)));
            egress.put("aspsp-sandbox", Set.of("dns UDP/53", "dns TCP/53", "0.0.0.0/0 TCP/5432",
                    "pod app.kubernetes.io/name=consent-service TCP/8082", "pod app.kubernetes.io/name=payment-service TCP/8084"));
        }
        assertEquals(ingress.keySet(), m.ofKind("Deployment").stream().map(Manifests::name)
                .collect(Collectors.toCollection(TreeSet::new)), "every pod's connections are listed here");
        for (Map<String, Object> d : m.ofKind("Deployment")) {
            String n = name(d);
            Map<String, Object> labels = at(d, "spec", "template", "metadata", "labels");
            List<Map<String, Object>> selecting = policies.stream()
                    .filter(p -> selects(map(map(p, "spec"), "podSelector"), labels)).toList();
            assertTrue(selecting.contains(deny), n);
            assertEquals(ingress.get(n), allowed(selecting, "Ingress", "ingress", "from"), overlay + " " + n + " accepts");
            assertEquals(egress.get(n), allowed(selecting, "Egress", "egress", "to"), overlay + " " + n + " opens");
        }
    }

    /**
     * The connection pools of all pods, at every Deployment's maximum (the autoscaler's maxReplicas plus the pod a
     * rolling update adds), fit into the PostgreSQL server's max_connections declared on the namespace, less the
     * connections PostgreSQL reserves for superusers (superuser_reserved_connections, 3 by default).
     */
    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void theConnectionPoolsOfAllPodsFitTheDatabaseServer(String overlay) {
        Manifests m = render(overlay);
        Object declared = map(map(m.find("Namespace", "xs2a-" + overlay).orElseThrow(), "metadata"), "annotations")
                .get("xs2a.eu/postgres-max-connections");
        assertNotNull(declared, "the namespace declares its database server's max_connections");
        int available = Integer.parseInt((String) declared) - 3;
        int total = 0;
        StringBuilder sum = new StringBuilder();
        for (Map<String, Object> d : m.ofKind("Deployment")) {
            Map<String, Object> pod = at(d, "spec", "template", "spec");
            Map<String, Object> c = list(pod, "containers").get(0);
            if (list(c, "env").stream().noneMatch(e -> "QUARKUS_DATASOURCE_JDBC_URL".equals(e.get("name")))) {
                continue;
            }
            String n = name(d);
            String size = envValue(m, c, "QUARKUS_DATASOURCE_JDBC_MAX_SIZE");
            assertNotNull(size, overlay + " " + n + " sets its pool size (the service's default, 16, is for one pod)");
            int maxReplicas = (Integer) map(m.find("HorizontalPodAutoscaler", n).orElseThrow(), "spec").get("maxReplicas");
            Object surge = at(d, "spec", "strategy", "rollingUpdate").get("maxSurge");
            assertTrue(surge instanceof Integer, n + ": maxSurge is a number of pods, so the sum is exact");
            int pods = maxReplicas + (Integer) surge;
            total += pods * Integer.parseInt(size);
            sum.append(' ').append(n).append(' ').append(pods).append('x').append(size);
        }
        assertTrue(total > 0);
        assertTrue(total <= available, overlay + ": " + total + " connections (" + sum.toString().trim()
                + ") exceed the " + available + " the database server allows");
    }

    /** Images are released versions: a SNAPSHOT, latest or missing tag would change what runs without a change here. */
    @ParameterizedTest
    @ValueSource(strings = {"sandbox", "live"})
    void everyImageIsTaggedWithAReleaseVersion(String overlay) {
        Manifests m = render(overlay);
        for (Map<String, Object> d : m.ofKind("Deployment")) {
            Map<String, Object> pod = at(d, "spec", "template", "spec");
            for (Map<String, Object> c : java.util.stream.Stream.concat(list(pod, "containers").stream(),
                    list(pod, "initContainers").stream()).toList()) {
                String image = (String) c.get("image");
                String what = overlay + " " + name(d) + " image " + image;
                int slash = image.lastIndexOf('/');
                int colon = image.lastIndexOf(':');
                assertTrue(colon > slash, what + " has a tag");
                String tag = image.substring(colon + 1);
                assertFalse(tag.equalsIgnoreCase("latest"), what);
                assertFalse(tag.toUpperCase(java.util.Locale.ROOT).contains("SNAPSHOT"), what);
                if (image.startsWith("xs2a/")) {
                    assertTrue(tag.matches("\\d+\\.\\d+\\.\\d+"), what + ": the gateway's release version");
                }
            }
        }
    }

    /** The live bank is called over TLS (providers.properties; its client certificate: k8s/README.md "TLS"). */
    @Test
    void theLiveBanksAreCalledOverHttps() throws IOException {
        Properties live = properties(configMapData(render("live"), "xs2a-providers").get("providers.properties"));
        Set<String> urls = live.stringPropertyNames().stream().filter(k -> k.endsWith(".bank-url"))
                .map(live::getProperty).collect(Collectors.toSet());
        assertFalse(urls.isEmpty());
        for (String url : urls) {
            assertTrue(url.matches("\\$\\{[A-Z0-9_]+:https://[^}]+}|https://.+"), "live bank URL " + url);
        }
        // the files of the providers' TLS configurations are there in every service (each one checks them at start)
        Manifests m = render("live");
        List<String> files = live.stringPropertyNames().stream().filter(k -> k.startsWith("quarkus.tls."))
                .map(live::getProperty).toList();
        assertFalse(files.isEmpty(), "the example provider shows mutual TLS");
        for (String service : GATEWAY) {
            Map<String, Object> pod = at(m.find("Deployment", service).orElseThrow(), "spec", "template", "spec");
            for (String file : files) {
                assertNotNull(mountPathOf(pod, list(pod, "containers").get(0), file), service + " mounts " + file);
            }
        }
    }

    // --- helpers -------------------------------------------------------------------------------------------

    private static final Map<String, Manifests> RENDERED = new java.util.concurrent.ConcurrentHashMap<>();

    /** Rendered once per overlay (read-only use only: tests never modify the parsed documents). */
    private static Manifests render(String overlay) {
        return RENDERED.computeIfAbsent(overlay, o -> Manifests.render("k8s/overlays/" + o));
    }

    private static Map<String, String> configMapData(Manifests m, String name) {
        Map<String, Object> cm = m.configMap(name).orElseThrow(() -> new AssertionError("no ConfigMap " + name));
        return map(cm, "data").entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> String.valueOf(e.getValue())));
    }

    private static void assertMounted(Map<String, Object> pod, Map<String, Object> c, String file, String configMap, String what) {
        assertNotNull(file, what);
        String volume = mountPathOf(pod, c, file);
        assertNotNull(volume, what + " mounts " + file);
        Map<String, Object> v = list(pod, "volumes").stream().filter(x -> volume.equals(x.get("name"))).findFirst().orElseThrow();
        assertEquals(configMap, Manifests.stripHash((String) map(v, "configMap").get("name")), what);
    }

    /** The volume mounted at a folder that contains this file, or null. */
    private static String mountPathOf(Map<String, Object> pod, Map<String, Object> c, String file) {
        return list(c, "volumeMounts").stream()
                .filter(vm -> file.startsWith(vm.get("mountPath") + "/"))
                .map(vm -> (String) vm.get("name")).findFirst().orElse(null);
    }

    private static Set<String> secretNames(Map<String, Object> pod, Map<String, Object> c) {
        Set<String> names = new HashSet<>();
        for (Map<String, Object> v : list(pod, "volumes")) {
            if (v.containsKey("secret")) {
                names.add((String) map(v, "secret").get("secretName"));
            }
            for (Map<String, Object> s : list(map(v, "projected"), "sources")) {
                if (s.containsKey("secret")) {
                    names.add((String) map(s, "secret").get("name"));
                }
            }
        }
        for (Map<String, Object> e : list(c, "env")) {
            Map<String, Object> ref = at(e, "valueFrom", "secretKeyRef");
            if (ref != null) {
                names.add((String) ref.get("name"));
            }
        }
        for (Map<String, Object> e : list(c, "envFrom")) {
            if (e.containsKey("secretRef")) {
                names.add((String) map(e, "secretRef").get("name"));
            }
        }
        return names;
    }

    private static Set<String> configMapNames(Map<String, Object> pod, Map<String, Object> c) {
        Set<String> names = new HashSet<>();
        for (Map<String, Object> v : list(pod, "volumes")) {
            if (v.containsKey("configMap")) {
                names.add(Manifests.stripHash((String) map(v, "configMap").get("name")));
            }
            for (Map<String, Object> s : list(map(v, "projected"), "sources")) {
                if (s.containsKey("configMap")) {
                    names.add(Manifests.stripHash((String) map(s, "configMap").get("name")));
                }
            }
        }
        for (Map<String, Object> e : list(c, "envFrom")) {
            if (e.containsKey("configMapRef")) {
                names.add(Manifests.stripHash((String) map(e, "configMapRef").get("name")));
            }
        }
        return names;
    }

    private static Set<String> backends(Map<String, Object> ingress) {
        Set<String> names = new HashSet<>();
        for (Map<String, Object> rule : list(map(ingress, "spec"), "rules")) {
            for (Map<String, Object> p : list(map(rule, "http"), "paths")) {
                names.add((String) at(p, "backend", "service").get("name"));
            }
        }
        return names;
    }

    private static int replicas(Manifests m, String deployment) {
        return (Integer) map(m.find("Deployment", deployment).orElseThrow(), "spec").get("replicas");
    }

    private static int minReplicas(Manifests m, String hpa) {
        return (Integer) map(m.find("HorizontalPodAutoscaler", hpa).orElseThrow(), "spec").get("minReplicas");
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    /** Whether a podSelector (matchLabels, matchExpressions with In) selects a pod with these labels. */
    private static boolean selects(Map<String, Object> selector, Map<String, Object> labels) {
        if (selector == null) {
            return false;
        }
        Map<String, Object> matchLabels = map(selector, "matchLabels");
        if (matchLabels != null && !labels.entrySet().containsAll(matchLabels.entrySet())) {
            return false;
        }
        for (Map<String, Object> e : list(selector, "matchExpressions")) {
            assertEquals("In", e.get("operator"), "only In is understood here");
            if (!((List<?>) e.get("values")).contains(labels.get(e.get("key")))) {
                return false;
            }
        }
        return true;
    }

    /** The connections these policies allow in one direction, as "peer protocol/port" (DNS: "dns"). */
    private static Set<String> allowed(List<Map<String, Object>> policies, String type, String direction, String peers) {
        Set<String> allowed = new TreeSet<>();
        for (Map<String, Object> p : policies) {
            Map<String, Object> spec = map(p, "spec");
            if (!((List<?>) spec.get("policyTypes")).contains(type)) {
                continue;
            }
            for (Map<String, Object> rule : list(spec, direction)) {
                List<Map<String, Object>> ports = list(rule, "ports");
                assertFalse(ports.isEmpty(), name(p) + ": every rule names its ports");
                List<Map<String, Object>> from = list(rule, peers);
                assertFalse(from.isEmpty(), name(p) + ": every rule names its peers");
                for (Map<String, Object> peer : from) {
                    String who = peer(peer);
                    for (Map<String, Object> port : ports) {
                        allowed.add(who + " " + port.get("protocol") + "/" + port.get("port"));
                    }
                }
            }
        }
        return allowed;
    }

    private static String peer(Map<String, Object> peer) {
        Map<String, Object> ns = map(peer, "namespaceSelector");
        Map<String, Object> pod = map(peer, "podSelector");
        if (peer.containsKey("ipBlock")) {
            return (String) map(peer, "ipBlock").get("cidr");
        }
        if (ns != null && pod != null) {
            assertEquals(Map.of(), ns, "the one cross-namespace pod peer is DNS");
            assertEquals(Map.of("k8s-app", "kube-dns"), map(pod, "matchLabels"));
            return "dns";
        }
        if (ns != null) {
            Map<String, Object> labels = map(ns, "matchLabels");
            assertEquals(1, labels.size());
            return "namespace " + labels.get("kubernetes.io/metadata.name");
        }
        Map<String, Object> labels = map(pod, "matchLabels");
        assertEquals(1, labels.size(), "one label per pod peer");
        Map.Entry<String, Object> label = labels.entrySet().iterator().next();
        return "pod " + label.getKey() + "=" + label.getValue();
    }

    /** A container's environment variable, set directly or through a ConfigMap of its envFrom; null when unset. */
    private static String envValue(Manifests m, Map<String, Object> c, String variable) {
        for (Map<String, Object> e : list(c, "env")) {
            if (variable.equals(e.get("name"))) {
                return (String) e.get("value");
            }
        }
        for (Map<String, Object> e : list(c, "envFrom")) {
            if (e.containsKey("configMapRef")) {
                String cm = Manifests.stripHash((String) map(e, "configMapRef").get("name"));
                if (m.configMap(cm).isPresent()) {
                    String value = configMapData(m, cm).get(variable);
                    if (value != null) {
                        return value;
                    }
                }
            }
        }
        return null;
    }

    private static Properties properties(String text) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        return p;
    }
}
