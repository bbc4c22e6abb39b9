package eu.xs2a.sandbox.domain;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * The bank is ready only once its data is seeded: the HTTP server already answers while the start-up seed is being
 * written, and a PSU who logs in then would not exist yet.
 */
@Readiness
@ApplicationScoped
public class SeedReadiness implements HealthCheck {

    private volatile boolean seeded;

    void markSeeded() {
        seeded = true;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("bank data seeded").status(seeded).build();
    }
}
