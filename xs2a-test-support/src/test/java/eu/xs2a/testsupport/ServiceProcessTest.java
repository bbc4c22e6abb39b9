package eu.xs2a.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The ports services are started on: outside the kernel's ephemeral range, so that a service restarted on its port
 * after a kill does not find it taken by an outgoing connection (Quarkus: "Port … seems to be in use").
 */
class ServiceProcessTest {

    private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    @Test
    void freePortsLieBelowTheEphemeralRange() throws IOException {
        assumeTrue(Files.isReadable(RANGE), "Linux only");
        int first = Integer.parseInt(Files.readAllLines(RANGE).get(0).trim().split("\\s+")[0]);
        assertEquals(first, ServiceProcess.firstEphemeralPort());
        for (int i = 0; i < 100; i++) {
            int port = ServiceProcess.freePort();
            assertTrue(port >= 10_000 && port < first, port + " lies outside 10000.." + (first - 1));
        }
    }
}
