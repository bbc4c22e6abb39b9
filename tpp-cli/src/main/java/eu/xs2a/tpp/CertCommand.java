package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.client.SealKeys;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.TppHome;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/tpp cert}: a new key pair made here and a sandbox QSEAL for it from registration-service's sandbox
 * self-service, asked for with a certificate request, so that the private key never crosses the wire.
 */
@Command(name = "cert",
        description = {
                "Makes a new RSA-2048 key pair and gets a sandbox QSEAL certificate for it from the sandbox"
                        + " self-service (POST /api/sandbox/v1/certificates with a certificate request, sandbox"
                        + " deployments only; the private key never leaves this machine), and makes it the current"
                        + " certificate that call and register sign with.",
                "Without --org-id the organizationIdentifier of the current certificate is kept when --org is the"
                        + " same (a renewed certificate keeps the TPP's consents), else the sandbox mints a new"
                        + " organisation. A certificate for a named organisation (a renewal, more roles) is issued only"
                        + " on a request signed with a current certificate of it: the current one is used."},
        footer = {"", "Example:", "  bin/tpp cert --roles PSP_AI,PSP_PI --org \"Example TPP\""},
        mixinStandardHelpOptions = true)
class CertCommand implements Callable<Integer> {

    static final String PATH = "/api/sandbox/v1/certificates";
    /** ETSI TS 119 495's form, as the sandbox self-service wants it: PSD + country, authority, id. */
    private static final Pattern ORG_ID = Pattern.compile("PSD[A-Z]{2}-[A-Z0-9]{1,8}-[A-Za-z0-9-]{1,120}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Context context;

    @Option(names = "--roles", required = true, split = ",", paramLabel = "ROLE",
            description = "PSD2 roles in the certificate, comma-separated: PSP_AI (account information), PSP_PI"
                    + " (payments), PSP_IC (card-based funds confirmation), PSP_AS.")
    List<String> roles = new ArrayList<>();

    @Option(names = "--org", required = true, paramLabel = "NAME", description = "The organisation name.")
    String organisationName;

    @Option(names = "--org-id", paramLabel = "ID",
            description = "The organizationIdentifier, the gateway's TPP id (e.g. PSDDE-BAFIN-123456): only one"
                    + " whose certificate is the current one, which signs the request. Default: see above.")
    String organizationIdentifier;

    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    CertCommand(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        List<String> roleNames = validRoles(roles);
        String name = organisationName.strip();
        if (name.isEmpty()) {
            throw new CliException("--org must not be empty", 2, null);
        }
        TppHome home = context.home();
        Optional<Credentials> current = home.credentials();
        // null: the sandbox mints a new organisation; else a renewal, signed with the current certificate when it is
        // that organisation's (the sandbox refuses a named organisation on any other request)
        String orgId = organizationIdentifier(current, name);
        RequestSigner signer = orgId != null && current.isPresent()
                && current.get().organizationIdentifier().equals(orgId) ? current.get().signer() : null;

        KeyPair keys = SealKeys.newRsa();
        ObjectNode request = JSON.createObjectNode();
        request.put("organisationName", name);
        if (orgId != null) {
            request.put("organizationIdentifier", orgId);
        }
        request.putArray("roles").addAll(roleNames.stream().map(JSON.getNodeFactory()::textNode).toList());
        request.put("csr", Pem.certificationRequest(keys, name));
        Optional<JsonNode> answer = new SandboxSelfService(context, connection)
                .post(PATH, request, "test certificates", signer);
        if (answer.isEmpty()) {
            if (orgId != null && signer == null) {
                context.err().println("The sandbox issues a certificate for " + orgId + " only on a request signed"
                        + " with a current certificate of it, and the current certificate is not one; leave out"
                        + " --org-id for a new organisation.");
            }
            return 1;
        }
        JsonNode issued = answer.get();
        String certificatePem = text(issued, "certificate");
        if (!Arrays.equals(keys.getPublic().getEncoded(), certificate(certificatePem).getPublicKey().getEncoded())) {
            throw new CliException("the sandbox's certificate is not for the key this command made and sent; nothing"
                    + " is stored");
        }
        String keyPem = Pem.pkcs8(keys.getPrivate());
        String issuedOrgId = text(issued, "organizationIdentifier");
        String issuedName = optionalText(issued, "organisationName").orElse(name);
        List<String> issuedRoles = new ArrayList<>();
        issued.path("roles").forEach(role -> issuedRoles.add(role.asText()));
        if (issuedRoles.isEmpty()) {
            issuedRoles.addAll(roleNames);
        }
        boolean sameTpp = current.map(c -> c.organizationIdentifier().equals(issuedOrgId)).orElse(false);
        home.storeCertificate(certificatePem, keyPem, optionalText(issued, "caCertificate").orElse(null),
                issuedOrgId, issuedName, issuedRoles);
        if (!sameTpp) {
            // ids saved under another TPP would only give ConsentUnknown now
            home.clearSavedValues();
        }

        var out = context.out();
        out.println("Sandbox QSEAL issued and stored in " + home.dir());
        out.println("  organisation    " + issuedName + " (" + issuedOrgId + ")");
        out.println("  roles           " + String.join(", ", issuedRoles));
        optionalText(issued, "serial").ifPresent(serial -> out.println("  serial          " + serial));
        optionalText(issued, "notAfter").ifPresent(notAfter -> out.println("  valid until     " + notAfter));
        out.println("  files           " + TppHome.describeFiles());
        out.println();
        out.println("Next: bin/tpp register   (Berlin Group TPP registration, signed with this certificate)");
        out.println("      bin/tpp call GET /sandbox/api/berlingroup/v1/aspsps/product_templates");
        out.flush();
        return 0;
    }

    private String organizationIdentifier(Optional<Credentials> current, String name) {
        if (organizationIdentifier != null && !organizationIdentifier.isBlank()) {
            String given = organizationIdentifier.strip();
            if (!ORG_ID.matcher(given).matches()) {
                throw new CliException("--org-id '" + given + "' should look like PSDDE-BAFIN-123456"
                        + " (PSD, a country code, the authority and the id, joined by dashes)", 2, null);
            }
            return given;
        }
        if (current.isPresent() && current.get().organisationName().equals(name)
                && !current.get().organizationIdentifier().isBlank()) {
            context.err().println("Keeping organizationIdentifier " + current.get().organizationIdentifier()
                    + " of the current certificate (give --org-id for another one).");
            return current.get().organizationIdentifier();
        }
        return null;
    }

    /** The roles as Role names, upper-case, without duplicates; an unknown one is a usage error. */
    static List<String> validRoles(List<String> given) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String role : given) {
            String name = role.strip().toUpperCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            try {
                names.add(Role.valueOf(name).name());
            } catch (IllegalArgumentException e) {
                throw new CliException("unknown role '" + role.strip() + "'; use " + Arrays.toString(Role.values())
                        .replaceAll("[\\[\\]]", ""), 2, null);
            }
        }
        if (names.isEmpty()) {
            throw new CliException("--roles needs at least one of PSP_AI, PSP_PI, PSP_IC, PSP_AS", 2, null);
        }
        return List.copyOf(names);
    }

    private static X509Certificate certificate(String pem) {
        try {
            return Pem.certificate(pem);
        } catch (IllegalArgumentException e) {
            throw new CliException("the sandbox's certificate is " + e.getMessage());
        }
    }

    private static String text(JsonNode node, String field) {
        return optionalText(node, field).orElseThrow(() -> new CliException(
                "the sandbox's answer has no '" + field + "': " + node));
    }

    private static Optional<String> optionalText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.asText().isBlank() ? Optional.empty() : Optional.of(value.asText());
    }
}
