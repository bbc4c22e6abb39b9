package eu.xs2a.tpp;

import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.json.JsonPath;
import eu.xs2a.tpp.ob.OpenBankingJwts;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.OpenBankingClient;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/tpp ob token}: an access token of the client that {@code ob register} registered, from a provider's OAuth
 * server by the client credentials grant: HTTP Basic for a client_secret_basic client, a client assertion signed
 * with the current certificate for a private_key_jwt one. The token is saved as {@code {access_token}}.
 */
@Command(name = "token",
        description = {
                "Gets an access token of the client of the last bin/tpp ob register (client_credentials grant,"
                        + " POST /{provider}/oauth/token): HTTP Basic with its client_id and secret, or, for a"
                        + " private_key_jwt client, a client assertion signed with the current certificate.",
                "Saves it as {access_token} for later calls. Exit code 1 when the gateway answers HTTP >= 400."},
        footer = {"", "Examples:", "  bin/tpp ob token", "  bin/tpp ob token --provider sandbox2 --scope accounts"},
        mixinStandardHelpOptions = true)
class ObTokenCommand implements Callable<Integer> {

    private final Context context;

    @Option(names = "--provider", paramLabel = "CODE", defaultValue = "sandbox",
            description = "The provider whose OAuth server issues the token (default: ${DEFAULT-VALUE}).")
    String provider;

    @Option(names = "--scope", paramLabel = "SCOPES",
            description = "Scopes asked for, space-separated. Default: all the client's.")
    String scope;

    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    ObTokenCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        OpenBankingClient client = context.home().client().orElseThrow(() -> new CliException(
                "no open-banking client yet in " + context.home().dir() + ": run bin/tpp ob register"));
        if (!provider.matches("[a-z0-9-]+")) {
            throw new CliException("--provider: a provider code of a-z, 0-9 and -, got '" + provider + "'");
        }
        String path = "/" + provider + "/oauth/token";
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        if (scope != null && !scope.isBlank()) {
            form.put("scope", scope.strip());
        }
        List<RequestBuilder.Header> headers = new ArrayList<>();
        headers.add(new RequestBuilder.Header("Content-Type", "application/x-www-form-urlencoded"));
        if (OpenBankingClient.PRIVATE_KEY_JWT.equals(client.authMethod())) {
            Credentials credentials = context.home().requireCredentials();
            String aud = RequestBuilder.target(connection.baseUrl(context), path).toString();
            form.putAll(OpenBankingJwts.assertionFields(OpenBankingJwts.clientAssertion(credentials,
                    client.clientId(), aud, Instant.now())));
        } else {
            String secret = client.clientSecret().orElseThrow(() -> new CliException(context.home().clientFile()
                    + " holds no client_secret for " + client.clientId() + ": run bin/tpp ob register again"));
            String basic = Base64.getEncoder().encodeToString(
                    (client.clientId() + ":" + secret).getBytes(StandardCharsets.UTF_8));
            headers.add(new RequestBuilder.Header("Authorization", "Basic " + basic));
        }
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        // an OAuth endpoint takes no HTTP signature: the client authenticates in the request itself
        return new SignedCall(context, connection, output).run("POST", path, headers,
                body.getBytes(StandardCharsets.UTF_8), null, false,
                Map.of("access_token", JsonPath.parse("access_token")));
    }
}
