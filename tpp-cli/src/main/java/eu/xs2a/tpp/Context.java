package eu.xs2a.tpp;

import eu.xs2a.tpp.state.TppHome;
import java.io.PrintWriter;
import java.util.Map;

/**
 * What a command needs from the outside world, passed in so that tests run commands against their own folder,
 * environment and output.
 *
 * @param env     the environment variables (XS2A_TPP_HOME, XS2A_BASE_URL, DISPLAY, NO_COLOR, ...)
 * @param out     the answer: status, headers, bodies
 * @param err     hints, warnings and errors
 * @param color   whether {@code out} is a terminal that shows ANSI colours
 * @param browser how a link is opened in the user's browser
 */
public record Context(Map<String, String> env, PrintWriter out, PrintWriter err, boolean color, Browser browser) {

    public static final String ENV_BASE_URL = "XS2A_BASE_URL";
    public static final String DEFAULT_BASE_URL = "http://localhost:8080";

    /** Opens a link in a browser; false when there is none to open it in. */
    @FunctionalInterface
    public interface Browser {
        boolean open(String url);
    }

    public TppHome home() {
        return TppHome.fromEnvironment(env);
    }

    /** The gateway's base URL: the option if given, else {@code $XS2A_BASE_URL}, else the local ingress. */
    public String baseUrl(String option) {
        if (option != null && !option.isBlank()) {
            return option.strip();
        }
        String fromEnv = env.get(ENV_BASE_URL);
        return fromEnv != null && !fromEnv.isBlank() ? fromEnv.strip() : DEFAULT_BASE_URL;
    }

    /** The real process: System.getenv, the console, xdg-open. */
    public static Context system() {
        Map<String, String> env = System.getenv();
        boolean color = System.console() != null && env.get("NO_COLOR") == null && !"dumb".equals(env.get("TERM"));
        return new Context(env, new PrintWriter(System.out, true), new PrintWriter(System.err, true), color,
                new DesktopBrowser(env));
    }
}
