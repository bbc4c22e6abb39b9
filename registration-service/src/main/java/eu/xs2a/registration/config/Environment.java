package eu.xs2a.registration.config;

import eu.xs2a.security.quarkus.SecurityConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code psd2.environment}: {@code sandbox} (test certificates, self-service) or {@code live}. Read from
 * xs2a-security's {@link SecurityConfig}, which has no default: the service does not start without it.
 */
@ApplicationScoped
public class Environment {

    @Inject SecurityConfig config;

    public boolean isSandbox() {
        return config.environment() == SecurityConfig.Environment.sandbox;
    }
}
