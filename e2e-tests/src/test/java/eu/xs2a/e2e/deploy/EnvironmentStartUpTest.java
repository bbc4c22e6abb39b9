package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.testsupport.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Fail closed (docs/ARCHITECTURE.md "Trust and environments"): a packaged service started without PSD2_ENVIRONMENT,
 * or as live with the sandbox's key material or CA, exits with status 1 and says why in one log line, no stack
 * trace. Started like the stack's own registration-service (its database, its trust files), with one thing changed.
 */
@ResourceLock(Lanes.OWN_STACKS)
class EnvironmentStartUpTest {

    private static final String MODULE = "registration-service";
    private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(90);

    @Test
    void withoutAnEnvironmentTheServiceDoesNotStart() throws IOException {
        Map<String, String> env = new HashMap<>(Stack.get().environment(MODULE));
        env.put("PSD2_ENVIRONMENT", null); // not set, not even inherited from this JVM
        assertRefusesWithOneLine(env, "psd2.environment is not set: set PSD2_ENVIRONMENT to sandbox or live (there is"
                + " no default); the service does not start without it");
    }

    @Test
    void liveDoesNotStartWithTheSandboxKeyMaterial() throws IOException {
        Map<String, String> env = new HashMap<>(Stack.get().environment(MODULE));
        env.put("PSD2_ENVIRONMENT", "live");
        assertRefusesWithOneLine(env, "psd2.environment is live but psd2.sandbox.ca-cert is set ("
                + env.get("PSD2_SANDBOX_CA_CERT") + ")");
    }

    @Test
    void liveDoesNotStartTrustingTheSandboxCa() throws IOException {
        Map<String, String> env = new HashMap<>(Stack.get().environment(MODULE));
        env.put("PSD2_ENVIRONMENT", "live");
        for (String key : List.of("PSD2_SANDBOX_CA_CERT", "PSD2_SANDBOX_CA_KEY", "PSD2_SANDBOX_DIRECTORY_KEY")) {
            env.put(key, null);
        }
        // the stack's PSD2_TRUST_ANCHORS is the sandbox CA made by bin/sandbox-keys
        assertRefusesWithOneLine(env, "psd2.environment is live but the trust anchor file "
                + env.get("PSD2_TRUST_ANCHORS") + " holds the sandbox CA");
    }

    private static void assertRefusesWithOneLine(Map<String, String> env, String expected) throws IOException {
        ServiceProcess service = ServiceProcess.launch(MODULE, env, ServiceProcess.freePort());
        try {
            int status = service.awaitExit(EXIT_TIMEOUT);
            String log = Files.readString(service.log());
            assertNotEquals(0, status, log);
            List<String> lines = log.lines().filter(line -> line.contains(expected)).toList();
            assertEquals(1, lines.size(), "one line says why: " + log);
            assertTrue(lines.get(0).contains("ERROR"), lines.get(0));
            assertFalse(log.contains("\tat "), "no stack trace: " + log);
            assertFalse(log.contains("Failed to start application"), log);
        } finally {
            service.close();
        }
    }
}
