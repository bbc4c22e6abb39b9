package eu.xs2a.tpp;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bin/tpp ob}: the open-banking onboarding flows, next to the Berlin Group ones of {@code register}. */
@Command(name = "ob",
        description = {
                "Open-banking onboarding: dynamic client registration with a software statement from the sandbox"
                        + " directory (ob register), and adding the current certificate to the organisation as that"
                        + " client (ob certificate). Both sign with the current certificate (PS256, x5c).",
                "An access token of that client from a provider's OAuth server (ob token, client credentials)."},
        subcommands = {ObRegisterCommand.class, ObCertificateCommand.class, ObTokenCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Examples:", "  bin/tpp ob register", "  bin/tpp ob token --scope accounts",
                "  bin/tpp ob register --auth private_key_jwt --redirect-uri https://tpp.example/cb",
                "  bin/tpp cert --roles PSP_AI,PSP_PI --org \"Example TPP\" && bin/tpp ob certificate"},
        mixinStandardHelpOptions = true)
class OpenBankingCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: register, certificate or token");
    }
}
