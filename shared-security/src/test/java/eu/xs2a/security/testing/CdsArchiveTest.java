package eu.xs2a.security.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.testing.CdsArchive.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Which class-data archive a service starts with, and how a recorded one is kept or thrown away, in both formats. */
class CdsArchiveTest {

    private static final Instant BUILD = Instant.parse("2026-11-20T10:00:00Z");

    @TempDir
    Path app;

    @BeforeEach
    void build() throws IOException {
        file("quarkus-run.jar", BUILD);
        file(CdsArchive.BUILT, BUILD.plusSeconds(5));
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void withoutATrainedArchiveTheBuildsOwnIsUsed(Format format) {
        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false, format).jvmOptions());
        assertEquals("app-cds.jsa", CdsArchive.choose(app, false, format).describe());
    }

    @Test
    void eachFormatStartsWithItsOwnTrainedArchive() throws IOException {
        file("app-cds-trained.jsa", BUILD.plusSeconds(60));
        file("app-trained.aot", BUILD.plusSeconds(60));

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds-trained.jsa"),
                CdsArchive.choose(app, true, Format.APP_CDS).jvmOptions());
        assertEquals(List.of("-XX:AOTCache=app-trained.aot"), CdsArchive.choose(app, true, Format.AOT_CACHE).jvmOptions());
        assertFalse(CdsArchive.choose(app, true, Format.AOT_CACHE).records());
    }

    @Test
    void anArchiveOfTheOtherFormatIsNotTakenForATrainedOne() throws IOException {
        file("app-cds-trained.jsa", BUILD.plusSeconds(60)); // trained on JDK 17, now run on 25

        CdsArchive archive = CdsArchive.choose(app, true, Format.AOT_CACHE);

        assertTrue(archive.records());
        assertTrue(archive.jvmOptions().get(0).startsWith("-XX:AOTCacheOutput=app-trained.aot."),
                archive.jvmOptions().toString());
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aTrainedArchiveOlderThanARebuildIsStale(Format format) throws IOException {
        file(format.trained, BUILD.plusSeconds(60));
        file(CdsArchive.BUILT, BUILD.plusSeconds(120)); // the build ran again after the training

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false, format).jvmOptions());
        assertTrue(CdsArchive.choose(app, true, format).records(), "a training run records it again");
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aRecordingReplacesTheTrainedArchiveOnlyAfterTheJvmExitedByItself(Format format) throws IOException {
        CdsArchive archive = CdsArchive.choose(app, true, format);
        String option = archive.jvmOptions().get(0);
        String expected = format == Format.APP_CDS ? "-XX:ArchiveClassesAtExit=" : "-XX:AOTCacheOutput=";
        assertTrue(option.startsWith(expected + format.trained + "."), option);
        assertEquals("none (records " + format.trained + ")", archive.describe());
        Path recording = app.resolve(option.substring(option.indexOf('=') + 1));

        Files.writeString(recording, "recorded");
        archive.finish(true);

        assertEquals("recorded", Files.readString(app.resolve(format.trained)));
        assertFalse(Files.exists(recording));
        assertTrue(CdsArchive.isTrainedCurrent(app, format));
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void theRecordingOfAKilledJvmIsThrownAway(Format format) throws IOException {
        CdsArchive archive = CdsArchive.choose(app, true, format);
        String option = archive.jvmOptions().get(0);
        Path recording = app.resolve(option.substring(option.indexOf('=') + 1));

        Files.writeString(recording, "half-written");
        archive.finish(false);

        assertFalse(Files.exists(recording));
        assertFalse(Files.exists(app.resolve(format.trained)));
    }

    private void file(String name, Instant modified) throws IOException {
        Path file = app.resolve(name);
        Files.writeString(file, name);
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }
}
