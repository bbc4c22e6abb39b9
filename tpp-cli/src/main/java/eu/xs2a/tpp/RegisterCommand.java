package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.xs2a.tpp.http.GatewayClient;
import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.state.Credentials;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/tpp register}: the Berlin Group TPP registration, signed with the current certificate. */
@Command(name = "register",
        description = {
                "Registers the TPP of the current certificate (POST /api/berlingroup/v1/tpp/register, signed):"
                        + " company, representative and certificate, with defaults taken from the certificate."
                        + " A confirmation letter goes to the representative's e-mail address.",
                "When the organisation is registered already (GET /api/berlingroup/v1/tpp answers 200), the"
                        + " current certificate is added instead (POST /api/berlingroup/v1/tpp/certificates), so running"
                        + " it again after a new bin/tpp cert for the same organisation is safe.",
                "Exit code 1 when the gateway answers HTTP >= 400."},
        footer = {"", "Examples:", "  bin/tpp register",
                "  bin/tpp register --name \"Example TPP GmbH\" --email api@tpp.example \\",
                "      --representative \"Erika Muster\""},
        mixinStandardHelpOptions = true)
class RegisterCommand extends GatewayCommand {

    static final String TPP_PATH = "/api/berlingroup/v1/tpp";
    static final String PATH = TPP_PATH + "/register";
    static final String CERTIFICATES_PATH = TPP_PATH + "/certificates";
    static final String DEFAULT_EMAIL = "developer@tpp.example";
    static final String DEFAULT_REPRESENTATIVE = "Sandbox Developer";

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--name", paramLabel = "NAME", description = "Company name. Default: the certificate's organisation.")
    String name;

    @Option(names = "--email", paramLabel = "EMAIL", description = "Company e-mail. Default: " + DEFAULT_EMAIL + ".")
    String email;

    @Option(names = "--address", paramLabel = "TEXT", description = "Company street address.")
    String address;

    @Option(names = "--phone", paramLabel = "NUMBER", description = "Company phone number.")
    String phone;

    @Option(names = "--zip", paramLabel = "CODE", description = "Company zip code.")
    String zip;

    @Option(names = "--city", paramLabel = "CITY", description = "Company city.")
    String city;

    @Option(names = "--representative", paramLabel = "NAME",
            description = "The representative's name. Default: " + DEFAULT_REPRESENTATIVE + ".")
    String representative;

    @Option(names = "--representative-email", paramLabel = "EMAIL",
            description = "Where the confirmation letter goes. Default: the company e-mail.")
    String representativeEmail;

    @Option(names = "--certificate-name", paramLabel = "NAME",
            description = "A name for the certificate in the registration. Default: sandbox-qseal-<serial>.")
    String certificateName;

    @Option(names = "--psu-ip", paramLabel = "IP", description = "Sends PSU-IP-Address (optional here).")
    String psuIp;

    RegisterCommand(Context context) {
        super(context);
    }

    @Override
    public Integer call() {
        Credentials credentials = context.home().requireCredentials();
        ObjectNode registration = body(credentials);
        SignedCall call = signedCall();
        if (alreadyRegistered(credentials)) {
            context.err().println("The organisation " + credentials.organizationIdentifier() + " is registered already;"
                    + " adding the current certificate to it (POST " + CERTIFICATES_PATH + ").");
            context.err().flush();
            ObjectNode add = JSON.createObjectNode();
            add.set("certificate", registration.get("certificate"));
            return call.run("POST", CERTIFICATES_PATH, List.<RequestBuilder.Header>of(),
                    add.toString().getBytes(StandardCharsets.UTF_8), psuIp, true, Map.of());
        }
        return call.run("POST", PATH, List.<RequestBuilder.Header>of(),
                registration.toString().getBytes(StandardCharsets.UTF_8), psuIp, true, Map.of());
    }

    /** A signed GET of the TPP's own registration: 200 means registered (anything else: try to register). */
    private boolean alreadyRegistered(Credentials credentials) {
        var probe = RequestBuilder.build(credentials.signer(), "GET",
                RequestBuilder.target(connection.baseUrl(context), TPP_PATH), List.of(), new byte[0], null);
        return new GatewayClient(connection.timeout()).send(probe).status() == 200;
    }

    /** The registration body: given values, else defaults from the certificate. */
    ObjectNode body(Credentials credentials) {
        String companyEmail = or(email, DEFAULT_EMAIL);
        ObjectNode body = JSON.createObjectNode();
        ObjectNode company = body.putObject("company");
        company.put("name", or(name, credentials.organisationName().isBlank()
                ? credentials.organizationIdentifier() : credentials.organisationName()));
        company.put("email", companyEmail);
        putIfGiven(company, "address", address);
        putIfGiven(company, "phone_number", phone);
        putIfGiven(company, "zip_code", zip);
        putIfGiven(company, "city", city);
        ObjectNode person = body.putObject("representative");
        person.put("name", or(representative, DEFAULT_REPRESENTATIVE));
        person.put("email", or(representativeEmail, companyEmail));
        ObjectNode certificate = body.putObject("certificate");
        certificate.put("name", or(certificateName, credentials.certificateLabel()));
        certificate.put("type", "qseal");
        return body;
    }

    private static String or(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.strip();
    }

    private static void putIfGiven(ObjectNode node, String field, String value) {
        if (value != null && !value.isBlank()) {
            node.put(field, value.strip());
        }
    }
}
