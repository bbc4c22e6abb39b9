package eu.xs2a.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A blocked TPPs file (psd2.blocked-tpps-file) for a test application, written before its start with nobody in it, in
 * the module's own {@code target}. A test writes the list with {@link #write} and puts it in force with the service's
 * {@code BlockedTppsReload}.
 */
public class BlockedTppsFileResource implements QuarkusTestResourceLifecycleManager {

    public static final Path FILE = Path.of("target", "blocked-tpps", "blocked-tpps.txt").toAbsolutePath();

    @Override
    public Map<String, String> start() {
        write("# nobody blocked at start\n");
        return Map.of("psd2.blocked-tpps-file", FILE.toString());
    }

    /** Replaces the file's content (the next reload puts it in force). */
    public static void write(String content) {
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
    }
}
