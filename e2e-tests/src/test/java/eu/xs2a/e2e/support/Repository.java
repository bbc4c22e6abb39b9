package eu.xs2a.e2e.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Finds the repository checkout the tests run in (the folder with the root pom.xml and bin/run). */
public final class Repository {

    private Repository() {
    }

    public static Path root() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("bin/run")) && Files.isRegularFile(d.resolve("pom.xml"))) {
                return d;
            }
        }
        throw new IllegalStateException("no repository (bin/run and pom.xml) above " + dir);
    }

    /**
     * Runs a command in the checkout to its end (at most two minutes), stdout and stderr together: its output, or
     * IllegalStateException with the output when it cannot run, fails or does not end.
     */
    public static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).directory(root().toFile()).redirectErrorStream(true)
                    .start();
            String out = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + " cannot run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
