package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.RegistrationConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.PublicKey;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.lang.JoseException;

/**
 * The SSA directory's public keys ({@code psd2.registration.directory-jwks}, a JWKS file). Re-read when the file
 * changes, so a rotated directory key is picked up without a restart.
 */
@ApplicationScoped
public class DirectoryKeys {

    private static final Logger LOG = Logger.getLogger(DirectoryKeys.class);

    private record Loaded(FileTime modified, JsonWebKeySet keys) {
    }

    private final Optional<Path> file;
    private volatile Loaded loaded;

    public DirectoryKeys(RegistrationConfig config) {
        this.file = config.directoryJwks().filter(s -> !s.isBlank()).map(Path::of);
    }

    /** The directory key with this key id, if one is configured. */
    public Optional<PublicKey> byKid(String kid) {
        if (kid == null) {
            return Optional.empty();
        }
        return current().flatMap(set -> set.getJsonWebKeys().stream()
                .filter(k -> kid.equals(k.getKeyId()))
                .filter(k -> k instanceof PublicJsonWebKey)
                .map(k -> ((PublicJsonWebKey) k).getPublicKey())
                .findFirst());
    }

    /** The key id under which this public key is published, if it is one of the directory's keys. */
    public Optional<String> kidOf(PublicKey publicKey) {
        return current().flatMap(set -> set.getJsonWebKeys().stream()
                .filter(k -> k instanceof PublicJsonWebKey p && p.getPublicKey().equals(publicKey))
                .map(JsonWebKey::getKeyId)
                .findFirst());
    }

    private Optional<JsonWebKeySet> current() {
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try {
            FileTime modified = Files.getLastModifiedTime(file.get());
            Loaded now = loaded;
            if (now == null || !now.modified().equals(modified)) {
                now = new Loaded(modified, new JsonWebKeySet(Files.readString(file.get())));
                loaded = now;
            }
            return Optional.of(now.keys());
        } catch (IOException | JoseException e) {
            LOG.errorf("The directory JWKS %s cannot be read: %s", file.get(), e.getMessage());
            return Optional.empty();
        }
    }
}
