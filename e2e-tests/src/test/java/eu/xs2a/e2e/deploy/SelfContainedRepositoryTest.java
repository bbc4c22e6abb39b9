package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A clone of the repository is all a reader, a build and a test have: no file reads or links a folder beside the
 * repository, every Markdown document a file names exists in it, and every relative link of a Markdown document
 * leads to a file or folder of the repository.
 */
class SelfContainedRepositoryTest {

    /** Written in two parts so that this file does not name what it looks for. */
    private static final List<String> OUTSIDE = List.of(".." + "/shared", "shared" + "/reference");

    /** A document's name as text names it: letters, digits and path characters before {@code .md}. */
    private static final Pattern DOCUMENT = Pattern.compile("(?<![\\w*{}$<>@:/.-])([\\w./-]*\\w)\\.md\\b");

    /** A Markdown link's target: {@code ](target)} or {@code ](target "title")}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    /**
     * Files not read: binaries, the vendored Berlin Group files (outside documents, unedited), and Flyway migrations,
     * which cannot change once applied (Flyway checks each one's checksum, comments included).
     */
    private static final Pattern SKIPPED = Pattern.compile("(?i).*\\.(png|jpg|jpeg|gif|ico|jar|class|p12|jks|der|gz|zip)$"
            + "|docs/reference/.*\\.yaml|(.*/)?src/main/resources/db/[a-z]+/V[^/]*\\.sql");

    @Test
    void theRepositoryReadsAndLinksNothingOutsideItself() throws IOException {
        List<String> problems = problems(Repo.ROOT, trackedFiles());
        assertTrue(problems.isEmpty(), "files that reach outside the repository or name a missing document:\n"
                + String.join("\n", problems));
    }

    @Test
    void eachKindOfReferenceIsCaught(@TempDir Path root) throws IOException {
        // the fixtures spell ".md" apart too, so that this file names no document itself
        String md = "." + "md";
        write(root, "README" + md, "See [the guide](docs/GUIDE" + md + ") and OTHER" + md + ".\n");
        write(root, "docs/GUIDE" + md, "Back to [the start](../README" + md + "#top), [a site](https://example.org/x"
                + md + ").\n");
        write(root, "bin/run", "cat " + ".." + "/shared/DESIGN" + md + "\n");
        write(root, "src/A.java", "/** As DESIGN" + md + " says, and docs/GUIDE" + md + " \"Intro\". */\n");
        write(root, "picture.png", "DESIGN" + md + "\n");
        write(root, "src/main/resources/db/migration/V1__init.sql", "-- DESIGN" + md + "\n");

        List<String> problems = problems(root, List.of("README" + md, "docs/GUIDE" + md, "bin/run", "src/A.java",
                "picture.png", "src/main/resources/db/migration/V1__init.sql"));

        assertEquals(List.of(
                "README" + md + ": names OTHER" + md + ", which is not in the repository",
                "bin/run: reads or links outside the repository (" + ".." + "/shared)",
                "bin/run: names " + ".." + "/shared/DESIGN" + md + ", which is not in the repository",
                "src/A.java: names DESIGN" + md + ", which is not in the repository"), problems);
    }

    /** Every problem of the given files, one line each, in file order. */
    private static List<String> problems(Path root, List<String> files) throws IOException {
        Set<String> names = new TreeSet<>();
        for (String file : files) {
            names.add(Path.of(file).getFileName().toString());
        }
        List<String> problems = new ArrayList<>();
        for (String file : files) {
            if (SKIPPED.matcher(file).matches() || !Files.isRegularFile(root.resolve(file))) {
                continue;
            }
            String text = new String(Files.readAllBytes(root.resolve(file)), StandardCharsets.UTF_8);
            for (String outside : OUTSIDE) {
                if (text.contains(outside)) {
                    problems.add(file + ": reads or links outside the repository (" + outside + ")");
                }
            }
            Set<String> missing = new TreeSet<>();
            Matcher document = DOCUMENT.matcher(text);
            while (document.find()) {
                String named = document.group(1).replaceFirst("^/+", "") + ".md";
                if (!exists(root, file, named, names)) {
                    missing.add(named);
                }
            }
            if (file.endsWith(".md")) {
                Matcher link = LINK.matcher(text);
                while (link.find()) {
                    String target = link.group(1).replaceFirst("#.*$", "");
                    if (!target.isEmpty() && !target.matches("^[a-z][a-z0-9+.-]*:.*")
                            && !Files.exists(root.resolve(file).getParent().resolve(target).normalize())) {
                        missing.add(target);
                    }
                }
            }
            for (String named : missing) {
                problems.add(file + ": names " + named + ", which is not in the repository");
            }
        }
        return problems;
    }

    /** A bare name may be any file of that name; a path is relative to the naming file, or to the root. */
    private static boolean exists(Path root, String file, String named, Set<String> names) {
        if (!named.contains("/")) {
            return names.contains(named);
        }
        Path parent = root.resolve(file).getParent();
        return Files.exists(parent.resolve(named).normalize()) || Files.exists(root.resolve(named).normalize());
    }

    /** The files of the checkout that git tracks or would track (new files not yet committed included). */
    private static List<String> trackedFiles() {
        Repo.Result listed = Repo.run(List.of("git", "-C", Repo.ROOT.toString(), "ls-files", "--cached", "--others",
                "--exclude-standard"));
        assertEquals(0, listed.exitCode(), listed.stderr());
        return listed.stdout().lines().filter(line -> !line.isBlank()).toList();
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }
}
