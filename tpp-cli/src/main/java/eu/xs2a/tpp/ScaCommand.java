package eu.xs2a.tpp;

import eu.xs2a.tpp.sca.SandboxPsu;
import eu.xs2a.tpp.state.Placeholders;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/tpp sca}: the PSU's step of redirect SCA, or the TPP's steps of an embedded or decoupled one. */
@Command(name = "sca",
        description = {
                "Shows the PSU's SCA link (the scaRedirect of a consent or payment) and opens it in the browser"
                        + " when there is one ($BROWSER if set; else xdg-open with a display, open on macOS). Without"
                        + " URL: the link of the last answer that had one (saved by bin/tpp call).",
                "In the browser, log in as a sandbox PSU (psu1, psu-fail, psu-poor, psu-blocked, psu-slow, psu-slow-data,"
                        + " psu-revoked-later; password sandbox), approve, and enter the one-time code 123456.",
                "With --as PSU this command plays the browser itself (sandbox bank only): logs in, approves (or"
                        + " --deny) and enters the code, then prints where the browser would return to.",
                "With --embedded --as PSU it is the TPP's app of an embedded authorisation (TPP-Redirect-Preferred:"
                        + " false): signed PUTs of the PSU's password, the method (--method, else the first offered)"
                        + " and the code on the authorisation (URL: its path; default {scaStatus}, the last one"
                        + " saved). With --decoupled it polls the authorisation until the PSU approved in the bank's"
                        + " app (psu-decoupled) or denied (psu-decoupled-deny)."},
        footer = {"", "Examples:", "  bin/tpp sca", "  bin/tpp sca --as psu1", "  bin/tpp sca --as psu-fail",
                "  bin/tpp sca --no-open http://localhost:8080/sandbox/.../sca-redirect/...",
                "  bin/tpp sca --embedded --as psu1 --method sms", "  bin/tpp sca --embedded --as psu-embedded",
                "  bin/tpp sca --decoupled"},
        mixinStandardHelpOptions = true)
class ScaCommand implements Callable<Integer> {

    private static final Pattern RESOURCE = Pattern.compile("^(.*)/authorisations/[^/]+/sca-redirect(/.*)?$");

    private final Context context;

    @Parameters(index = "0", arity = "0..1", paramLabel = "URL",
            description = "The scaRedirect link (default: {scaRedirect}, the last one saved).")
    String url;

    @Option(names = "--no-open", description = "Only print the link, never start a browser.")
    boolean noOpen;

    @Option(names = "--as", paramLabel = "PSU", description = "Do the PSU's part without a browser, as this sandbox PSU.")
    String psu;

    @Option(names = "--password", paramLabel = "PASSWORD", defaultValue = "sandbox",
            description = "With --as: the PSU's password (default: ${DEFAULT-VALUE}).")
    String password;

    @Option(names = "--otp", paramLabel = "CODE", defaultValue = "123456",
            description = "With --as: the one-time code (default: ${DEFAULT-VALUE}).")
    String otp;

    @Option(names = "--deny", description = "With --as: deny instead of approve.")
    boolean deny;

    @Option(names = "--debtor-account", paramLabel = "IBAN",
            description = "With --as, for a payment without a debtor account: the account to pay from"
                    + " (default: the first the bank offers).")
    String debtorAccount;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "With --as: how long to wait for each page; with --decoupled: for the PSU's approval"
                    + " (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--embedded", description = "Walk an embedded authorisation through the gateway (needs --as).")
    boolean embedded;

    @Option(names = "--decoupled", description = "Wait for a decoupled authorisation the PSU approves in the app.")
    boolean decoupled;

    @Option(names = "--method", paramLabel = "ID", description = "With --embedded: the PSU's SCA method"
            + " (authenticationMethodId, e.g. sms or chip) when it has several (default: the first offered).")
    String method;

    @Option(names = "--psu-ip", paramLabel = "IP", description = "With --embedded: sends PSU-IP-Address with each step,"
            + " which the gateway passes on to the bank (where the PSU is while authenticating).")
    String psuIp;

    @Option(names = "--base-url", paramLabel = "URL", description = "With --embedded or --decoupled: the gateway."
            + " Default: $XS2A_BASE_URL, else " + Context.DEFAULT_BASE_URL + ".")
    String baseUrl;

    ScaCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        if (embedded || decoupled) {
            return walk();
        }
        String link = link();
        var out = context.out();
        if (psu != null && !psu.isBlank()) {
            out.println("SCA as " + psu.strip() + " through " + link);
            out.flush();
            SandboxPsu.Outcome outcome = new SandboxPsu(java.time.Duration.ofSeconds(Math.max(1, timeoutSeconds)), out)
                    .authorise(link, new SandboxPsu.Choices(psu.strip(), password, otp, !deny, debtorAccount));
            out.println(outcome.backAtTpp() != null
                    ? "Done: the PSU's browser returns to " + outcome.backAtTpp()
                    : "Done: " + outcome.lastPage());
            statusHint(link).ifPresent(hint -> out.println("Now: " + hint));
            out.flush();
            return 0;
        }
        out.println("The PSU's SCA link:");
        out.println();
        out.println("  " + link);
        out.println();
        out.println("Log in as a sandbox PSU (psu1 / sandbox), approve, and enter the one-time code 123456.");
        out.println("The link works once and for 10 minutes. No browser here? bin/tpp sca --as psu1 does the PSU's part.");
        statusHint(link).ifPresent(hint -> out.println("Afterwards: " + hint));
        out.flush();
        if (!noOpen) {
            if (context.browser().open(link)) {
                context.err().println("Opened in your browser.");
            } else {
                context.err().println("(No browser could be opened here: copy the link.)");
            }
            context.err().flush();
        }
        return 0;
    }

    /** --embedded or --decoupled: the TPP's signed steps on the authorisation. */
    private int walk() {
        if (embedded && decoupled) {
            throw new CliException("--embedded or --decoupled, not both", 2, null);
        }
        if (embedded && (psu == null || psu.isBlank())) {
            throw new CliException("--embedded needs the PSU: --as psu1 (or psu-embedded, psu-fail)", 2, null);
        }
        String given = url == null || url.isBlank() ? "{" + SignedCall.SCA_STATUS + "}" : url.strip();
        Map<String, String> saved = context.home().savedValues();
        if (given.equals("{" + SignedCall.SCA_STATUS + "}") && !saved.containsKey(SignedCall.SCA_STATUS)) {
            throw new CliException("no authorisation saved yet: create a consent or payment with bin/tpp call and"
                    + " TPP-Redirect-Preferred: false (its answer's _links.scaStatus is saved), or give its path");
        }
        String authorisation = Placeholders.expand(given, saved, "the authorisation");
        ConnectionOptions connection = new ConnectionOptions();
        connection.baseUrl = baseUrl;
        connection.timeoutSeconds = Math.max(1, timeoutSeconds);
        ApiScaWalk walk = new ApiScaWalk(new SignedCall(context, connection, new OutputOptions()), context.out());
        return embedded ? walk.embedded(authorisation, psu.strip(), password, method, otp, psuIp)
                : walk.decoupled(authorisation, java.time.Duration.ofSeconds(Math.max(1, timeoutSeconds)));
    }

    private String link() {
        String given = url == null || url.isBlank() ? "{" + SignedCall.SCA_REDIRECT + "}" : url.strip();
        Map<String, String> saved = context.home().savedValues();
        if (given.equals("{" + SignedCall.SCA_REDIRECT + "}") && !saved.containsKey(SignedCall.SCA_REDIRECT)) {
            throw new CliException("no SCA link saved yet: create a consent or payment with bin/tpp call (its answer's"
                    + " _links.scaRedirect is saved), or give the link: bin/tpp sca URL");
        }
        String link = Placeholders.expand(given, saved, "the link");
        try {
            URI uri = URI.create(link);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                throw new IllegalArgumentException("not http(s)");
            }
        } catch (IllegalArgumentException e) {
            throw new CliException("'" + link + "' is not an http(s) link", 2, e);
        }
        return link;
    }

    /** For a gateway link …/{resource}/authorisations/{id}/sca-redirect[/{token}]: the status call to make next. */
    static java.util.Optional<String> statusHint(String link) {
        String path;
        try {
            path = URI.create(link).getRawPath();
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
        Matcher matcher = path == null ? null : RESOURCE.matcher(path);
        if (matcher == null || !matcher.matches()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("bin/tpp call GET " + matcher.group(1) + "/status");
    }
}
