package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.xs2a.tpp.http.GatewayResponse;
import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.ob.OpenBankingJwts;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.OpenBankingClient;
import eu.xs2a.tpp.state.TppHome;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/tpp ob register}: open-banking dynamic client registration. Gets a software statement for the current
 * organisation from the sandbox directory, sends the registration request signed with the current certificate, and
 * keeps the client it gets. Run again, it registers the same software, and the gateway answers the same client (with
 * a new secret): how a lost answer is recovered.
 */
@Command(name = "register",
        description = {
                "Registers an open-banking client for the organisation of the current certificate: a software"
                        + " statement from the sandbox directory (POST " + ObRegisterCommand.SSA_PATH + "), then the"
                        + " registration request, a JWT signed PS256 with the certificate in x5c (POST "
                        + ObRegisterCommand.PATH + ").",
                "The client (client_id, and client_secret for client_secret_basic, shown once by the gateway) is kept"
                        + " in ob-client.properties in the state folder, readable by the owner only. Run again for the"
                        + " same organisation, it registers the same software: the same client, with a new secret"
                        + " (--new-software registers another client).",
                "Exit code 1 when the gateway answers HTTP >= 400."},
        footer = {"", "Examples:", "  bin/tpp ob register",
                "  bin/tpp ob register --auth private_key_jwt --new-software \\",
                "      --redirect-uri https://tpp.example/cb --scope \"openid accounts\""},
        mixinStandardHelpOptions = true)
class ObRegisterCommand extends GatewayCommand {

    static final String SSA_PATH = "/api/sandbox/v1/software-statements";
    static final String PATH = "/api/open-banking/v3.1/tpp/register";
    static final String DEFAULT_REDIRECT_URI = "https://tpp.example/cb";
    /** The sandbox gateway's id (registration-service's psd2.registration.aspsp-id), the request's aud. */
    static final String DEFAULT_ASPSP_ID = "sandbox-aspsp";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The two client authentication methods the gateway registers; the names are the wire values. */
    enum AuthMethod {
        client_secret_basic, private_key_jwt
    }

    @Option(names = "--redirect-uri", paramLabel = "URI",
            description = "A redirect URI of the software (repeatable). Default: " + DEFAULT_REDIRECT_URI + ".")
    List<String> redirectUris = new ArrayList<>();

    @Option(names = "--auth", paramLabel = "METHOD", defaultValue = "client_secret_basic",
            description = "How the client authenticates later: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    AuthMethod auth;

    @Option(names = "--client-name", paramLabel = "NAME",
            description = "The software's name in the statement. Default: the certificate's organisation.")
    String clientName;

    @Option(names = "--scope", paramLabel = "SCOPES",
            description = "Scopes asked for, space-separated (openid accounts payments fundsconfirmations)."
                    + " Default: all that the certificate's roles allow.")
    String scope;

    @Option(names = "--aspsp-id", paramLabel = "ID", defaultValue = DEFAULT_ASPSP_ID,
            description = "The gateway's ASPSP id, the request's aud (default: ${DEFAULT-VALUE}).")
    String aspspId;

    @Option(names = "--new-software",
            description = "Register new software (a new client) even when this organisation has one already;"
                    + " without it, the known software is registered again and the gateway answers its client as it"
                    + " was registered (with a new secret).")
    boolean newSoftware;

    ObRegisterCommand(Context context) {
        super(context);
    }

    @Override
    public Integer call() {
        TppHome home = context.home();
        Credentials credentials = home.requireCredentials();
        List<String> uris = redirectUris.isEmpty() ? List.of(DEFAULT_REDIRECT_URI) : List.copyOf(redirectUris);
        // the same software again only for the same organisation: another one's software_id is refused (Invalid)
        Optional<String> knownSoftware = newSoftware ? Optional.empty() : home.client()
                .filter(client -> client.organizationIdentifier().equals(credentials.organizationIdentifier()))
                .map(OpenBankingClient::softwareId).filter(id -> !id.isBlank());

        Optional<JsonNode> statement = softwareStatement(credentials, uris, knownSoftware);
        if (statement.isEmpty()) {
            return 1;
        }
        String softwareId = statement.get().path("software_id").asText();
        String registrationJwt = OpenBankingJwts.registrationRequest(credentials, new OpenBankingJwts.Registration(
                softwareId, statement.get().path("software_statement").asText(), aspspId, uris, auth.name(),
                scope == null || scope.isBlank() ? null : scope.strip()), Instant.now());

        SignedCall call = signedCall();
        GatewayResponse response = call.exchange("POST", PATH,
                List.of(new RequestBuilder.Header("Content-Type", "application/jwt")),
                registrationJwt.getBytes(StandardCharsets.US_ASCII), null, false);
        if (response.isError()) {
            return 1;
        }
        JsonNode client = response.json().orElseThrow(() -> new CliException(
                "the gateway answered HTTP " + response.status() + " without a JSON body: " + response.bodyText()));
        String clientId = client.path("client_id").asText("");
        if (clientId.isBlank()) {
            throw new CliException("the gateway's answer has no client_id: " + client);
        }
        Optional<String> secret = Optional.of(client.path("client_secret").asText("")).filter(s -> !s.isBlank());
        String method = client.path("token_endpoint_auth_method").asText(auth.name());
        home.storeClient(new OpenBankingClient(clientId, secret, method, softwareId, credentials.organizationIdentifier()));

        var err = context.err();
        if (!method.equals(auth.name())) {
            // a registration of known software recovers the client as it is; it never changes it
            err.println("Note: software " + softwareId + " was registered before as a " + method + " client, and"
                    + " registering it again does not change that. For a " + auth.name() + " client: bin/tpp ob"
                    + " register --auth " + auth.name() + " --new-software");
        }
        err.println("Client " + clientId + " (" + method + ") kept in " + home.clientFile()
                + (secret.isPresent() ? ", with its secret" : "") + ".");
        err.println("Next: bin/tpp ob certificate   (adds the current certificate to the organisation as this client)");
        err.flush();
        return 0;
    }

    /** The sandbox directory's statement for this organisation, or empty after showing its refusal. */
    private Optional<JsonNode> softwareStatement(Credentials credentials, List<String> uris,
                                                 Optional<String> knownSoftware) {
        ObjectNode request = JSON.createObjectNode();
        request.put("software_client_name", clientName == null || clientName.isBlank()
                ? credentials.organisationName() : clientName.strip());
        request.put("org_id", credentials.organizationIdentifier());
        request.put("org_name", credentials.organisationName());
        request.putArray("software_redirect_uris").addAll(uris.stream().map(JSON.getNodeFactory()::textNode).toList());
        request.putArray("software_roles").addAll(credentials.roles().stream().map(JSON.getNodeFactory()::textNode).toList());
        knownSoftware.ifPresent(id -> request.put("software_id", id));
        Optional<JsonNode> answer = new SandboxSelfService(context, connection)
                .post(SSA_PATH, request, "software statements");
        if (answer.isEmpty()) {
            return Optional.empty();
        }
        JsonNode statement = answer.get();
        if (statement.path("software_statement").asText("").isBlank() || statement.path("software_id").asText("").isBlank()) {
            throw new CliException("the sandbox directory's answer has no software_statement or software_id: " + statement);
        }
        return Optional.of(statement);
    }
}
