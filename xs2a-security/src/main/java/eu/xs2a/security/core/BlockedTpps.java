package eu.xs2a.security.core;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.tpp.TppIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The TPPs the bank has blocked, by organizationIdentifier, from the file {@code psd2.blocked-tpps-file}: one
 * identifier per line, {@code #} starts a comment. A TPP whose authorisation its competent authority withdrew can still
 * hold a valid QSEAL for weeks, so the bank needs a switch of its own that covers every certificate of the
 * organisation and every service at once. The file is a mounted ConfigMap in Kubernetes, read again when its content
 * changes ({@code quarkus.BlockedTppsReload}), so a block takes effect without a restart.
 */
public final class BlockedTpps {

    private final Optional<Path> file;
    private String loadedContent;
    private volatile Set<String> blocked = Set.of();

    private BlockedTpps(Optional<Path> file) {
        this.file = file;
    }

    /** No file configured: nobody is blocked. */
    public static BlockedTpps none() {
        return new BlockedTpps(Optional.empty());
    }

    /** The TPPs listed in {@code file}, read now; a missing or malformed file throws {@link IllegalStateException}. */
    public static BlockedTpps from(Path file) {
        BlockedTpps tpps = new BlockedTpps(Optional.of(file));
        tpps.reloadIfChanged();
        return tpps;
    }

    public Optional<Path> file() {
        return file;
    }

    public boolean isBlocked(String tppId) {
        return blocked.contains(tppId);
    }

    /**
     * Refuses a blocked TPP with {@code refusal}: {@link ErrorClass#SERVICE_BLOCKED}, or
     * {@link ErrorClass#SERVICE_BLOCKED_REGISTRATION} on the registration endpoints (AccessDenied is 401 there). Call
     * it only once the TPP is authenticated: an unauthenticated caller must not learn whom the bank blocks.
     */
    public void requireNotBlocked(String tppId, ErrorClass refusal) {
        if (isBlocked(tppId)) {
            throw new Psd2Exception(refusal, "The TPP '" + ErrorTexts.shown(tppId) + "' is blocked by the bank");
        }
    }

    /** The identifiers in force. */
    public Set<String> blocked() {
        return blocked;
    }

    /**
     * Reads the file and puts its list in force when its content changed since the last read; true when it did. A file
     * that cannot be read or has a malformed line throws {@link IllegalStateException} and leaves the list in force as
     * it was. The content is compared, not the modification time: a mounted ConfigMap is swapped through a symbolic
     * link whose target's time says nothing about the change.
     */
    public synchronized boolean reloadIfChanged() {
        if (file.isEmpty()) {
            return false;
        }
        String content;
        try {
            content = Files.readString(file.get(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the blocked TPPs file " + file.get() + ": " + e.getMessage(), e);
        }
        if (content.equals(loadedContent)) {
            return false;
        }
        blocked = parse(content);
        loadedContent = content;
        return true;
    }

    /** The identifiers of a file's content; a line that is not one identifier throws, naming its number. */
    static Set<String> parse(String content) {
        Set<String> ids = new LinkedHashSet<>();
        String[] lines = content.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int comment = line.indexOf('#');
            String id = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (id.isEmpty()) {
                continue;
            }
            if (id.length() > TppIdentity.MAX_ID_LENGTH || !id.codePoints().allMatch(BlockedTpps::identifierCharacter)) {
                throw new IllegalStateException("Line " + (i + 1) + " of the blocked TPPs file is not one "
                        + "organizationIdentifier (no spaces or control characters, at most " + TppIdentity.MAX_ID_LENGTH
                        + " characters): " + ErrorTexts.shown(id));
            }
            ids.add(id);
        }
        return Set.copyOf(ids);
    }

    private static boolean identifierCharacter(int c) {
        return !Character.isWhitespace(c) && !Character.isISOControl(c);
    }
}
