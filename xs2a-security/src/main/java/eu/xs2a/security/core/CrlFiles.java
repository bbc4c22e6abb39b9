package eu.xs2a.security.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The configured CRL files, read again when their content changes: a QTSP publishes a new CRL at least by its
 * nextUpdate, and the platform replaces the file in place (a Kubernetes Secret or ConfigMap, a cron job), so a
 * revocation takes effect without a restart. The content is compared, not the modification time, because a mounted
 * Secret is swapped through a symbolic link whose target's time says nothing about the change.
 */
public final class CrlFiles {

    private final List<Path> files;
    private final List<X509Certificate> anchors;
    private byte[] loadedDigest;
    private List<X509CRL> loaded = List.of();

    public CrlFiles(List<Path> files, List<X509Certificate> anchors) {
        this.files = List.copyOf(files);
        this.anchors = List.copyOf(anchors);
    }

    public List<Path> files() {
        return files;
    }

    /** The CA certificates one of which must have signed each CRL. */
    public List<X509Certificate> anchors() {
        return anchors;
    }

    /** Reads every file (start-up); a missing, broken or foreign-signed file throws {@link IllegalStateException}. */
    public synchronized List<X509CRL> load() {
        byte[] digest = digest();
        List<X509CRL> crls = TrustMaterial.loadCrls(files, anchors);
        loadedDigest = digest;
        loaded = crls;
        return crls;
    }

    /** The CRLs of the last successful {@link #load()}. */
    public synchronized List<X509CRL> loaded() {
        return loaded;
    }

    /**
     * The CRLs of the files when their content differs from the last {@link #load()}, else empty. A file that cannot
     * be read or checked throws {@link IllegalStateException} and is tried again on the next call; the caller keeps
     * the lists it has.
     */
    public synchronized Optional<List<X509CRL>> reloadIfChanged() {
        if (Arrays.equals(digest(), loadedDigest)) {
            return Optional.empty();
        }
        return Optional.of(load());
    }

    /** The CRLs whose nextUpdate has passed: their issuer may have revoked certificates since, which they do not list. */
    public static List<X509CRL> pastNextUpdate(List<X509CRL> crls, Instant now) {
        return crls.stream().filter(crl -> crl.getNextUpdate() != null && crl.getNextUpdate().toInstant().isBefore(now))
                .toList();
    }

    /** SHA-256 over every file's length and bytes, in order. */
    private byte[] digest() {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            for (Path file : files) {
                byte[] bytes = Files.readAllBytes(file);
                sha256.update(ByteBuffer.allocate(Long.BYTES).putLong(bytes.length).array());
                sha256.update(bytes);
            }
            return sha256.digest();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read CRL file: " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
