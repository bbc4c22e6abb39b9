package eu.xs2a.tpp;

import java.lang.reflect.Constructor;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bin/tpp}: a TPP developer's command line for the sandbox. Gets a sandbox QSEAL, signs and sends Berlin
 * Group requests with it (xs2a-security's RequestSigner), registers the TPP and helps with the PSU's SCA step.
 */
@Command(name = "tpp",
        mixinStandardHelpOptions = true,
        versionProvider = TppCli.Version.class,
        description = {
                "A TPP developer's command line for the XS2A gateway sandbox: a sandbox QSEAL certificate, signed"
                        + " Berlin Group calls, TPP registration (Berlin Group and open banking) and the PSU's SCA link.",
                "",
                "State (the current certificate, its key, saved values) lives in $XS2A_TPP_HOME, else"
                        + " $XDG_CONFIG_HOME/xs2a-tpp, else ~/.config/xs2a-tpp; never in the repository."},
        subcommands = {CertCommand.class, RegisterCommand.class, CallCommand.class, ScaCommand.class,
                OpenBankingCommand.class, BasketCommand.class, ShowCommand.class, CommandLine.HelpCommand.class},
        footer = {"",
                "Quick tour (after bin/run; tpp-cli/QUICK-TOUR.md has all of it):",
                "  bin/tpp cert --roles PSP_AI,PSP_PI --org \"Example TPP\"",
                "  bin/tpp call POST /sandbox/api/berlingroup/v1/consents \\",
                "      --body tpp-cli/examples/ais-consent.json \\",
                "      --header TPP-Redirect-Preferred:true \\",
                "      --header TPP-Redirect-URI:https://tpp.example/cb \\",
                "      --save consentId=.consentId",
                "  bin/tpp sca",
                "  bin/tpp call GET /sandbox/api/berlingroup/v1/accounts \\",
                "      --header Consent-ID:{consentId}",
                "",
                "Exit codes: 0 success, 1 the gateway answered HTTP >= 400, 2 wrong usage,",
                "3 anything else (no certificate yet, gateway not reachable, ...)."})
public class TppCli implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        // no subcommand: say what there is
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: cert, register, call, sca, ob, basket or show");
    }

    public static void main(String[] args) {
        System.exit(commandLine(Context.system()).execute(args));
    }

    /** The command line wired to a context (tests pass their own). */
    public static CommandLine commandLine(Context context) {
        CommandLine commandLine = new CommandLine(new TppCli(), new Factory(context));
        commandLine.setOut(context.out());
        commandLine.setErr(context.err());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            if (e instanceof CliException failure) {
                context.err().println("tpp: " + failure.getMessage());
                context.err().flush();
                return failure.exitCode();
            }
            context.err().println("tpp: unexpected error: " + e);
            if (context.env().containsKey("XS2A_TPP_DEBUG")) {
                e.printStackTrace(context.err());
            } else {
                context.err().println("     (set XS2A_TPP_DEBUG=1 for the stack trace)");
            }
            context.err().flush();
            return CliException.EXIT_FAILURE;
        });
        return commandLine;
    }

    /** Gives every command that wants one the {@link Context} through its constructor. */
    private static final class Factory implements CommandLine.IFactory {
        private final Context context;
        private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

        Factory(Context context) {
            this.context = context;
        }

        @Override
        public <K> K create(Class<K> type) throws Exception {
            try {
                Constructor<K> constructor = type.getDeclaredConstructor(Context.class);
                constructor.setAccessible(true);
                return constructor.newInstance(context);
            } catch (NoSuchMethodException e) {
                return fallback.create(type);
            }
        }
    }

    /** The module's version from the jar manifest, if packaged. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = TppCli.class.getPackage().getImplementationVersion();
            return new String[] {"tpp " + (version == null ? "(development build)" : version)};
        }
    }
}
