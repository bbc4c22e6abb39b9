package eu.xs2a.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The check of a migration every service copies from this library's tests (the task table, the KPI tables): each
 * copy in the reactor's modules is the canonical text.
 */
public final class MigrationCopies {

    private MigrationCopies() {
    }

    /**
     * Compares every module's migration named by {@code fileName} (a regular expression) with {@code canonical};
     * answers the modules that have one.
     */
    public static List<String> check(Path canonical, String fileName) throws IOException {
        String text = Files.readString(canonical);
        List<Path> copies = copies(fileName);
        for (Path copy : copies) {
            assertEquals(text, Files.readString(copy), copy + " differs from " + canonical);
        }
        return copies.stream().map(copy -> copy.getName(1).toString()).sorted().toList();
    }

    /** The copies in the reactor's modules (tests run in this module's directory). */
    private static List<Path> copies(String fileName) throws IOException {
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            return modules.map(module -> module.resolve("src/main/resources/db/migration"))
                    .filter(Files::isDirectory)
                    .flatMap(MigrationCopies::files)
                    .filter(file -> file.getFileName().toString().matches(fileName))
                    .toList();
        }
    }

    private static Stream<Path> files(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList().stream();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
