package eu.xs2a.tpp.state;

import eu.xs2a.security.client.Pem;
import eu.xs2a.tpp.CliException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * The folder holding this tool's state, outside any repository: {@code $XS2A_TPP_HOME}, else
 * {@code $XDG_CONFIG_HOME/xs2a-tpp}, else {@code ~/.config/xs2a-tpp}. It keeps the current certificate
 * ({@code qseal.pem}), its key ({@code qseal-key.pem}, readable by the owner only), the sandbox CA
 * ({@code sandbox-ca.pem}), what the sandbox said about the TPP ({@code tpp.properties}) and the values saved from
 * responses ({@code saved.properties}, used as {@code {name}} placeholders) and the open-banking client
 * ({@code ob-client.properties}, readable by the owner only: it may hold a client secret).
 */
public final class TppHome {

    public static final String ENV_HOME = "XS2A_TPP_HOME";

    static final String CERTIFICATE = "qseal.pem";
    static final String KEY = "qseal-key.pem";
    static final String CA = "sandbox-ca.pem";
    static final String PROFILE = "tpp.properties";
    static final String SAVED = "saved.properties";
    static final String OB_CLIENT = "ob-client.properties";

    /** What to run when there is no certificate yet; every "missing" message names it. */
    public static final String CERT_HINT = "bin/tpp cert --roles PSP_AI,PSP_PI --org \"Example TPP\"";

    private final Path dir;

    public TppHome(Path dir) {
        this.dir = dir;
    }

    /** The folder from the environment (see the class comment). */
    public static TppHome fromEnvironment(Map<String, String> env) {
        String explicit = env.get(ENV_HOME);
        if (explicit != null && !explicit.isBlank()) {
            return new TppHome(Path.of(explicit));
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return new TppHome(Path.of(xdg, "xs2a-tpp"));
        }
        return new TppHome(Path.of(System.getProperty("user.home"), ".config", "xs2a-tpp"));
    }

    public Path dir() {
        return dir;
    }

    public Path certificateFile() {
        return dir.resolve(CERTIFICATE);
    }

    public Path keyFile() {
        return dir.resolve(KEY);
    }

    public Path caFile() {
        return dir.resolve(CA);
    }

    /** The files of a stored certificate, for messages. */
    public static String describeFiles() {
        return CERTIFICATE + ", " + KEY + " (owner-only), " + CA;
    }

    // ---- the certificate ---------------------------------------------------------------------------------------

    /** Stores a newly issued certificate, replacing the current one. */
    public void storeCertificate(String certificatePem, String privateKeyPem, String caPem,
                                 String organizationIdentifier, String organisationName, List<String> roles) {
        // parse first: never replace a working certificate with something unreadable
        parseCertificate(certificatePem, "the issued certificate");
        parsePrivateKey(privateKeyPem, "the issued private key");
        createDir();
        writeAtomically(keyFile(), privateKeyPem, true);
        writeAtomically(certificateFile(), certificatePem, false);
        if (caPem != null && !caPem.isBlank()) {
            writeAtomically(caFile(), caPem, false);
        }
        Properties profile = new Properties();
        profile.setProperty("organizationIdentifier", organizationIdentifier);
        profile.setProperty("organisationName", organisationName);
        profile.setProperty("roles", String.join(",", roles));
        writeAtomically(dir.resolve(PROFILE), propertiesText(profile, "the TPP behind qseal.pem"), false);
    }

    /** The current credentials, if {@code bin/tpp cert} has run. */
    public Optional<Credentials> credentials() {
        if (!Files.exists(certificateFile()) || !Files.exists(keyFile())) {
            return Optional.empty();
        }
        X509Certificate certificate = parseCertificate(read(certificateFile()), certificateFile().toString());
        PrivateKey key = parsePrivateKey(read(keyFile()), keyFile().toString());
        Properties profile = loadProperties(dir.resolve(PROFILE));
        String orgId = profile.getProperty("organizationIdentifier", "");
        String name = profile.getProperty("organisationName", "");
        String roles = profile.getProperty("roles", "");
        return Optional.of(new Credentials(certificate, key, orgId, name,
                roles.isBlank() ? List.of() : Arrays.asList(roles.split(","))));
    }

    /** The current credentials or a message saying how to get them. */
    public Credentials requireCredentials() {
        return credentials().orElseThrow(() -> new CliException(
                "no certificate yet in " + dir + ": run " + CERT_HINT));
    }

    // ---- saved values ------------------------------------------------------------------------------------------

    /** Values saved from earlier responses (name → value), sorted by name. */
    public Map<String, String> savedValues() {
        Properties properties = loadProperties(dir.resolve(SAVED));
        Map<String, String> values = new TreeMap<>();
        properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
        return values;
    }

    public void saveValues(Map<String, String> values) {
        if (values.isEmpty()) {
            return;
        }
        Map<String, String> all = new LinkedHashMap<>(savedValues());
        all.putAll(values);
        Properties properties = new Properties();
        all.forEach(properties::setProperty);
        createDir();
        writeAtomically(dir.resolve(SAVED), propertiesText(properties, "values saved by bin/tpp call --save"), false);
    }

    public void clearSavedValues() {
        try {
            Files.deleteIfExists(dir.resolve(SAVED));
        } catch (IOException e) {
            throw new CliException("cannot delete " + dir.resolve(SAVED) + ": " + e.getMessage(), e);
        }
    }

    // ---- the open-banking client ---------------------------------------------------------------------------------

    public Path clientFile() {
        return dir.resolve(OB_CLIENT);
    }

    /** Stores the client of the latest registration, replacing any earlier one. */
    public void storeClient(OpenBankingClient client) {
        Properties properties = new Properties();
        properties.setProperty("client_id", client.clientId());
        client.clientSecret().ifPresent(secret -> properties.setProperty("client_secret", secret));
        properties.setProperty("token_endpoint_auth_method", client.authMethod());
        properties.setProperty("software_id", client.softwareId());
        properties.setProperty("organizationIdentifier", client.organizationIdentifier());
        createDir();
        writeAtomically(clientFile(), propertiesText(properties, "the client registered by bin/tpp ob register"), true);
    }

    /** The client of the latest {@code bin/tpp ob register}, if any. */
    public Optional<OpenBankingClient> client() {
        if (!Files.exists(clientFile())) {
            return Optional.empty();
        }
        Properties properties = loadProperties(clientFile());
        String clientId = properties.getProperty("client_id", "");
        if (clientId.isBlank()) {
            throw new CliException(clientFile() + " names no client_id: run bin/tpp ob register again");
        }
        return Optional.of(new OpenBankingClient(clientId,
                Optional.ofNullable(properties.getProperty("client_secret")).filter(secret -> !secret.isBlank()),
                properties.getProperty("token_endpoint_auth_method", OpenBankingClient.CLIENT_SECRET_BASIC),
                properties.getProperty("software_id", ""), properties.getProperty("organizationIdentifier", "")));
    }

    // ---- PEM ---------------------------------------------------------------------------------------------------

    static X509Certificate parseCertificate(String pem, String what) {
        try {
            return Pem.certificate(pem);
        } catch (IllegalArgumentException e) {
            throw new CliException(what + " is " + e.getMessage(), e);
        }
    }

    /** PKCS#8 or PKCS#1/SEC1 PEM, as openssl and BouncyCastle write them. */
    static PrivateKey parsePrivateKey(String pem, String what) {
        try {
            return Pem.privateKey(pem);
        } catch (IllegalArgumentException e) {
            throw new CliException(what + " is " + e.getMessage(), e);
        }
    }

    // ---- files -------------------------------------------------------------------------------------------------

    private void createDir() {
        try {
            Files.createDirectories(dir);
            if (isPosix()) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
        } catch (IOException e) {
            throw new CliException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Properties loadProperties(Path file) {
        Properties properties = new Properties();
        if (Files.exists(file)) {
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(reader);
            } catch (IOException e) {
                throw new CliException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return properties;
    }

    private static String propertiesText(Properties properties, String comment) {
        try (var out = new java.io.StringWriter()) {
            properties.store(out, comment);
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Write to a temporary file (owner-only when secret) and move it into place, so no half file is ever read. */
    private void writeAtomically(Path target, String content, boolean secret) {
        try {
            Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
            try {
                if (isPosix()) {
                    Set<PosixFilePermission> permissions = PosixFilePermissions.fromString(secret ? "rw-------" : "rw-r--r--");
                    Files.setPosixFilePermissions(tmp, permissions);
                }
                try (Writer writer = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                    writer.write(content);
                }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new CliException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private static boolean isPosix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }
}
