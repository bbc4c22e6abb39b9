package eu.xs2a.tpp;

import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.json.JsonPath;
import eu.xs2a.tpp.state.Placeholders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bin/tpp basket}: a signing basket of the TPP's payments and consents, authorised by the PSU with one SCA
 * (docs/ARCHITECTURE.md "Signing baskets"): create, authorise (the basket's scaRedirect, as {@code bin/tpp sca}),
 * status, show, delete. Each is one signed call of {@link SignedCall}; create saves {basketId} and the link.
 */
@Command(name = "basket",
        description = {
                "Signing baskets: several payments and consents of this TPP, authorised by the PSU with one SCA.",
                "create sends POST /{provider}/api/berlingroup/v1/signing-baskets with the payment and consent ids and"
                        + " saves {basketId} and the basket's scaRedirect; authorise does the PSU's part on that link"
                        + " (as bin/tpp sca); status, show and delete read or withdraw the basket."},
        subcommands = {BasketCommand.Create.class, BasketCommand.Authorise.class, BasketCommand.Status.class,
                BasketCommand.Show.class, BasketCommand.Delete.class, CommandLine.HelpCommand.class},
        footer = {"", "Examples:",
                "  bin/tpp basket create --payment {paymentId} --payment {paymentId2} --consent {consentId}",
                "  bin/tpp basket authorise --as psu1",
                "  bin/tpp basket create --no-redirect --psu-id psu1 --payment {paymentId}; bin/tpp sca --embedded --as psu1",
                "  bin/tpp basket status"},
        mixinStandardHelpOptions = true)
class BasketCommand implements Runnable {

    static final String BASKET_ID = "basketId";
    static final String BASKET_SCA_REDIRECT = "basketScaRedirect";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: create, authorise, status, show or delete");
    }

    static String basketsPath(String provider) {
        return "/" + provider + "/api/berlingroup/v1/signing-baskets";
    }

    /** The options every basket command shares: the provider and the basket (default: the last created). */
    static class Target {
        @Option(names = "--provider", paramLabel = "CODE", defaultValue = "sandbox",
                description = "The provider (default: ${DEFAULT-VALUE}).")
        String provider;

        String path(Context context, String basketId, String below) {
            String id = basketId == null || basketId.isBlank() ? "{" + BASKET_ID + "}" : basketId.strip();
            Map<String, String> saved = context.home().savedValues();
            if (id.equals("{" + BASKET_ID + "}") && !saved.containsKey(BASKET_ID)) {
                throw new CliException("no basket saved yet: bin/tpp basket create first, or give the basket id", 2,
                        null);
            }
            return Placeholders.expand(basketsPath(provider) + "/" + id + below, saved, "the basket");
        }
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Creates a signing basket of payments (--payment) and consents (--consent) that await"
                    + " their authorisation; saves {basketId} and the basket's scaRedirect link.")
    static class Create extends GatewayCommand {

        @Option(names = "--payment", paramLabel = "ID", description = "A payment id (repeatable; {name} of a saved value).")
        List<String> payments = new ArrayList<>();

        @Option(names = "--consent", paramLabel = "ID", description = "A consent id (repeatable; {name} of a saved value).")
        List<String> consents = new ArrayList<>();

        @Option(names = "--redirect-uri", paramLabel = "URI", defaultValue = "https://tpp.example/cb",
                description = "TPP-Redirect-URI: where the PSU returns after SCA (default: ${DEFAULT-VALUE}).")
        String redirectUri;

        @Option(names = "--psu-ip", paramLabel = "IP", defaultValue = "192.0.2.1",
                description = "PSU-IP-Address, required here (default: ${DEFAULT-VALUE}).")
        String psuIp;

        @Option(names = "--no-redirect", description = "TPP-Redirect-Preferred: false: the bank chooses embedded or"
                + " decoupled for the PSU (then bin/tpp sca --embedded or --decoupled).")
        boolean noRedirect;

        @Option(names = "--psu-id", paramLabel = "PSU", description = "PSU-ID: the PSU's login (needed for decoupled).")
        String psuId;

        @Option(names = "--notification-uri", paramLabel = "URI", description = "TPP-Notification-URI: where the"
                + " gateway POSTs the basket's signed status notifications.")
        String notificationUri;

        @Option(names = "--notification-content", paramLabel = "VALUE", description = "TPP-Notification-Content-"
                + "Preferred, e.g. status=SCA,PROCESS (the default) or status=LAST.")
        String notificationContent;

        @Mixin
        Target target = new Target();

        Create(Context context) {
            super(context);
        }

        @Override
        public Integer call() {
            if (payments.isEmpty() && consents.isEmpty()) {
                throw new CliException("a basket needs at least one --payment or --consent", 2, null);
            }
            Map<String, String> saved = context.home().savedValues();
            String body = "{\"paymentIds\": " + ids(payments, saved) + ", \"consentIds\": " + ids(consents, saved) + "}";
            Map<String, JsonPath> saves = new LinkedHashMap<>();
            saves.put(BASKET_ID, JsonPath.parse(".basketId"));
            if (!noRedirect) { // else the bank's choice, embedded or decoupled, has no link (bin/tpp sca --embedded)
                saves.put(BASKET_SCA_REDIRECT, JsonPath.parse("._links.scaRedirect.href"));
            }
            List<RequestBuilder.Header> headers = new ArrayList<>(List.of(
                    new RequestBuilder.Header("TPP-Redirect-Preferred", Boolean.toString(!noRedirect)),
                    new RequestBuilder.Header("TPP-Redirect-URI", redirectUri)));
            optional(headers, "PSU-ID", psuId);
            optional(headers, "TPP-Notification-URI", notificationUri);
            optional(headers, "TPP-Notification-Content-Preferred", notificationContent);
            return signedCall().run("POST", basketsPath(target.provider), headers,
                    body.getBytes(StandardCharsets.UTF_8), psuIp, true, saves);
        }

        private static void optional(List<RequestBuilder.Header> headers, String name, String value) {
            if (value != null) {
                headers.add(new RequestBuilder.Header(name, value));
            }
        }

        private static String ids(List<String> ids, Map<String, String> saved) {
            return ids.stream().map(id -> Placeholders.expand(id.strip(), saved, "an id"))
                    .map(id -> "\"" + id.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                    .collect(Collectors.joining(", ", "[", "]"));
        }
    }

    @Command(name = "authorise", mixinStandardHelpOptions = true,
            description = "The PSU's one SCA for the whole basket on its scaRedirect link (default: the last basket"
                    + " created): opens it in the browser, or with --as PSU plays the browser (as bin/tpp sca).")
    static class Authorise implements Callable<Integer> {
        private final Context context;

        @Parameters(index = "0", arity = "0..1", paramLabel = "URL",
                description = "The basket's scaRedirect link (default: {" + BASKET_SCA_REDIRECT + "}).")
        String url;

        @Option(names = "--as", paramLabel = "PSU", description = "Do the PSU's part without a browser, as this sandbox PSU.")
        String psu;

        @Option(names = "--deny", description = "With --as: deny instead of approve.")
        boolean deny;

        @Option(names = "--no-open", description = "Only print the link, never start a browser.")
        boolean noOpen;

        Authorise(Context context) {
            this.context = context;
        }

        @Override
        public Integer call() {
            Map<String, String> saved = context.home().savedValues();
            String link = url != null && !url.isBlank() ? url.strip() : saved.get(BASKET_SCA_REDIRECT);
            if (link == null) {
                throw new CliException("no basket link saved yet: bin/tpp basket create first, or give the link", 2,
                        null);
            }
            ScaCommand sca = new ScaCommand(context);
            sca.url = link;
            sca.psu = psu;
            sca.deny = deny;
            sca.noOpen = noOpen;
            sca.password = "sandbox";
            sca.otp = "123456";
            sca.timeoutSeconds = 30;
            return sca.call();
        }
    }

    /** A signed call on one basket (default the last created): the method and the path below the basket. */
    abstract static class OnBasket extends GatewayCommand {
        private final String method;
        private final String below;

        @Parameters(index = "0", arity = "0..1", paramLabel = "BASKET_ID", description = "Default: {basketId}.")
        String basketId;

        @Mixin
        Target target = new Target();

        OnBasket(Context context, String method, String below) {
            super(context);
            this.method = method;
            this.below = below;
        }

        @Override
        public Integer call() {
            return signedCall().run(method, target.path(context, basketId, below),
                    List.of(), new byte[0], null, true, Map.of());
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "The basket's transactionStatus.")
    static class Status extends OnBasket {
        Status(Context context) {
            super(context, "GET", "/status");
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "The basket: its payments, consents and status.")
    static class Show extends OnBasket {
        Show(Context context) {
            super(context, "GET", "");
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true,
            description = "Deletes the basket before its authorisation; its members can be authorised alone again.")
    static class Delete extends OnBasket {
        Delete(Context context) {
            super(context, "DELETE", "");
        }
    }
}
