package eu.xs2a.platform.task;

import eu.xs2a.platform.MigrationCopies;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every service's task migration (src/main/resources/db/migration/V&lt;n&gt;__tasks.sql) is the canonical text of
 * src/test/resources/db/tasks/V1__tasks.sql, which the runtime's tests run against: a service whose copy drifted
 * would run the runtime on a table it was never tested with.
 */
class TaskMigrationCopiesTest {

    @Test
    void everyServicesCopyIsTheCanonicalText() throws IOException {
        MigrationCopies.check(Path.of("src/test/resources/db/tasks/V1__tasks.sql"), "V\\d+__tasks\\.sql");
    }
}
