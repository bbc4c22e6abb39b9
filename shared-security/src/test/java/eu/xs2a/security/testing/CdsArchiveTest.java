package eu.xs2a.security.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which class-data archive a service starts with, and how a recorded one is kept or thrown away. */
class CdsArchiveTest {

    private static final Instant BUILD = Instant.parse("2026-11-20T10:00:00Z");

    @TempDir
    Path app;

    @BeforeEach
    void build() throws IOException {
        file("quarkus-run.jar", BUILD);
        file(CdsArchive.BUILT, BUILD.plusSeconds(5));
    }

    @Test
    void withoutATrainedArchiveTheBuildsOwnIsUsed() {
        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false).jvmOptions());
        assertEquals("app-cds.jsa", CdsArchive.choose(app, false).describe());
    }

    @Test
    void aTrainedArchiveNewerThanTheBuildIsUsedAndNotRecordedAgain() throws IOException {
        file(CdsArchive.TRAINED, BUILD.plusSeconds(60));

        CdsArchive archive = CdsArchive.choose(app, true);

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds-trained.jsa"), archive.jvmOptions());
        assertFalse(archive.records());
    }

    @Test
    void aTrainedArchiveOlderThanARebuildIsStale() throws IOException {
        file(CdsArchive.TRAINED, BUILD.plusSeconds(60));
        file(CdsArchive.BUILT, BUILD.plusSeconds(120)); // the build ran again after the training

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false).jvmOptions());
        assertTrue(CdsArchive.choose(app, true).records(), "a training run records it again");
    }

    @Test
    void aRecordingReplacesTheTrainedArchiveOnlyAfterTheJvmExitedByItself() throws IOException {
        CdsArchive archive = CdsArchive.choose(app, true);
        String option = archive.jvmOptions().get(0);
        assertTrue(option.startsWith("-XX:ArchiveClassesAtExit=app-cds-trained.jsa."), option);
        assertEquals("none (records app-cds-trained.jsa)", archive.describe());
        Path recording = app.resolve(option.substring(option.indexOf('=') + 1));

        Files.writeString(recording, "recorded");
        archive.finish(true);

        assertEquals("recorded", Files.readString(app.resolve(CdsArchive.TRAINED)));
        assertFalse(Files.exists(recording));
        assertTrue(CdsArchive.isTrainedCurrent(app));
    }

    @Test
    void theRecordingOfAKilledJvmIsThrownAway() throws IOException {
        CdsArchive archive = CdsArchive.choose(app, true);
        String option = archive.jvmOptions().get(0);
        Path recording = app.resolve(option.substring(option.indexOf('=') + 1));

        Files.writeString(recording, "half-written");
        archive.finish(false);

        assertFalse(Files.exists(recording));
        assertFalse(Files.exists(app.resolve(CdsArchive.TRAINED)));
    }

    private void file(String name, Instant modified) throws IOException {
        Path file = app.resolve(name);
        Files.writeString(file, name);
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }
}
