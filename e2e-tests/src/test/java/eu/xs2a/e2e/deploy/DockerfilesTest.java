package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each service's two images: built from the Quarkus outputs, unprivileged, on the service's own port. */
class DockerfilesTest {

    private static final Pattern EXPOSE = Pattern.compile("(?m)^EXPOSE (\\d+)$");

    @ParameterizedTest
    @ValueSource(strings = {"registration-service", "consent-service", "account-service", "payment-service", "aspsp-sandbox"})
    void bothImagesRunUnprivilegedOnTheServicesPort(String module) throws IOException {
        int port = httpPort(module);
        String nativeMicro = Repo.read(module + "/src/main/docker/Dockerfile.native-micro");
        assertTrue(nativeMicro.contains("COPY --chown=1001:root --chmod=0755 target/*-runner /work/application"));
        assertTrue(nativeMicro.contains("\nUSER 1001\n"));
        assertTrue(nativeMicro.contains("ENTRYPOINT [\"./application\", \"-Dquarkus.http.host=0.0.0.0\"]"));
        assertEquals(port, exposed(nativeMicro), module);

        String jvm = Repo.read(module + "/src/main/docker/Dockerfile.jvm");
        assertTrue(jvm.contains("COPY --chown=185 target/quarkus-app/lib/ /deployments/lib/"));
        assertTrue(jvm.contains("ENV JAVA_APP_JAR=\"/deployments/quarkus-run.jar\""));
        assertTrue(jvm.contains("\nUSER 185\n"));
        assertEquals(port, exposed(jvm), module);

        for (String dockerfile : new String[] {nativeMicro, jvm}) {
            assertTrue(dockerfile.contains("ARG BASE_IMAGE=") && dockerfile.contains("FROM ${BASE_IMAGE}"), module);
            assertFalse(dockerfile.matches("(?s).*FROM [a-z0-9.-]+\\.[a-z]{2,}/.*"), "no registry host named in " + module);
            assertTrue(dockerfile.contains("docker build -f " + module + "/src/main/docker/"), "the build command is right");
        }
    }

    private static int exposed(String dockerfile) {
        Matcher m = EXPOSE.matcher(dockerfile);
        assertTrue(m.find(), "EXPOSE");
        return Integer.parseInt(m.group(1));
    }

    private static int httpPort(String module) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(Repo.read(module + "/src/main/resources/application.properties")));
        return Integer.parseInt(p.getProperty("quarkus.http.port"));
    }

}
