package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No production class uses shared-security's test support (the test PKI, ServiceProcess, …): it ships in
 * shared-security's jar only until it moves to a test-scope module, and nothing outside it may come to depend on it.
 */
class NoTestSupportInProductionTest {

    /** Written in two parts so that this file does not name what it looks for. */
    private static final String PACKAGE = "eu.xs2a.security" + ".testing";

    /** The test support itself, which may of course use its own package. */
    private static final String TEST_SUPPORT = "shared-security/src/main/java/eu/xs2a/testsupport/";

    /** An import of the package or one of its classes, or a fully qualified name of it in code (not in a comment). */
    private static final Pattern USE = Pattern.compile("^(?!\\s*(?://|/?\\*)).*\\b" + Pattern.quote(PACKAGE) + "\\.",
            Pattern.MULTILINE);

    @Test
    void noMainSourceOutsideTheTestSupportUsesIt() throws IOException {
        List<String> offenders = offenders(Repo.ROOT);
        assertTrue(offenders.isEmpty(), "production sources that use " + PACKAGE + ":\n" + String.join("\n", offenders));
    }

    @Test
    void importsAndQualifiedNamesAreCaughtCommentsAndTestsAreNot(@TempDir Path root) throws IOException {
        write(root, "a-service/src/main/java/x/Imports.java", "package x;\nimport " + PACKAGE + ".TestPki;\n");
        write(root, "a-service/src/main/java/x/Static.java", "import static " + PACKAGE + ".TestPki.shared;\n");
        write(root, "a-service/src/main/java/x/Qualified.java", "class Q { Object p = " + PACKAGE + ".TestPki.shared(); }\n");
        write(root, "a-service/src/main/java/x/Comment.java", "/**\n * {@code " + PACKAGE + ".OpenApiCoverage} checks\n */\n"
                + "// " + PACKAGE + ".TestPki\nclass C {}\n");
        write(root, "a-service/src/test/java/x/ATest.java", "import " + PACKAGE + ".TestPki;\n");
        write(root, TEST_SUPPORT + "TestPki.java", "import " + PACKAGE + ".TestTpp;\n");

        assertEquals(List.of("a-service/src/main/java/x/Imports.java", "a-service/src/main/java/x/Qualified.java",
                "a-service/src/main/java/x/Static.java"), offenders(root));
    }

    /** Every main Java source under {@code root}, relative and sorted, that uses the test support package. */
    private static List<String> offenders(Path root) throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String relative = root.relativize(file).toString().replace('\\', '/');
                if (!relative.contains("src/main/java/") || relative.startsWith(TEST_SUPPORT)
                        || relative.contains("/target/") || relative.startsWith(".")) {
                    continue;
                }
                if (USE.matcher(Files.readString(file, StandardCharsets.UTF_8)).find()) {
                    offenders.add(relative);
                }
            }
        }
        return offenders;
    }

    private static void write(Path root, String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
