package eu.xs2a.platform.kpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.platform.MigrationCopies;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every service counts its KPIs (the recorder is in every service that has this library), so every service has the
 * KPI migration (src/main/resources/db/migration/V&lt;n&gt;__kpi.sql), and it is the canonical text of
 * src/test/resources/db/kpi/V2__kpi.sql, which the KPI tests run against.
 */
class KpiMigrationCopiesTest {

    @Test
    void everyServiceHasTheCanonicalText() throws IOException {
        assertEquals(List.of("account-service", "consent-service", "payment-service", "registration-service"),
                MigrationCopies.check(Path.of("src/test/resources/db/kpi/V2__kpi.sql"), "V\\d+__kpi\\.sql"));
    }
}
