package eu.xs2a.e2e.deploy;

import eu.xs2a.e2e.support.Repository;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The repository checkout the tests run in, and the few processes they start (scripts, kubectl, nginx). */
final class Repo {

    static final Path ROOT = Repository.root();

    private Repo() {
    }

    static Path path(String relative) {
        return ROOT.resolve(relative);
    }

    static String read(String relative) {
        try {
            return Files.readString(path(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The result of a finished command. */
    record Result(int exitCode, String stdout, String stderr) {
    }

    /** Runs a command to its end (at most two minutes), with stdout and stderr captured. */
    static Result run(List<String> command) {
        return runWithEnv(command, Map.of());
    }

    static Result runWithEnv(List<String> command, Map<String, String> env) {
        return runWithEnv(command, env, Duration.ofMinutes(2));
    }

    /** Runs a command to its end, at most {@code bound}; one that outlasts it is killed, and what it printed told. */
    static Result runWithEnv(List<String> command, Map<String, String> env, Duration bound) {
        try {
            Path out = Files.createTempFile("cmd", ".out");
            Path err = Files.createTempFile("cmd", ".err");
            ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(env);
            Process p = builder.start();
            boolean ended = p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            Result r = new Result(ended ? p.exitValue() : -1, Files.readString(out), Files.readString(err));
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            if (!ended) {
                throw new IllegalStateException("timed out after " + bound.toSeconds() + " s: " + command
                        + "\n--- its stdout:\n" + r.stdout() + "\n--- its stderr:\n" + r.stderr());
            }
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Whether an executable of this name is on the PATH (or is an absolute path that exists). */
    static boolean hasCommand(String name) {
        if (name.startsWith("/")) {
            return Files.isExecutable(Path.of(name));
        }
        String pathEnv = System.getenv().getOrDefault("PATH", "");
        List<String> dirs = new ArrayList<>(List.of(pathEnv.split(":")));
        dirs.add("/usr/sbin");
        dirs.add("/sbin");
        return dirs.stream().anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, name)));
    }

    /** nginx's executable (Debian's /usr/sbin/nginx is not on a non-root user's PATH), or null when there is none. */
    static String nginx() {
        if (Files.isExecutable(Path.of("/usr/sbin/nginx"))) {
            return "/usr/sbin/nginx";
        }
        return hasCommand("nginx") ? "nginx" : null;
    }

    static int freePort() {
        return eu.xs2a.testsupport.ServiceProcess.freePort();
    }
}
