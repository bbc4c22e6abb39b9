package eu.xs2a.tpp;

import java.time.Duration;
import picocli.CommandLine.Option;

/** The options every command that talks to the gateway shares. */
public class ConnectionOptions {

    @Option(names = "--base-url", paramLabel = "URL",
            description = "The gateway (the ingress). Default: $XS2A_BASE_URL, else " + Context.DEFAULT_BASE_URL + ".")
    String baseUrl;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the connection and for the answer (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    public String baseUrl(Context context) {
        return context.baseUrl(baseUrl);
    }

    public Duration timeout() {
        return Duration.ofSeconds(Math.max(1, timeoutSeconds));
    }
}
