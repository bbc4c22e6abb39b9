package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.kpi.ServiceClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The route table k8s/routes.tsv is the one source of both ingresses: the committed Kubernetes Ingress and the nginx
 * configuration that ingress/render-nginx writes must route exactly its rows, and nothing else.
 */
class RouteTableTest {

    private static final Pattern LOCATION = Pattern.compile("location ~ (\\S+) \\{\\s*proxy_pass http://(\\w+);\\s*}");
    private static final Pattern UPSTREAM = Pattern.compile("upstream (\\w+) \\{\\s*server ([^;\\s]+);");

    @TempDir
    Path tmp;

    @Test
    void theTableRoutesWhatDesignMdSaysAndNothingInternal() {
        List<Routes.Route> table = Routes.table();
        assertFalse(table.isEmpty());
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (Routes.Route r : table) {
            Integer before = ports.put(r.service(), r.port());
            assertTrue(before == null || before == r.port(), r.service() + " has one port");
            assertTrue(r.path().matches("(/[a-z0-9_-]+)+"), r.path());
        }
        assertEquals(Map.of("consent-service", 8082, "account-service", 8083, "payment-service", 8084,
                "registration-service", 8081), ports, "the four services, on their fixed ports; no aspsp-sandbox");
    }

    /**
     * Every route carries requests of the interface, so every one is counted in the regulator's figures
     * (xs2a-platform {@code ServiceClass}): a route added to the table without a class would go uncounted.
     */
    @Test
    void everyRouteIsCountedInAServiceClass() {
        for (Routes.Route r : Routes.table()) {
            String path = ("provider".equals(r.scope()) ? "/sandbox" : "") + r.path();
            assertNotNull(ServiceClass.of(path), path + " is in no service class of the KPIs");
            assertNotNull(ServiceClass.of(path + "/x/y"), path + "/x/y is in no service class of the KPIs");
        }
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({
        "/sandbox/api/berlingroup/v1/consents, consent-service",
        "/sandbox/api/berlingroup/v1/consents/1234/authorisations/5678, consent-service",
        "/sandbox2/api/berlingroup/v1/consents/abc/status?x=1, consent-service",
        "/bank-2/api/berlingroup/v2/consents/confirmation-of-funds/1, consent-service",
        "/sandbox/api/berlingroup/v1/signing-baskets, consent-service",
        "/sandbox/api/berlingroup/v1/signing-baskets/b1/authorisations/a1/sca-redirect/t, consent-service",
        "/sandbox/api/berlingroup/v1/signing-basketsX, NONE",
        "/sandbox/api/berlingroup/v1/accounts, account-service",
        "/sandbox/api/berlingroup/v1/accounts/refresh, account-service",
        "/sandbox/api/berlingroup/v1/card-accounts/abc/transactions, account-service",
        "/sandbox/api/berlingroup/v1/aspsps/product_templates, account-service",
        "/sandbox/api/berlingroup/v1/funds-confirmations, account-service",
        "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers, payment-service",
        "/sandbox/api/berlingroup/v1/periodic-payments/sepa-credit-transfers/1/status, payment-service",
        "/sandbox/api/berlingroup/v1/periodic-paymentsX, NONE",
        "/api/open-banking/v3.1/tpp/register, registration-service",
        "/api/berlingroup/v1/tpp/register, registration-service",
        "/api/berlingroup/v1/tpp, registration-service",
        "/api/sandbox/certificates, registration-service",
        "/sandbox/oauth/token, registration-service",
        "/sandbox2/oauth/.well-known/oauth-authorization-server, registration-service",
        "/sandbox/oauthx, NONE",
        "/oauth/token, NONE",
        "/internal/v1/consent-checks, NONE",
        "/sandbox/internal/v1/consent-checks, NONE",
        "/internal/v1/bank-events, NONE",
        "/sandbox/internal/v1/bank-events, NONE",
        "/q/health/ready, NONE",
        "/q/metrics, NONE",
        "/sandbox/api/berlingroup/v1/consentsX, NONE",
        "/Sandbox/api/berlingroup/v1/consents, NONE",
        "/sandbox/api/berlingroup/v3/consents, NONE",
        "/sca/token, NONE",
        "/online-banking, NONE",
        "/bank/v1/consents, NONE",
        "/sandbox/api/berlingroup/v1/tpp/register, NONE",
        "/, NONE"
    })
    void eachPathGoesToItsOwnerOrNowhere(String path, String expected) {
        String uriPath = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        assertEquals(expected, Routes.serviceFor(uriPath).orElse("NONE"));
    }

    @Test
    void theCommittedIngressAndItsDefaultBackendAreTheRenderedOnes() throws IOException {
        Path out = tmp.resolve("base");
        Repo.Result r = Repo.run(List.of("bash", Repo.path("k8s/render-ingress").toString(), "--out-dir", out.toString()));
        assertEquals(0, r.exitCode(), r.stderr());
        for (String file : List.of("ingress.yaml", "ingress-errors.conf")) {
            assertEquals(Files.readString(out.resolve(file)), Files.readString(Repo.path("k8s/base/" + file)),
                    "k8s/base/" + file + " is out of date: run k8s/render-ingress and commit the result");
        }
    }

    @Test
    void theIngressRoutesExactlyTheTable() {
        Map<String, Object> ingress = Manifests.parseAll(Repo.read("k8s/base/ingress.yaml")).get(0);
        assertEquals("Ingress", ingress.get("kind"));
        assertEquals("true", Manifests.at(ingress, "metadata", "annotations").get("nginx.ingress.kubernetes.io/use-regex"));
        List<String> routed = new ArrayList<>();
        for (Map<String, Object> rule : Manifests.list(Manifests.map(ingress, "spec"), "rules")) {
            for (Map<String, Object> p : Manifests.list(Manifests.map(rule, "http"), "paths")) {
                Map<String, Object> service = Manifests.at(p, "backend", "service");
                assertEquals("ImplementationSpecific", p.get("pathType"));
                routed.add(p.get("path") + " " + service.get("name") + ":" + Manifests.map(service, "port").get("number"));
            }
        }
        assertEquals(expected(""), routed);
        Map<String, Object> fallback = Manifests.at(ingress, "spec", "defaultBackend", "service");
        assertEquals("ingress-errors", fallback.get("name"), "unmatched requests get the standard 404 body");
    }

    @Test
    void theNginxConfigurationRoutesExactlyTheTable() throws IOException {
        String conf = renderNginx(tmp, List.of());
        List<String> routed = new ArrayList<>();
        Map<String, String> upstreams = upstreams(conf);
        Matcher m = LOCATION.matcher(conf);
        while (m.find()) {
            routed.add(m.group(1) + " " + serviceOf(m.group(2)) + ":" + upstreams.get(m.group(2)).split(":")[1]);
        }
        assertEquals(expected("^"), routed);
        assertTrue(upstreams.values().stream().allMatch(t -> t.startsWith("127.0.0.1:")), upstreams.toString());
        List<String> locations = conf.lines().map(String::trim).filter(l -> l.startsWith("location ")).toList();
        assertEquals(routed.size() + 2 + 9 + 5, locations.size(),
                "the routes, / and the static site, nine error bodies and five browser pages: " + locations);
        assertTrue(locations.stream().noneMatch(l -> l.contains("internal")), "nothing under /internal is ever routed");
    }

    @Test
    void upstreamPortsComeFromFlagsAndEnvironment() throws IOException {
        Path dir = tmp.resolve("ports");
        Repo.Result r = Repo.runWithEnv(List.of("bash", Repo.path("ingress/render-nginx").toString(), "--dir", dir.toString(),
                "--listen", "18080", "--upstream", "consent-service=18082", "--upstream", "payment-service=10.1.2.3:9000"),
                Map.of("XS2A_UPSTREAM_ACCOUNT_SERVICE", "18083", "XS2A_UPSTREAM_CONSENT_SERVICE", "1"));
        assertEquals(0, r.exitCode(), r.stderr());
        String conf = Files.readString(dir.resolve("nginx.conf"));
        Map<String, String> upstreams = upstreams(conf);
        assertEquals("127.0.0.1:18082", upstreams.get("consent_service"), "the flag wins over the environment");
        assertEquals("127.0.0.1:18083", upstreams.get("account_service"));
        assertEquals("10.1.2.3:9000", upstreams.get("payment_service"));
        assertEquals("127.0.0.1:8081", upstreams.get("registration_service"));
        assertTrue(conf.contains("listen 18080;"));
        assertTrue(conf.contains("pid " + dir.toRealPath() + "/nginx.pid;"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--upstream|no-such-service=1",
        "--upstream|consent-service=not-a-port",
        "--listen|80x",
        "--bogus|1"
    })
    void badArgumentsAreRefused(String flag, String value) {
        Repo.Result r = Repo.run(List.of("bash", Repo.path("ingress/render-nginx").toString(), "--dir",
                tmp.resolve("bad").toString(), flag, value));
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().startsWith("render-nginx:"), r.stderr());
    }

    @Test
    void aMalformedRouteTableIsRefusedByBothGenerators() throws IOException {
        Path routes = tmp.resolve("routes.tsv");
        Files.writeString(routes, "provider\t/api/berlingroup/v1/consents\tconsent-service\n");
        Repo.Result nginx = Repo.run(List.of("bash", Repo.path("ingress/render-nginx").toString(), "--dir",
                tmp.resolve("m").toString(), "--routes", routes.toString()));
        assertNotEquals(0, nginx.exitCode());
        assertTrue(nginx.stderr().contains("4 tab-separated columns"), nginx.stderr());
        Repo.Result ingress = Repo.run(List.of("bash", Repo.path("k8s/render-ingress").toString(), "--routes",
                routes.toString(), "--out-dir", tmp.resolve("k").toString()));
        assertNotEquals(0, ingress.exitCode());
        assertFalse(Files.exists(tmp.resolve("k/ingress.yaml")), "no half-written Ingress");
    }

    @Test
    void theTablePortsAreTheDeploymentPorts() {
        for (Routes.Route r : Routes.table()) {
            Map<String, Object> deployment = Manifests.parseAll(Repo.read("k8s/base/" + r.service() + ".yaml")).stream()
                    .filter(d -> "Deployment".equals(d.get("kind"))).findFirst().orElseThrow();
            Map<String, Object> container = Manifests.list(Manifests.at(deployment, "spec", "template", "spec"), "containers").get(0);
            assertEquals(r.port(), Manifests.list(container, "ports").get(0).get("containerPort"), r.service());
        }
    }

    // --- helpers -------------------------------------------------------------------------------------------

    /** The table as "regex service:port" lines, in table order. */
    private static List<String> expected(String anchor) {
        return Routes.table().stream().map(r -> anchor + r.ingressRegex() + " " + r.service() + ":" + r.port())
                .collect(Collectors.toList());
    }

    static String renderNginx(Path dir, List<String> extraArgs) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("bash", Repo.path("ingress/render-nginx").toString(), "--dir", dir.toString()));
        cmd.addAll(extraArgs);
        Repo.Result r = Repo.run(cmd);
        assertEquals(0, r.exitCode(), r.stderr());
        return Files.readString(Path.of(r.stdout().trim()));
    }

    private static Map<String, String> upstreams(String conf) {
        Map<String, String> upstreams = new LinkedHashMap<>();
        Matcher m = UPSTREAM.matcher(conf);
        while (m.find()) {
            upstreams.put(m.group(1), m.group(2));
        }
        return upstreams;
    }

    private static String serviceOf(String upstreamName) {
        Optional<Routes.Route> r = Routes.table().stream().filter(x -> x.service().replace('-', '_').equals(upstreamName)).findFirst();
        return r.map(Routes.Route::service).orElse("?" + upstreamName);
    }
}
