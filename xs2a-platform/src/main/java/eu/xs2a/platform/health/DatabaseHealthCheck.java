package eu.xs2a.platform.health;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Readiness of the service's database, in place of Quarkus's datasource check ({@link DatabaseConfigCustomizer}
 * turns that one off): {@code database} UP or DOWN and nothing else. The probe's body is readable by whoever reaches
 * {@code /q/health}, so it names no host, port, database or driver message; why the database is down is in the log
 * (DEBUG: the probe runs every few seconds during an outage).
 */
@Readiness
@ApplicationScoped
public class DatabaseHealthCheck implements HealthCheck {

    static final String NAME = "database";
    private static final Logger LOG = Logger.getLogger(DatabaseHealthCheck.class);

    @Inject AgroalDataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        boolean up;
        try {
            // a pooled connection, validated on borrow: the check costs no new connection per probe
            up = dataSource.isHealthy(false);
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("The database is not reachable: %s", e.toString());
            up = false;
        }
        return HealthCheckResponse.named(NAME).status(up).build();
    }
}
