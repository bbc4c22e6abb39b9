package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.ob.OpenBankingJwts;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.OpenBankingClient;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/tpp ob certificate}: adds the current certificate to its organisation as the client that
 * {@code ob register} registered: with HTTP Basic for a client_secret_basic client, with a client assertion signed by
 * the current certificate for a private_key_jwt one.
 */
@Command(name = "certificate",
        description = {
                "Adds the current certificate to the organisation (POST " + ObCertificateCommand.PATH + ") as the"
                        + " client of the last bin/tpp ob register: HTTP Basic with its client_id and secret, or,"
                        + " for a private_key_jwt client, a client assertion signed with the current certificate.",
                "Typically after bin/tpp cert renewed the certificate of the same organisation.",
                "Exit code 1 when the gateway answers HTTP >= 400."},
        footer = {"", "Example:", "  bin/tpp cert --roles PSP_AI,PSP_PI --org \"Example TPP\" && bin/tpp ob certificate"},
        mixinStandardHelpOptions = true)
class ObCertificateCommand extends GatewayCommand {

    static final String PATH = "/api/open-banking/v3.1/tpp/certificates";

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--name", paramLabel = "NAME",
            description = "A name for the certificate. Default: sandbox-qseal-<serial>.")
    String name;

    @Option(names = "--audience", paramLabel = "URL",
            description = "A private_key_jwt assertion's aud: this endpoint's public URL at the gateway"
                    + " (PSD2_PUBLIC_BASE_URL + the path). Default: the base URL + the path.")
    String audience;

    ObCertificateCommand(Context context) {
        super(context);
    }

    @Override
    public Integer call() {
        Credentials credentials = context.home().requireCredentials();
        OpenBankingClient client = context.home().client().orElseThrow(() -> new CliException(
                "no open-banking client yet in " + context.home().dir() + ": run bin/tpp ob register"));
        if (!client.organizationIdentifier().equals(credentials.organizationIdentifier())) {
            throw new CliException("the client " + client.clientId() + " belongs to " + client.organizationIdentifier()
                    + ", the current certificate to " + credentials.organizationIdentifier()
                    + ": run bin/tpp ob register for this one");
        }
        ObjectNode body = JSON.createObjectNode();
        ObjectNode certificate = body.putObject("data").putObject("certificate");
        certificate.put("pem", RequestSigner.pem(credentials.certificate()));
        certificate.put("name", name == null || name.isBlank() ? credentials.certificateLabel() : name.strip());
        certificate.put("type", "qseal");

        List<RequestBuilder.Header> headers;
        if (OpenBankingClient.PRIVATE_KEY_JWT.equals(client.authMethod())) {
            String aud = audience == null || audience.isBlank()
                    ? RequestBuilder.target(connection.baseUrl(context), PATH).toString() : audience.strip();
            OpenBankingJwts.assertionFields(OpenBankingJwts.clientAssertion(credentials, client.clientId(), aud,
                    Instant.now())).forEach(body::put);
            headers = List.of();
        } else {
            String secret = client.clientSecret().orElseThrow(() -> new CliException(context.home().clientFile()
                    + " holds no client_secret for " + client.clientId() + ": run bin/tpp ob register again"));
            String basic = Base64.getEncoder().encodeToString(
                    (client.clientId() + ":" + secret).getBytes(StandardCharsets.UTF_8));
            headers = List.of(new RequestBuilder.Header("Authorization", "Basic " + basic));
        }
        SignedCall call = signedCall();
        return call.exchange("POST", PATH, headers, body.toString().getBytes(StandardCharsets.UTF_8), null, false)
                .isError() ? 1 : 0;
    }
}
