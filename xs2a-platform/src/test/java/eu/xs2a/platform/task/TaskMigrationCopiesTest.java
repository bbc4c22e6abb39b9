package eu.xs2a.platform.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every service's task migration (src/main/resources/db/migration/V&lt;n&gt;__tasks.sql) is the canonical text of
 * src/test/resources/db/tasks/V1__tasks.sql, which the runtime's tests run against: a service whose copy drifted
 * would run the runtime on a table it was never tested with.
 */
class TaskMigrationCopiesTest {

    private static final Path CANONICAL = Path.of("src/test/resources/db/tasks/V1__tasks.sql");

    @Test
    void everyServicesCopyIsTheCanonicalText() throws IOException {
        String canonical = Files.readString(CANONICAL);
        for (Path copy : copies()) {
            assertEquals(canonical, Files.readString(copy), copy + " differs from " + CANONICAL);
        }
    }

    /** The copies in the reactor's modules (tests run in this module's directory). */
    private static List<Path> copies() throws IOException {
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            return modules.map(module -> module.resolve("src/main/resources/db/migration"))
                    .filter(Files::isDirectory)
                    .flatMap(TaskMigrationCopiesTest::files)
                    .filter(file -> file.getFileName().toString().matches("V\\d+__tasks\\.sql"))
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
