package eu.xs2a.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.CdsArchive.Format;
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
    private static final String OPTIONS = "-Xmx128m -XX:+UseSerialGC";

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
        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false, format, OPTIONS).jvmOptions());
        assertEquals("app-cds.jsa", CdsArchive.choose(app, false, format, OPTIONS).describe());
    }

    @Test
    void eachFormatStartsWithItsOwnTrainedArchive() throws IOException {
        trained("app-cds-trained.jsa", BUILD.plusSeconds(60), OPTIONS);
        trained("app-trained.aot", BUILD.plusSeconds(60), OPTIONS);

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds-trained.jsa"),
                CdsArchive.choose(app, true, Format.APP_CDS, OPTIONS).jvmOptions());
        assertEquals(List.of("-XX:AOTCache=app-trained.aot"), CdsArchive.choose(app, true, Format.AOT_CACHE, OPTIONS).jvmOptions());
        assertFalse(CdsArchive.choose(app, true, Format.AOT_CACHE, OPTIONS).records());
    }

    @Test
    void anArchiveOfTheOtherFormatIsNotTakenForATrainedOne() throws IOException {
        trained("app-cds-trained.jsa", BUILD.plusSeconds(60), OPTIONS); // trained on JDK 17, now run on 25

        CdsArchive archive = CdsArchive.choose(app, true, Format.AOT_CACHE, OPTIONS);

        assertTrue(archive.records());
        assertTrue(archive.jvmOptions().get(0).startsWith("-XX:AOTCacheOutput=app-trained.aot."),
                archive.jvmOptions().toString());
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aTrainedArchiveOlderThanARebuildIsStale(Format format) throws IOException {
        trained(format.trained, BUILD.plusSeconds(60), OPTIONS);
        file(CdsArchive.BUILT, BUILD.plusSeconds(120)); // the build ran again after the training

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false, format, OPTIONS).jvmOptions());
        assertTrue(CdsArchive.choose(app, true, format, OPTIONS).records(), "a training run records it again");
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aRecordingReplacesTheTrainedArchiveOnlyAfterTheJvmExitedByItself(Format format) throws IOException {
        CdsArchive archive = CdsArchive.choose(app, true, format, OPTIONS);
        String option = archive.jvmOptions().get(0);
        String expected = format == Format.APP_CDS ? "-XX:ArchiveClassesAtExit=" : "-XX:AOTCacheOutput=";
        assertTrue(option.startsWith(expected + format.trained + "."), option);
        assertEquals("none (records " + format.trained + ")", archive.describe());
        Path recording = app.resolve(option.substring(option.indexOf('=') + 1));

        Files.writeString(recording, "recorded");
        archive.finish(true);

        assertEquals("recorded", Files.readString(app.resolve(format.trained)));
        assertEquals(OPTIONS, Files.readString(app.resolve(format.trained + CdsArchive.OPTIONS_SUFFIX)));
        assertFalse(Files.exists(recording));
        assertTrue(CdsArchive.isTrainedCurrent(app, format, OPTIONS));
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aTrainedArchiveIsUsedOnlyWithTheOptionsItWasRecordedWith(Format format) throws IOException {
        // recorded while a flight recording was on: the JVM would refuse it without, and start with no archive at all
        trained(format.trained, BUILD.plusSeconds(60), OPTIONS + " -XX:StartFlightRecording=filename=/tmp/jfr/");

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false, format, OPTIONS).jvmOptions());
        assertTrue(CdsArchive.choose(app, true, format, OPTIONS).records(), "a training run records it again");
        // the same options written differently are the same options
        assertFalse(CdsArchive.choose(app, true, format, "  -Xmx128m\n   -XX:+UseSerialGC"
                + " -XX:StartFlightRecording=filename=/tmp/jfr/ ").records());
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aTrainedArchiveWithoutItsOptionsIsStale(Format format) throws IOException {
        file(format.trained, BUILD.plusSeconds(60)); // recorded before the options were kept beside it

        assertEquals(List.of("-XX:SharedArchiveFile=app-cds.jsa"), CdsArchive.choose(app, false, format, OPTIONS).jvmOptions());
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void theRecordingOfAKilledJvmIsThrownAway(Format format) throws IOException {
        CdsArchive archive = CdsArchive.choose(app, true, format, OPTIONS);
        String option = archive.jvmOptions().get(0);
        Path recording = app.resolve(option.substring(option.indexOf('=') + 1));

        Path configuration = app.resolve(recording.getFileName() + CdsArchive.CONFIGURATION_SUFFIX);
        Files.writeString(recording, "half-written");
        Files.writeString(configuration, "the training's configuration, before the cache was assembled");
        archive.finish(false);

        assertFalse(Files.exists(recording));
        assertFalse(Files.exists(configuration));
        assertFalse(Files.exists(app.resolve(format.trained)));
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aTrainingRunDeletesOnlyOldLeftoversOfKilledRecordings(Format format) throws IOException {
        Instant longAgo = Instant.now().minus(CdsArchive.LEFTOVER_AGE).minusSeconds(60);
        String old = format.trained + ".1b4e28ba-2fa1-11d2-883f-0016d3cca427.part";
        file(old, longAgo);
        file(old + CdsArchive.CONFIGURATION_SUFFIX, longAgo);
        String running = format.trained + ".6fa459ea-ee8a-3ca4-894e-db77e160355e.part.config"; // another run's, now
        file(running, Instant.now());

        CdsArchive.choose(app, true, format, OPTIONS);

        assertFalse(Files.exists(app.resolve(old)));
        assertFalse(Files.exists(app.resolve(old + CdsArchive.CONFIGURATION_SUFFIX)));
        assertTrue(Files.exists(app.resolve(running)));
        assertTrue(Files.exists(app.resolve(CdsArchive.BUILT)), "nothing else is touched");
    }

    private void trained(String name, Instant modified, String options) throws IOException {
        file(name, modified);
        Files.writeString(app.resolve(name + CdsArchive.OPTIONS_SUFFIX), options);
    }

    private void file(String name, Instant modified) throws IOException {
        Path file = app.resolve(name);
        Files.writeString(file, name);
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }
}
