package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A configuration of ingress/render-nginx run for real, in a folder of its own: rendered with the test's arguments,
 * checked by {@code nginx -t}, started in the foreground and waited for until it listens; {@link #close} stops it
 * and deletes the folder. Its logs are under {@code logs/} of {@link #dir()}.
 */
final class LocalNginx implements AutoCloseable {

    private final Path dir;
    private final Process process;

    private LocalNginx(Path dir, Process process) {
        this.dir = dir;
        this.process = process;
    }

    /** Renders with these arguments (a {@code --listen} on {@code port} among them) and starts nginx. */
    static LocalNginx start(String name, int port, List<String> renderArgs) throws Exception {
        assertNotNull(Repo.nginx(), "nginx is not installed (bin/test installs it: apt-get install nginx-light)");
        // world-readable, like bin/run's .run/nginx: nginx started by root runs its workers as nobody
        Path dir = Files.createTempDirectory("xs2a-" + name + "-test",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        RouteTableTest.renderNginx(dir, renderArgs);
        Path out = dir.resolve("logs/nginx.out");
        Files.createDirectories(out.getParent());
        List<String> nginx = List.of(Repo.nginx(), "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString(),
                "-e", dir.resolve("logs/nginx-error.log").toString());
        List<String> check = new ArrayList<>(nginx);
        check.add("-t");
        Repo.Result test = Repo.run(check);
        assertEquals(0, test.exitCode(), "nginx -t: " + test.stderr());

        List<String> run = new ArrayList<>(nginx);
        run.addAll(List.of("-g", "daemon off;"));
        LocalNginx started = new LocalNginx(dir,
                new ProcessBuilder(run).redirectErrorStream(true).redirectOutput(out.toFile()).start());
        started.awaitListening(port, out);
        return started;
    }

    Path dir() {
        return dir;
    }

    private void awaitListening(int port, Path out) throws Exception {
        for (int attempt = 0; attempt < 100; attempt++) {
            if (!process.isAlive()) {
                throw new AssertionError("nginx exited: " + Files.readString(out));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        close();
        throw new AssertionError("nginx does not listen on " + port);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.destroy();   // SIGTERM: the master stops its workers and exits
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
