package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.tpp.http.GatewayClient;
import eu.xs2a.tpp.http.GatewayResponse;
import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.http.ResponsePrinter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * registration-service's sandbox self-service (certificates, software statements): JSON requests that only a sandbox
 * deployment answers, unsigned, or signed when they name an organisation (a certificate renewal must be signed with a
 * current certificate of it). A refusal is shown as the gateway gave it; a 404 says that the deployment is not a
 * sandbox.
 */
final class SandboxSelfService {

    private final Context context;
    private final ConnectionOptions connection;

    SandboxSelfService(Context context, ConnectionOptions connection) {
        this.context = context;
        this.connection = connection;
    }

    /**
     * The JSON answer to {@code body} posted to {@code path}, or empty after showing a refusal.
     *
     * @param issues what the path issues, for the message when it is not there ("test certificates")
     */
    Optional<JsonNode> post(String path, JsonNode body, String issues) {
        return post(path, body, issues, null);
    }

    /** As {@link #post(String, JsonNode, String)}, signed by {@code signer} (null: unsigned). */
    Optional<JsonNode> post(String path, JsonNode body, String issues, RequestSigner signer) {
        String baseUrl = connection.baseUrl(context);
        var outgoing = RequestBuilder.build(signer, "POST", RequestBuilder.target(baseUrl, path), List.of(),
                body.toString().getBytes(StandardCharsets.UTF_8), null);
        GatewayResponse response = new GatewayClient(connection.timeout()).send(outgoing);
        if (response.isError()) {
            new ResponsePrinter(context.out(), context.color()).print(response);
            if (response.status() == 404) {
                throw new CliException("the sandbox self-service " + baseUrl + path + " is not there: only a sandbox"
                        + " deployment (psd2.environment=sandbox) issues " + issues, 1, null);
            }
            return Optional.empty();
        }
        return Optional.of(response.json().orElseThrow(() -> new CliException(
                "the sandbox answered HTTP " + response.status() + " without a JSON body: " + response.bodyText())));
    }
}
