package eu.xs2a.tpp;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Opens a link: with {@code $BROWSER} when set (the usual convention; e.g. a test's automated browser), else with
 * {@code open} on macOS or {@code xdg-open} when a display exists; does nothing on a headless machine, where printing
 * the link is all one can do.
 */
final class DesktopBrowser implements Context.Browser {

    /** xdg-open returns once the browser has the link; a $BROWSER command may do the PSU's whole part first. */
    private static final long DESKTOP_WAIT_SECONDS = 10;
    private static final long BROWSER_WAIT_SECONDS = 300;

    private final Map<String, String> env;

    DesktopBrowser(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public boolean open(String url) {
        List<String> command = command(url);
        if (command.isEmpty()) {
            return false;
        }
        boolean custom = notBlank(env.get("BROWSER"));
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            if (custom) {
                builder.inheritIO();
            } else {
                builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            }
            Process process = builder.start();
            boolean ended = process.waitFor(custom ? BROWSER_WAIT_SECONDS : DESKTOP_WAIT_SECONDS, TimeUnit.SECONDS);
            return ended && process.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The command line that opens {@code url}, or empty when nothing can. */
    List<String> command(String url) {
        String browser = env.get("BROWSER");
        if (notBlank(browser)) {
            // $BROWSER may list several commands separated by ':'; the first is used. %s marks where the link goes.
            String first = browser.split(File.pathSeparator)[0].strip();
            List<String> command = new ArrayList<>();
            boolean placed = false;
            for (String word : first.split("\\s+")) {
                if (word.contains("%s")) {
                    command.add(word.replace("%s", url));
                    placed = true;
                } else {
                    command.add(word);
                }
            }
            if (!placed) {
                command.add(url);
            }
            return command;
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return List.of("open", url);
        }
        if (hasDisplay() && onPath("xdg-open")) {
            return List.of("xdg-open", url);
        }
        return List.of();
    }

    private boolean hasDisplay() {
        return notBlank(env.get("DISPLAY")) || notBlank(env.get("WAYLAND_DISPLAY"));
    }

    private boolean onPath(String program) {
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && new File(dir, program).canExecute()) {
                return true;
            }
        }
        return false;
    }

    private static boolean notBlank(String value) {
        return value != null && !value.isBlank();
    }
}
