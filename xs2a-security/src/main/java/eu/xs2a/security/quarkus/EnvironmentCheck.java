package eu.xs2a.security.quarkus;

import eu.xs2a.platform.StartRefusal;
import eu.xs2a.security.core.TrustMaterial;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import javax.security.auth.x500.X500Principal;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * Fail closed at start (docs/ARCHITECTURE.md "Trust and environments"): a service refuses to run
 * <ul>
 *   <li>without {@code psd2.environment}: there is no default, since a live deployment that missed the variable would
 *       otherwise run as the sandbox (test seals, the self-service CA, http redirect URIs);</li>
 *   <li>in {@code live} with any sandbox key material configured ({@code psd2.sandbox.ca-cert}, {@code ca-key},
 *       {@code directory-key}) or the sandbox CA made by {@code bin/sandbox-keys} among its trust anchors.</li>
 * </ul>
 * Each refusal is one ERROR line naming what to fix, then the service exits with status 1 and no stack trace
 * (xs2a-platform's {@link StartRefusal}). It runs first of the start-up observers, before the trust material and the
 * {@code @Startup} beans that read the environment.
 */
@ApplicationScoped
public class EnvironmentCheck {

    static final String NOT_SET = "psd2.environment is not set: set PSD2_ENVIRONMENT to sandbox or live (there is"
            + " no default); the service does not start without it";
    /** The keys of registration-service's sandbox self-service (its SandboxConfig): never in live. */
    static final List<String> SANDBOX_KEYS = List.of("psd2.sandbox.ca-cert", "psd2.sandbox.ca-key",
            "psd2.sandbox.directory-key");
    /** The organisation in the subject of the sandbox CA that bin/sandbox-keys makes. */
    static final String SANDBOX_CA_ORGANISATION = "XS2A Sandbox";

    private static final Logger LOG = Logger.getLogger(EnvironmentCheck.class);

    void onStart(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event, SecurityConfig config) {
        String refusal = refusal(config, ConfigProvider.getConfig());
        StartRefusal.stopIfAny(LOG, refusal == null ? List.of() : List.of(refusal), "psd2.environment");
    }

    /** Why the service must not start, or null. */
    static String refusal(SecurityConfig config, Config all) {
        if (config.configuredEnvironment().isEmpty()) {
            return NOT_SET;
        }
        if (config.environment() != SecurityConfig.Environment.live) {
            return null;
        }
        for (String key : SANDBOX_KEYS) {
            Optional<String> value = all.getOptionalValue(key, String.class).map(String::strip).filter(v -> !v.isEmpty());
            if (value.isPresent()) {
                return "psd2.environment is live but " + key + " is set (" + value.get() + "): sandbox key material"
                        + " must not be mounted in a live deployment; remove it, the service does not start with it";
            }
        }
        for (Path file : SecurityBeans.anchorFiles(config)) {
            for (X509Certificate anchor : TrustMaterial.loadCertificates(List.of(file))) {
                if (isSandboxCa(anchor.getSubjectX500Principal())) {
                    return "psd2.environment is live but the trust anchor file " + file + " holds the sandbox CA ("
                            + anchor.getSubjectX500Principal().getName() + "): remove it from psd2.trust-anchors,"
                            + " the service does not start with it";
                }
            }
        }
        return null;
    }

    /** The subject names the organisation {@link #SANDBOX_CA_ORGANISATION} (O=XS2A Sandbox, in any RDN order). */
    static boolean isSandboxCa(X500Principal subject) {
        for (String rdn : subject.getName(X500Principal.RFC2253).split(",(?=[A-Za-z0-9.]+=)")) {
            if (rdn.equalsIgnoreCase("O=" + SANDBOX_CA_ORGANISATION)) {
                return true;
            }
        }
        return false;
    }
}
