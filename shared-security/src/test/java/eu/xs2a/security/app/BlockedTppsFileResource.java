package eu.xs2a.security.app;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The test app's blocked TPPs file (psd2.blocked-tpps-file), written before start with nobody in it. */
public class BlockedTppsFileResource implements QuarkusTestResourceLifecycleManager {

    static final Path FILE = Path.of("target", "blocked-tpps", "blocked-tpps.txt").toAbsolutePath();

    @Override
    public Map<String, String> start() {
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, "# nobody blocked at start\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("psd2.blocked-tpps-file", FILE.toString());
    }

    @Override
    public void stop() {
    }
}
