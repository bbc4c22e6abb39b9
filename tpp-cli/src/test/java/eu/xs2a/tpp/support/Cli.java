package eu.xs2a.tpp.support;

import eu.xs2a.tpp.Context;
import eu.xs2a.tpp.TppCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs bin/tpp in-process with its own state folder, environment and captured output. */
public final class Cli {

    /** One run: exit code, stdout and stderr. */
    public record Run(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private final Map<String, String> env = new HashMap<>();
    private final List<String> opened = new ArrayList<>();
    private boolean browserAvailable;

    public Cli(Path home, String baseUrl) {
        env.put("XS2A_TPP_HOME", home.toString());
        if (baseUrl != null) {
            env.put("XS2A_BASE_URL", baseUrl);
        }
    }

    public Cli withBrowser() {
        browserAvailable = true;
        return this;
    }

    /** The links a browser was asked to open. */
    public List<String> opened() {
        return opened;
    }

    public Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Context context = new Context(Map.copyOf(env), new PrintWriter(out, true), new PrintWriter(err, true), false,
                url -> {
                    opened.add(url);
                    return browserAvailable;
                });
        int exit = TppCli.commandLine(context).execute(args);
        return new Run(exit, out.toString(), err.toString());
    }
}
