package eu.xs2a.tpp;

import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.json.JsonPath;
import eu.xs2a.tpp.ob.OpenBankingJwts;
import eu.xs2a.tpp.sca.SandboxPsu;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.OpenBankingClient;
import eu.xs2a.tpp.state.Placeholders;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/tpp ob token}: an access token of the client that {@code ob register} registered, from a provider's OAuth
 * server by the client credentials grant, or with {@code --code} / {@code --as PSU} by the authorization code flow
 * (PKCE S256; the PSU's part played on the sandbox bank's page, or in a browser): HTTP Basic for a
 * client_secret_basic client, a client assertion signed with the current certificate for a private_key_jwt one. The
 * token is saved as {@code {access_token}}.
 */
@Command(name = "token",
        description = {
                "Gets an access token of the client of the last bin/tpp ob register (client_credentials grant,"
                        + " POST /{provider}/oauth/token): HTTP Basic with its client_id and secret, or, for a"
                        + " private_key_jwt client, a client assertion signed with the current certificate.",
                "With --code (or --as PSU) the authorization code flow (PKCE S256) instead: the PSU logs in at the bank"
                        + " and allows the access, in a browser (paste the address it was sent to) or played here"
                        + " with --as; under the OAuth SCA approach the scope names the consent, AIS:{consentId},"
                        + " or the payment, PIS:{paymentId}.",
                "Saves it as {access_token} for later calls. Exit code 1 when the gateway"
                        + " answers HTTP >= 400 or the PSU did not allow."},
        footer = {"", "Examples:", "  bin/tpp ob token", "  bin/tpp ob token --provider sandbox2 --scope accounts",
                "  bin/tpp ob token --as psu1 --scope accounts",
                "  bin/tpp ob token --provider sandbox-oauth --as psu1 --scope AIS:{consentId}"},
        mixinStandardHelpOptions = true)
class ObTokenCommand extends GatewayCommand {

    @Option(names = "--provider", paramLabel = "CODE", defaultValue = "sandbox",
            description = "The provider whose OAuth server issues the token (default: ${DEFAULT-VALUE}).")
    String provider;

    @Option(names = "--scope", paramLabel = "SCOPES",
            description = "Scopes asked for, space-separated. Default: all the client's.")
    String scope;

    @Option(names = "--code", description = "The authorization code flow (PKCE S256) instead of client credentials:"
            + " the PSU allows the access at the bank; prints the link for a browser unless --as is given.")
    boolean code;

    @Option(names = "--as", paramLabel = "PSU",
            description = "With --code: do the PSU's part without a browser, as this sandbox PSU (implies --code).")
    String psu;

    @Option(names = "--password", paramLabel = "PASSWORD", defaultValue = "sandbox",
            description = "With --as: the PSU's password (default: ${DEFAULT-VALUE}).")
    String password;

    @Option(names = "--deny", description = "With --as: deny instead of allow.")
    boolean deny;

    @Option(names = "--redirect-uri", paramLabel = "URI", defaultValue = ObRegisterCommand.DEFAULT_REDIRECT_URI,
            description = "With --code: a redirect URI the client registered (default: ${DEFAULT-VALUE}).")
    String redirectUri;

    ObTokenCommand(Context context) {
        super(context);
    }

    @Override
    public Integer call() {
        OpenBankingClient client = context.home().client().orElseThrow(() -> new CliException(
                "no open-banking client yet in " + context.home().dir() + ": run bin/tpp ob register"));
        if (!provider.matches("[a-z0-9-]+")) {
            throw new CliException("--provider: a provider code of a-z, 0-9 and -, got '" + provider + "'");
        }
        if (scope != null) {
            scope = Placeholders.expand(scope, context.home().savedValues(), "--scope");
        }
        Map<String, String> form = new LinkedHashMap<>();
        if (code || psu != null) {
            Optional<String> authorizationCode = authorizationCode(client);
            if (authorizationCode.isEmpty()) {
                return 1;
            }
            form.put("grant_type", "authorization_code");
            form.put("code", authorizationCode.get());
            form.put("redirect_uri", redirectUri);
            form.put("code_verifier", verifier);
        } else {
            form.put("grant_type", "client_credentials");
            if (scope != null && !scope.isBlank()) {
                form.put("scope", scope.strip());
            }
        }
        return tokenRequest(client, form);
    }

    /** The PKCE verifier of this run's code flow (RFC 7636: 43 characters of base64url). */
    private final String verifier = randomToken();

    /**
     * The code flow's first half: the authorize link, the PSU's part (played as {@code --as}, or in a browser, after
     * which the user pastes the address the browser was sent to), and the code from the redirect.
     */
    private Optional<String> authorizationCode(OpenBankingClient client) {
        String state = randomToken();
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(sha256(verifier));
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", client.clientId());
        query.put("redirect_uri", redirectUri);
        if (scope != null && !scope.isBlank()) {
            query.put("scope", scope.strip());
        }
        query.put("state", state);
        query.put("code_challenge", challenge);
        query.put("code_challenge_method", "S256");
        String link = RequestBuilder.target(connection.baseUrl(context), "/" + provider + "/oauth/authorize")
                + "?" + formEncode(query);
        PrintWriter out = context.out();
        String back;
        if (psu != null) {
            out.println("Authorization as " + psu.strip() + " through " + link);
            SandboxPsu.Outcome outcome = new SandboxPsu(Duration.ofSeconds(Math.max(1, connection.timeoutSeconds)), out)
                    .authorise(link, new SandboxPsu.Choices(psu.strip(), password, null, !deny, null));
            if (outcome.backAtTpp() == null) {
                out.println("The flow ended at the bank: " + outcome.lastPage());
                return Optional.empty();
            }
            back = outcome.backAtTpp();
        } else {
            out.println("Open this link in a browser, log in as a sandbox PSU (psu1 / sandbox) and allow:");
            out.println();
            out.println("  " + link);
            out.println();
            out.println("Then paste the address the browser was sent to (it starts with " + redirectUri + "):");
            out.flush();
            back = readLine();
        }
        Map<String, String> answer = queryOf(back);
        if (!state.equals(answer.get("state"))) {
            throw new CliException("the redirect does not carry this flow's state: " + back);
        }
        if (answer.containsKey("error")) {
            out.println("The authorization was refused: " + answer.get("error")
                    + (answer.containsKey("error_description") ? " (" + answer.get("error_description") + ")" : ""));
            return Optional.empty();
        }
        String authorizationCode = answer.get("code");
        if (authorizationCode == null) {
            throw new CliException("the redirect carries no code: " + back);
        }
        return Optional.of(authorizationCode);
    }

    private Integer tokenRequest(OpenBankingClient client, Map<String, String> form) {
        String path = "/" + provider + "/oauth/token";
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
        String body = formEncode(form);
        // an OAuth endpoint takes no HTTP signature: the client authenticates in the request itself
        return signedCall().run("POST", path, headers,
                body.getBytes(StandardCharsets.UTF_8), null, false,
                Map.of("access_token", JsonPath.parse("access_token")));
    }

    private static String formEncode(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static Map<String, String> queryOf(String url) {
        Map<String, String> values = new LinkedHashMap<>();
        String query;
        try {
            query = URI.create(url.strip()).getRawQuery();
        } catch (IllegalArgumentException e) {
            throw new CliException("not an address: " + url);
        }
        if (query == null) {
            return values;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            values.putIfAbsent(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }

    private static String randomToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String readLine() {
        try {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            if (line == null || line.isBlank()) {
                throw new CliException("no address given");
            }
            return line;
        } catch (IOException e) {
            throw new CliException("cannot read the address: " + e.getMessage(), e);
        }
    }
}
