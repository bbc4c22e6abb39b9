package eu.xs2a.security.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.UUID;

/**
 * The class-data-sharing archive a service's JVM starts with; bin/run chooses the same way.
 *
 * <p>The build's archive ({@value #BUILT}, quarkus.package.jar.appcds.enabled) is recorded by a run that Quarkus stops
 * before its runtime start-up, so it lacks the classes of that start-up (the datasource, Flyway, Hibernate's boot,
 * the security beans) and of serving a request. A trained archive ({@value #TRAINED}) is recorded by the JVM itself
 * when a service that started fully and served requests exits (-XX:ArchiveClassesAtExit), and holds them too. It is
 * used only while it is newer than the jar and the build's archive: a rebuild makes it stale, and the next training
 * run records it again. The JVM checks the archive against the jars on its own as well and starts without it if
 * they differ, so a stale archive costs time, never correctness.
 */
final class CdsArchive {

    static final String BUILT = "app-cds.jsa";
    static final String TRAINED = "app-cds-trained.jsa";

    private final Path app;
    /** Where this run's JVM writes the archive it records, or null when it records none. */
    private final Path recording;
    private final List<String> jvmOptions;

    private CdsArchive(Path app, Path recording, List<String> jvmOptions) {
        this.app = app;
        this.recording = recording;
        this.jvmOptions = jvmOptions;
    }

    /**
     * @param app   the folder of quarkus-run.jar, which the JVM is started from (archives name the jar relative to it)
     * @param train record a trained archive at exit when there is no current one
     */
    static CdsArchive choose(Path app, boolean train) {
        if (isTrainedCurrent(app)) {
            return new CdsArchive(app, null, List.of("-XX:SharedArchiveFile=" + TRAINED));
        }
        if (train) {
            // A name of its own: two runs training at once never write one file, and a half-written recording is
            // never taken for an archive.
            Path recording = app.resolve(TRAINED + "." + UUID.randomUUID() + ".part");
            return new CdsArchive(app, recording, List.of("-XX:ArchiveClassesAtExit=" + recording.getFileName()));
        }
        if (Files.exists(app.resolve(BUILT))) {
            return new CdsArchive(app, null, List.of("-XX:SharedArchiveFile=" + BUILT));
        }
        return new CdsArchive(app, null, List.of());
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
            return "none (records " + TRAINED + ")";
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
                Files.move(recording, app.resolve(TRAINED), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.deleteIfExists(recording);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the recorded class-data archive " + recording, e);
        }
    }

    static boolean isTrainedCurrent(Path app) {
        Path trained = app.resolve(TRAINED);
        if (!Files.exists(trained)) {
            return false;
        }
        FileTime recorded = modified(trained);
        return recorded.compareTo(modified(app.resolve("quarkus-run.jar"))) > 0
                && (!Files.exists(app.resolve(BUILT)) || recorded.compareTo(modified(app.resolve(BUILT))) > 0);
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
