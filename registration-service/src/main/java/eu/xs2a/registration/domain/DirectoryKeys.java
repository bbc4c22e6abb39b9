package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.config.RegistrationConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.PublicKey;
import java.util.Objects;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.lang.JoseException;

/**
 * The SSA directory's public keys ({@code psd2.registration.directory-jwks}, a JWKS file). Re-read when the file
 * changes, so a rotated directory key is picked up without a restart. A file that cannot be read (caught in the
 * middle of a rewrite, briefly missing) leaves the keys read last in force. When no keys were ever read (the key is
 * unset, or the file was unreadable from the start) no software statement can be checked: that is the ASPSP's
 * configuration, not the TPP's input, so it is ServiceUnavailable (503), not NotFound.
 */
@ApplicationScoped
public class DirectoryKeys {

    private static final Logger LOG = Logger.getLogger(DirectoryKeys.class);
    /** Seconds for Retry-After while no directory keys are loaded: a configuration fix takes a while. */
    static final int RETRY_AFTER_SECONDS = 60;

    private record Loaded(FileTime modified, JsonWebKeySet keys) {
    }

    private final Optional<Path> file;
    private volatile Loaded loaded;
    /** The last read failure logged: a failure is logged once, not on every registration. */
    private volatile String loggedFailure;

    public DirectoryKeys(RegistrationConfig config) {
        this.file = config.directoryJwks().filter(s -> !s.isBlank()).map(Path::of);
    }

    /** Reads the keys once at start-up, so that a missing or unreadable JWKS is in the log before any TPP finds it. */
    void onStart(@Observes StartupEvent start) {
        if (file.isEmpty()) {
            LOG.warn("psd2.registration.directory-jwks (PSD2_REGISTRATION_DIRECTORY_JWKS) is not set: every "
                    + "open-banking registration will be answered with ServiceUnavailable");
            return;
        }
        current().ifPresent(keys -> LOG.infof("Directory JWKS %s: %d key(s)", file.get(), keys.getJsonWebKeys().size()));
    }

    /**
     * The directory key with this key id, if the directory has one.
     *
     * @throws Psd2Exception ServiceUnavailable when no directory JWKS has ever been read
     */
    public Optional<PublicKey> byKid(String kid) {
        JsonWebKeySet set = current().orElseThrow(() -> Psd2Exception.serviceUnavailable(
                "The software statement cannot be checked now: this ASPSP has no directory keys loaded",
                RETRY_AFTER_SECONDS, null));
        if (kid == null) {
            return Optional.empty();
        }
        return set.getJsonWebKeys().stream()
                .filter(k -> kid.equals(k.getKeyId()))
                .filter(k -> k instanceof PublicJsonWebKey)
                .map(k -> ((PublicJsonWebKey) k).getPublicKey())
                .findFirst();
    }

    /** The key id under which this public key is published, if it is one of the directory's keys. */
    public Optional<String> kidOf(PublicKey publicKey) {
        return current().flatMap(set -> set.getJsonWebKeys().stream()
                .filter(k -> k instanceof PublicJsonWebKey p && p.getPublicKey().equals(publicKey))
                .map(JsonWebKey::getKeyId)
                .findFirst());
    }

    /** The keys of the file as it is now, else those read last, else empty. */
    private Optional<JsonWebKeySet> current() {
        if (file.isEmpty()) {
            return Optional.empty();
        }
        Loaded last = loaded;
        try {
            FileTime modified = Files.getLastModifiedTime(file.get());
            if (last == null || !last.modified().equals(modified)) {
                last = new Loaded(modified, new JsonWebKeySet(Files.readString(file.get())));
                loaded = last;
                loggedFailure = null;
            }
            return Optional.of(last.keys());
        } catch (IOException | JoseException | RuntimeException e) {
            String failure = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!Objects.equals(failure, loggedFailure)) {
                loggedFailure = failure;
                if (last != null) {
                    LOG.errorf("The directory JWKS %s cannot be read (%s); the %d key(s) read before stay in force",
                            file.get(), failure, last.keys().getJsonWebKeys().size());
                } else {
                    LOG.errorf("The directory JWKS %s cannot be read (%s); open-banking registrations are answered "
                            + "with ServiceUnavailable until it can", file.get(), failure);
                }
            }
            return last == null ? Optional.empty() : Optional.of(last.keys());
        }
    }
}
