package eu.xs2a.registration.config;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@code psd2.environment}: {@code sandbox} (test certificates, self-service) or {@code live}. */
@ApplicationScoped
public class Environment {

    public static final String SANDBOX = "sandbox";

    @ConfigProperty(name = "psd2.environment", defaultValue = SANDBOX)
    String name;

    public boolean isSandbox() {
        return SANDBOX.equalsIgnoreCase(name);
    }
}
