package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged services hold no signed jar. The JDK keeps the classes of a signed jar out of every class-data archive
 * and AOT cache, so they would be loaded, and their signatures verified, on each start's first requests (BouncyCastle's
 * jars are signed; each service's application.properties removes their signature files).
 *
 * <p>And a native image of a gateway service leaves the header checks to xs2a-platform as its jar does: the image
 * initialises Vert.x's HttpHeaders at build time, so the builder must get {@code vertx.disableHttpHeadersValidation}
 * (docs/ARCHITECTURE.md "Request pipeline"); aspsp-sandbox, without those checks, keeps Vert.x's.
 */
class PackagingTest {

    /** The files that make a jar signed (JAR File Specification, "Signed JAR File"). */
    private static final Pattern SIGNATURE_FILE = Pattern.compile("META-INF/(?:[^/]+\\.(?:SF|RSA|DSA|EC)|SIG-[^/]+)");

    @ParameterizedTest
    @ValueSource(strings = {"registration-service", "consent-service", "account-service", "payment-service", "aspsp-sandbox"})
    void everyJarOfThePackagedServiceIsUnsigned(String module) throws IOException {
        Path lib = Repo.path(module + "/target/quarkus-app/lib");
        assertTrue(Files.isDirectory(lib), module + " is not packaged: run mvn install first");
        List<String> signed;
        try (Stream<Path> files = Files.walk(lib)) {
            signed = files.filter(f -> f.toString().endsWith(".jar")).filter(PackagingTest::isSigned)
                    .map(f -> lib.relativize(f).toString()).sorted().toList();
        }
        assertEquals(List.of(), signed, module + ": signed jars are kept out of the AOT cache; add their signature "
                + "files to quarkus.class-loading.removed-resources in its application.properties");
    }

    @ParameterizedTest
    @ValueSource(strings = {"META-INF/BCRSA204.SF", "META-INF/BCRSA204.RSA", "META-INF/SIG-ABC", "META-INF/KEY.EC"})
    void recognisesSignatureFiles(String entry) {
        assertTrue(SIGNATURE_FILE.matcher(entry).matches(), entry);
    }

    @ParameterizedTest
    @ValueSource(strings = {"META-INF/MANIFEST.MF", "META-INF/versions/9/module-info.class", "META-INF/services/x.RSA"})
    void ignoresOtherMetaInfEntries(String entry) {
        assertFalse(SIGNATURE_FILE.matcher(entry).matches(), entry);
    }

    @ParameterizedTest
    @ValueSource(strings = {"registration-service", "consent-service", "account-service", "payment-service"})
    void theNativeImageBuilderOfAGatewayServiceTurnsVertxHeaderChecksOff(String module) throws IOException {
        assertEquals("-J-Dvertx.disableHttpHeadersValidation=true",
                applicationProperties(module).getProperty("quarkus.native.additional-build-args"), module);
    }

    @ParameterizedTest
    @ValueSource(strings = {"aspsp-sandbox"})
    void theSandboxBankKeepsVertxHeaderChecks(String module) throws IOException {
        String args = applicationProperties(module).getProperty("quarkus.native.additional-build-args", "");
        assertFalse(args.contains("disableHttpHeadersValidation"), args);
    }

    private static Properties applicationProperties(String module) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(Repo.path(module + "/src/main/resources/application.properties"))) {
            properties.load(in);
        }
        return properties;
    }

    private static boolean isSigned(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().anyMatch(e -> SIGNATURE_FILE.matcher(e.getName()).matches());
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + jar, e);
        }
    }
}
