package eu.xs2a.e2e.support;

import java.nio.file.Files;
import java.nio.file.Path;

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
}
