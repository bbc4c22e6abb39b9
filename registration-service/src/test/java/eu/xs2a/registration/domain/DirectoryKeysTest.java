package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.config.RegistrationConfig;
import eu.xs2a.testsupport.SettingsCheck;
import eu.xs2a.testsupport.TestKeys;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directory JWKS: the last keys read stay in force when the file cannot be read; none ever read is a 503. */
class DirectoryKeysTest {

    @TempDir
    Path dir;

    private static RegistrationConfig config(Optional<String> jwks) {
        return SettingsCheck.read(RegistrationConfig.class,
                jwks.map(file -> Map.of("psd2.registration.directory-jwks", file)).orElse(Map.of()));
    }

    private static PublicKey newKey() throws Exception {
        return TestKeys.rsa().getPublic();
    }

    private static void writeJwks(Path file, PublicKey key, String kid, Instant modified) throws Exception {
        RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) key);
        jwk.setKeyId(kid);
        Files.writeString(file, new JsonWebKeySet(jwk).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY));
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }

    @Test
    void aFileThatCannotBeReadAnyMoreLeavesTheKeysReadBeforeInForce() throws Exception {
        Path file = dir.resolve("jwks.json");
        PublicKey key = newKey();
        Instant start = Instant.now().minusSeconds(60);
        writeJwks(file, key, "k1", start);
        DirectoryKeys keys = new DirectoryKeys(config(Optional.of(file.toString())));
        assertEquals(Optional.of(key), keys.byKid("k1"));

        // caught in the middle of a rewrite: not a JWKS
        Files.writeString(file, "{\"keys\":[", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, FileTime.from(start.plusSeconds(10)));
        assertEquals(Optional.of(key), keys.byKid("k1"));
        // gone for a moment
        Files.delete(file);
        assertEquals(Optional.of(key), keys.byKid("k1"));
        assertEquals(Optional.empty(), keys.byKid("unknown"), "an unknown kid is still the TPP's NotFound");

        // back, with a rotated key
        PublicKey rotated = newKey();
        writeJwks(file, rotated, "k2", start.plusSeconds(20));
        assertEquals(Optional.of(rotated), keys.byKid("k2"));
        assertEquals(Optional.empty(), keys.byKid("k1"));
    }

    @Test
    void noJwksEverReadIsServiceUnavailable() throws Exception {
        DirectoryKeys unset = new DirectoryKeys(config(Optional.empty()));
        assertUnavailable(() -> unset.byKid("k1"));
        DirectoryKeys blank = new DirectoryKeys(config(Optional.of(" ")));
        assertUnavailable(() -> blank.byKid("k1"));

        Path file = dir.resolve("missing.json");
        DirectoryKeys unreadable = new DirectoryKeys(config(Optional.of(file.toString())));
        assertUnavailable(() -> unreadable.byKid("k1"));
        assertEquals(Optional.empty(), unreadable.kidOf(newKey()), "the sandbox's lookup just finds nothing");

        // once the file is there, it is read
        PublicKey key = newKey();
        writeJwks(file, key, "k1", Instant.now());
        assertEquals(Optional.of(key), unreadable.byKid("k1"));
    }

    private static void assertUnavailable(org.junit.jupiter.api.function.Executable call) {
        Psd2Exception e = assertThrows(Psd2Exception.class, call);
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass());
        assertEquals(503, e.errorClass().status());
        assertTrue(e.retryAfterSeconds() != null && e.retryAfterSeconds() > 0);
    }
}
