package eu.xs2a.testsupport;

import eu.xs2a.security.quarkus.BlockedTppsReload;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A blocked TPPs file (psd2.blocked-tpps-file) for a test application, written before its start with nobody in it, in
 * the module's own {@code target}. A test writes the list and puts it in force with the service's
 * {@code BlockedTppsReload} ({@link #putInForce}).
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

    /** Writes the list and has the service's reload read it; answers whether the reload put a new list in force. */
    public static boolean putInForce(BlockedTppsReload reload, String content) {
        write(content);
        return reload.reloadIfChanged();
    }

    @Override
    public void stop() {
    }
}
