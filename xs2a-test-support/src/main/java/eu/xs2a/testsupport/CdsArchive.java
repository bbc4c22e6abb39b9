package eu.xs2a.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The class-data archive a service's JVM starts with; bin/run chooses the same way.
 *
 * <p>The build's archive ({@value #BUILT}, quarkus.package.jar.appcds.enabled) is recorded by a run that Quarkus stops
 * before its runtime start-up, so it lacks the classes of that start-up (the datasource, Flyway, Hibernate's boot,
 * the security beans) and of serving a request. A trained archive is recorded by the JVM itself when a service that
 * started fully and served requests exits, and holds them too. On JDK 25 and later it is an AOT cache
 * ({@link Format#AOT_CACHE}): besides the classes it holds them loaded and linked, the lambdas' classes and the method
 * profiles of the training, which takes about 40% more off the start than an archive does. A trained archive is used
 * only while it is newer than the jar and the build's archive, and only with the JVM options it was recorded with
 * (kept beside it in {@value #OPTIONS_SUFFIX}): a rebuild or other options make it stale, and the next training run
 * records it again. The options matter because the JVM refuses an AOT cache recorded with, for example, a flight
 * recording on: it then logs errors and starts with no archive at all, not even the build's.
 * The JVM checks the archive against the jars and its own version as well and starts without it if they differ, so a
 * stale archive costs time, never correctness.
 */
final class CdsArchive {

    static final String BUILT = "app-cds.jsa";
    /** The temporary file a JDK 25 JVM writes beside the AOT cache it records (its -XX:AOTConfiguration). */
    static final String CONFIGURATION_SUFFIX = ".config";
    /**
     * Recordings older than this are left over from a test JVM that was itself killed (CI's time limit, say); the
     * next training run deletes them. Far longer than any run that records.
     */
    static final Duration LEFTOVER_AGE = Duration.ofHours(6);
    /** Beside a trained archive: the JVM options it was recorded with, as {@link #normalised} gives them. */
    static final String OPTIONS_SUFFIX = ".options";

    /** What the JVM that runs the services can record: JDK 25 brought the AOT cache (JEP 483, 514, 515). */
    enum Format {
        APP_CDS("app-cds-trained.jsa", "-XX:ArchiveClassesAtExit=", "-XX:SharedArchiveFile="),
        AOT_CACHE("app-trained.aot", "-XX:AOTCacheOutput=", "-XX:AOTCache=");

        private static final int FIRST_AOT_CACHE_RELEASE = 25;

        final String trained;
        private final String recordOption;
        private final String useOption;

        Format(String trained, String recordOption, String useOption) {
            this.trained = trained;
            this.recordOption = recordOption;
            this.useOption = useOption;
        }

        /** The format of the JVM running this code, which is the one ServiceProcess starts the services with. */
        static Format ofThisJvm() {
            return Runtime.version().feature() >= FIRST_AOT_CACHE_RELEASE ? AOT_CACHE : APP_CDS;
        }
    }

    private final Path app;
    private final Format format;
    /** Where this run's JVM writes the archive it records, or null when it records none. */
    private final Path recording;
    private final List<String> jvmOptions;
    /** The service's other JVM options, normalised: what a recording is kept with. */
    private final String serviceOptions;

    private CdsArchive(Path app, Format format, Path recording, List<String> jvmOptions, String serviceOptions) {
        this.app = app;
        this.format = format;
        this.recording = recording;
        this.jvmOptions = jvmOptions;
        this.serviceOptions = serviceOptions;
    }

    /**
     * @param app            the folder of quarkus-run.jar, which the JVM is started from (archives name the jars
     *                       relative to it)
     * @param train          record a trained archive at exit when there is no current one
     * @param serviceOptions the JVM options the service starts with besides the archive's
     */
    static CdsArchive choose(Path app, boolean train, String serviceOptions) {
        return choose(app, train, Format.ofThisJvm(), serviceOptions);
    }

    static CdsArchive choose(Path app, boolean train, Format format, String serviceOptions) {
        String options = normalised(serviceOptions);
        if (isTrainedCurrent(app, format, options)) {
            return new CdsArchive(app, format, null, List.of(format.useOption + format.trained), options);
        }
        if (train) {
            deleteLeftovers(app, format);
            // A name of its own: two runs training at once never write one file, and a half-written recording is
            // never taken for an archive.
            Path recording = app.resolve(format.trained + "." + UUID.randomUUID() + ".part");
            return new CdsArchive(app, format, recording, List.of(format.recordOption + recording.getFileName()),
                    options);
        }
        if (Files.exists(app.resolve(BUILT))) {
            return new CdsArchive(app, format, null, List.of(Format.APP_CDS.useOption + BUILT), options);
        }
        return new CdsArchive(app, format, null, List.of(), options);
    }

    /** No archive: the JVM loads every class from the jars (see ServiceProcess.launchWithoutArchive). */
    static CdsArchive none(Path app, String serviceOptions) {
        return new CdsArchive(app, Format.ofThisJvm(), null, List.of(), normalised(serviceOptions));
    }

    /** Recordings ({@code <trained>.<uuid>.part*}) of JVMs that were killed long ago. */
    static void deleteLeftovers(Path app, Format format) {
        Instant before = Instant.now().minus(LEFTOVER_AGE);
        try (DirectoryStream<Path> recordings = Files.newDirectoryStream(app, format.trained + ".*.part*")) {
            for (Path recording : recordings) {
                if (modified(recording).toInstant().isBefore(before)) {
                    Files.deleteIfExists(recording);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot clear old class-data recordings in " + app, e);
        }
    }

    /** Options as one line with single spaces, the form bin/run compares too. */
    static String normalised(String options) {
        return String.join(" ", options.trim().split("\\s+"));
    }

    /** Whether the JVM writes an archive when it exits; it then needs time to do so. */
    boolean records() {
        return recording != null;
    }

    List<String> jvmOptions() {
        return jvmOptions;
    }

    /** For reports: the archive the JVM starts with, or that it records. */
    String describe() {
        if (recording != null) {
            return "none (records " + format.trained + ")";
        }
        return jvmOptions.isEmpty() ? "none" : jvmOptions.get(0).substring(jvmOptions.get(0).indexOf('=') + 1);
    }

    /**
     * After the JVM has exited: puts what it recorded in place of the trained archive, or throws away a recording
     * of a JVM that had to be killed (it may have stopped half-way through writing).
     */
    void finish(boolean exitedByItself) {
        if (recording == null) {
            return;
        }
        try {
            if (exitedByItself && Files.exists(recording)) {
                // the options go last: until they are written, the new archive counts as stale, never as current
                Path options = app.resolve(format.trained + OPTIONS_SUFFIX);
                Files.deleteIfExists(options);
                Files.move(recording, app.resolve(format.trained), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
                Files.writeString(options, serviceOptions);
            } else {
                Files.deleteIfExists(recording);
            }
            // what the JVM keeps while it records (JDK 25: the training's configuration, until the cache is
            // assembled); it stays behind when the JVM is killed
            Files.deleteIfExists(app.resolve(recording.getFileName() + CONFIGURATION_SUFFIX));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the recorded class-data archive " + recording, e);
        }
    }

    static boolean isTrainedCurrent(Path app, Format format, String normalisedOptions) {
        Path trained = app.resolve(format.trained);
        Path options = app.resolve(format.trained + OPTIONS_SUFFIX);
        if (!Files.exists(trained) || !Files.exists(options)) {
            return false;
        }
        FileTime recorded = modified(trained);
        return recorded.compareTo(modified(app.resolve("quarkus-run.jar"))) > 0
                && (!Files.exists(app.resolve(BUILT)) || recorded.compareTo(modified(app.resolve(BUILT))) > 0)
                && read(options).equals(normalisedOptions);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
