package eu.xs2a.tpp;

import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.TppHome;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/tpp show}: the current certificate, the open-banking client and the saved values. */
@Command(name = "show",
        description = {"Shows where the state is kept, the current certificate, the open-banking client and the"
                + " values saved with bin/tpp call --save (usable as {name}).",
                "With --value NAME prints only that saved value (for scripts: CONSENT_ID=$(bin/tpp show --value"
                        + " consentId))."},
        mixinStandardHelpOptions = true)
class ShowCommand implements Callable<Integer> {

    private final Context context;

    @Option(names = "--value", paramLabel = "NAME", description = "Print one saved value and nothing else.")
    String value;

    @Option(names = "--base-url", paramLabel = "URL", hidden = true)
    String baseUrl;

    ShowCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        TppHome home = context.home();
        Map<String, String> saved = home.savedValues();
        var out = context.out();
        if (value != null) {
            String found = saved.get(value.strip());
            if (found == null) {
                throw new CliException("nothing saved as {" + value.strip() + "}"
                        + (saved.isEmpty() ? "" : " (saved: " + String.join(", ", saved.keySet()) + ")"));
            }
            out.println(found);
            out.flush();
            return 0;
        }
        out.println("state folder    " + home.dir());
        out.println("gateway         " + context.baseUrl(baseUrl));
        Optional<Credentials> credentials = home.credentials();
        if (credentials.isEmpty()) {
            out.println("certificate     none yet: run " + TppHome.CERT_HINT);
        } else {
            Credentials c = credentials.get();
            X509Certificate certificate = c.certificate();
            boolean expired = certificate.getNotAfter().toInstant().isBefore(Instant.now());
            out.println("organisation    " + c.organisationName() + " (" + c.organizationIdentifier() + ")");
            out.println("roles           " + String.join(", ", c.roles()));
            out.println("subject         " + certificate.getSubjectX500Principal().getName());
            out.println("issuer          " + certificate.getIssuerX500Principal().getName());
            out.println("serial          " + certificate.getSerialNumber().toString(16).toUpperCase());
            out.println("valid until     " + certificate.getNotAfter().toInstant() + (expired ? "  EXPIRED: run bin/tpp cert again" : ""));
            out.println("files           " + home.certificateFile() + ", " + home.keyFile());
        }
        home.client().ifPresentOrElse(client -> out.println("ob client       " + client.clientId() + " ("
                        + client.authMethod() + ", " + client.organizationIdentifier() + "), " + home.clientFile()),
                () -> out.println("ob client       none (bin/tpp ob register)"));
        if (saved.isEmpty()) {
            out.println("saved values    none (bin/tpp call ... --save name=.field)");
        } else {
            out.println("saved values");
            saved.forEach((name, v) -> out.println("  {" + name + "}  " + v));
        }
        out.flush();
        return 0;
    }
}
