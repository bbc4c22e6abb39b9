package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The test support (xs2a-test-support: the test PKI, service processes, proxies) never reaches production: every
 * module that depends on it does so in test scope, and no service's packaged application holds its jar or classes.
 */
class NoTestSupportInProductionTest {

    private static final String ARTIFACT = "xs2a-test-support";
    private static final String PACKAGE_PATH = "eu/xs2a/testsupport/";
    private static final List<String> SERVICES = List.of("aspsp-sandbox", "registration-service", "consent-service",
            "account-service", "payment-service");
    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(?:(?!</dependency>).)*</dependency>",
            Pattern.DOTALL);

    @Test
    void everyModuleDependsOnItInTestScopeOnly() throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Repo.ROOT)) {
            for (Path pom : modules.map(m -> m.resolve("pom.xml")).filter(Files::isRegularFile).sorted().toList()) {
                offenders.addAll(nonTestUses(Repo.ROOT.relativize(pom).toString(), Files.readString(pom)));
            }
        }
        assertTrue(offenders.isEmpty(), ARTIFACT + " outside test scope:\n" + String.join("\n", offenders));
    }

    @Test
    void theCheckSeesCompileScopeAndPassesTestScope() {
        String test = "<dependency><groupId>eu.xs2a</groupId><artifactId>" + ARTIFACT + "</artifactId>"
                + "<scope>test</scope></dependency>";
        String compile = "<dependency>\n  <groupId>eu.xs2a</groupId>\n  <artifactId>" + ARTIFACT + "</artifactId>\n"
                + "</dependency>";
        String other = "<dependency><artifactId>xs2a-security</artifactId></dependency>";
        assertEquals(List.of(), nonTestUses("a/pom.xml", test + other));
        assertEquals(List.of("a/pom.xml"), nonTestUses("a/pom.xml", other + compile + test));
    }

    @Test
    void noPackagedServiceHoldsIt() throws IOException {
        for (String service : SERVICES) {
            Path lib = Repo.path(service + "/target/quarkus-app/lib/main");
            Path app = Repo.path(service + "/target/quarkus-app/app");
            assertTrue(Files.isDirectory(lib), service + " is packaged before the e2e tests run: " + lib);
            try (Stream<Path> jars = Files.list(lib)) {
                List<String> names = jars.map(j -> j.getFileName().toString()).toList();
                assertTrue(names.stream().anyMatch(n -> n.contains("xs2a-platform")) || service.equals("aspsp-sandbox"),
                        service + " should carry xs2a-platform (the check looks at the right place): " + names);
                assertFalse(names.stream().anyMatch(n -> n.contains(ARTIFACT)), service + " packages " + ARTIFACT);
            }
            try (Stream<Path> jars = Files.list(app)) {
                for (Path jar : jars.filter(j -> j.toString().endsWith(".jar")).toList()) {
                    try (JarFile file = new JarFile(jar.toFile())) {
                        assertTrue(file.stream().noneMatch(e -> e.getName().startsWith(PACKAGE_PATH)),
                                jar + " holds test-support classes");
                    }
                }
            }
        }
    }

    /** The pom (its name) once per dependency on the test support that is not in test scope. */
    private static List<String> nonTestUses(String name, String pom) {
        List<String> offenders = new ArrayList<>();
        Matcher dependency = DEPENDENCY.matcher(pom);
        while (dependency.find()) {
            String block = dependency.group();
            if (block.contains("<artifactId>" + ARTIFACT + "</artifactId>") && !block.contains("<scope>test</scope>")
                    && !name.startsWith("pom.xml")) {
                offenders.add(name);
            }
        }
        return offenders;
    }
}
