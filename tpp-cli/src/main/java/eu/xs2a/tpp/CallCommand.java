package eu.xs2a.tpp;

import eu.xs2a.tpp.http.FormBody;
import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.json.JsonPath;
import eu.xs2a.tpp.state.Placeholders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/tpp call}: one signed Berlin Group request, like curl. */
@Command(name = "call",
        description = {
                "Signs a request with the current certificate (Digest, X-Request-ID, Date, Signature,"
                        + " TPP-Signature-Certificate; PSU-ID and TPP-Redirect-URI signed when sent) and sends it;"
                        + " prints the status, the headers and the body (JSON pretty-printed, XML indented).",
                "{name} in PATH or in a header value is replaced by a value saved with --save (bin/tpp show lists"
                        + " them). A header given with --header wins over the computed one (e.g. to try a wrong"
                        + " Digest). The body is sent byte for byte as read.",
                "Exit code 1 when the gateway answers HTTP >= 400 (the answer is printed all the same)."},
        footer = {"", "Examples:",
                "  bin/tpp call POST /sandbox/api/berlingroup/v1/consents \\",
                "      --body tpp-cli/examples/ais-consent.json \\",
                "      --header TPP-Redirect-Preferred:true \\",
                "      --header TPP-Redirect-URI:https://tpp.example/cb \\",
                "      --save consentId=.consentId",
                "  bin/tpp call GET /sandbox/api/berlingroup/v1/consents/{consentId}/status",
                "  bin/tpp call GET /sandbox/api/berlingroup/v1/accounts \\",
                "      --header Consent-ID:{consentId} --save accountId=.accounts.0.resourceId",
                "  bin/tpp call POST /sandbox/api/berlingroup/v1/accounts/refresh \\",
                "      --data '{\"initiatedByCustomer\":true}' --header Consent-ID:{consentId}",
                "  bin/tpp call POST /sandbox/api/berlingroup/v1/payments/sepa-credit-transfers --psu-ip 192.0.2.1 \\",
                "      --body payment.json --request-id 3f0c2a4e-9d1b-4c6f-8a57-2b1e0d9c7f31   (a retry after a lost answer)"},
        mixinStandardHelpOptions = true)
class CallCommand extends GatewayCommand {

    private static final Pattern SAVE_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");
    private static final Pattern FORM_NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    @Parameters(index = "0", paramLabel = "METHOD", description = "GET, POST, PUT, DELETE, ...")
    String method;

    @Parameters(index = "1", paramLabel = "PATH",
            description = "The path on the gateway (e.g. /sandbox/api/berlingroup/v1/consents), with its query"
                    + " string; or a full http(s) URL.")
    String path;

    @ArgGroup(exclusive = true)
    BodySource body;

    static class BodySource {
        @Option(names = "--body", paramLabel = "FILE", description = "The body from a file, or - for stdin.")
        String file;

        @Option(names = {"-d", "--data"}, paramLabel = "TEXT", description = "The body as text on the command line.")
        String data;
    }

    @Option(names = "--form", paramLabel = "NAME=@FILE|NAME=TEXT",
            description = "A part of a multipart/form-data body (repeatable, instead of --body/--data), e.g. the"
                    + " periodic payment of a pain.001 product: NAME=@FILE (a file, or @- for stdin; a .xml file sent"
                    + " as application/xml, a .json one as application/json) or NAME=TEXT. Sets the Content-Type with its"
                    + " boundary.")
    List<String> form = new ArrayList<>();

    @Option(names = {"-H", "--header"}, paramLabel = "NAME:VALUE",
            description = "A request header (repeatable), e.g. Consent-ID:{consentId} or PSU-ID:psu1.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--psu-ip", paramLabel = "IP",
            description = "Sends PSU-IP-Address (the PSU is present: the call does not count against frequencyPerDay;"
                    + " required when creating a payment).")
    String psuIp;

    @Option(names = "--save", paramLabel = "NAME=.PATH",
            description = "After a successful answer, save a field of its JSON body as {NAME} for later commands"
                    + " (repeatable), e.g. consentId=.consentId or accountId=.accounts[0].resourceId.")
    List<String> saves = new ArrayList<>();

    @Option(names = "--request-id", paramLabel = "ID",
            description = "The X-Request-ID to send (a UUID; default: a new one). To retry a request whose answer"
                    + " was lost (502/503/504, or none), send it again with its id and the same body: the gateway"
                    + " answers with its one outcome instead of carrying it out twice.")
    String requestId;

    @Option(names = "--no-sign", description = "Send without the signing headers, with an X-Request-ID"
            + " (to see the gateway refuse it: CERTIFICATE_MISSING).")
    boolean noSign;

    CallCommand(Context context) {
        super(context);
    }

    @Override
    public Integer call() {
        Map<String, String> saved = context.home().savedValues();
        String target = Placeholders.expand(path, saved, "the path");
        List<RequestBuilder.Header> parsed = new ArrayList<>();
        for (String header : headers) {
            RequestBuilder.Header h = parseHeader(header);
            parsed.add(new RequestBuilder.Header(h.name(),
                    Placeholders.expand(h.value(), saved, "the header " + h.name())));
        }
        if (requestId != null) {
            if (parsed.stream().anyMatch(h -> h.name().equalsIgnoreCase("X-Request-ID"))) {
                throw new CliException("--request-id and --header X-Request-ID: give the id once", 2, null);
            }
            parsed.add(new RequestBuilder.Header("X-Request-ID", requestId));
        }
        if (!form.isEmpty() && body != null) {
            throw new CliException("--form and --body/--data: give the body one way", 2, null);
        }
        byte[] bytes = readBody();
        if (!form.isEmpty()) {
            if (parsed.stream().anyMatch(h -> h.name().equalsIgnoreCase("Content-Type"))) {
                throw new CliException("--form sets the Content-Type (with its boundary): leave --header"
                        + " Content-Type out", 2, null);
            }
            FormBody formBody = FormBody.of(form.stream().map(this::part).toList());
            parsed.add(new RequestBuilder.Header("Content-Type", formBody.contentType()));
            bytes = formBody.bytes();
        }
        return signedCall()
                .run(method, target, parsed, bytes, psuIp, !noSign, parseSaves(saves));
    }

    /** A {@code --form} argument: {@code NAME=@FILE} (- for stdin) or {@code NAME=TEXT}. */
    private FormBody.Part part(String argument) {
        int eq = argument.indexOf('=');
        String name = eq < 0 ? "" : argument.substring(0, eq);
        if (!FORM_NAME.matcher(name).matches()) {
            throw new CliException("--form '" + argument + "' must be written NAME=@FILE or NAME=TEXT (NAME: letters,"
                    + " digits, _, . and -)", 2, null);
        }
        String value = argument.substring(eq + 1);
        if (!value.startsWith("@")) {
            return new FormBody.Part(name, null, value.getBytes(StandardCharsets.UTF_8));
        }
        String file = value.substring(1);
        String lower = file.toLowerCase(Locale.ROOT);
        String type = lower.endsWith(".xml") ? "application/xml" : lower.endsWith(".json") ? "application/json" : null;
        return new FormBody.Part(name, type, read(file, "--form " + name));
    }

    private byte[] readBody() {
        if (body == null) {
            return new byte[0];
        }
        if (body.data != null) {
            return body.data.getBytes(StandardCharsets.UTF_8);
        }
        return read(body.file, "--body " + body.file);
    }

    static RequestBuilder.Header parseHeader(String argument) {
        try {
            return RequestBuilder.Header.parse(argument);
        } catch (IllegalArgumentException e) {
            throw new CliException("--header: " + e.getMessage(), 2, e);
        }
    }

    /** {@code name=.path} arguments, in order; a name given twice keeps the last path. */
    static Map<String, JsonPath> parseSaves(List<String> arguments) {
        Map<String, JsonPath> saves = new LinkedHashMap<>();
        for (String argument : arguments) {
            int eq = argument.indexOf('=');
            String name = eq < 0 ? "" : argument.substring(0, eq).strip();
            if (!SAVE_NAME.matcher(name).matches()) {
                throw new CliException("--save '" + argument + "' must be written NAME=.path, e.g. consentId=.consentId"
                        + " (NAME: letters, digits, _ and -)", 2, null);
            }
            try {
                saves.put(name, JsonPath.parse(argument.substring(eq + 1)));
            } catch (IllegalArgumentException e) {
                throw new CliException("--save " + argument + ": " + e.getMessage(), 2, e);
            }
        }
        return saves;
    }

    /** The bytes of {@code file}, or of stdin for {@code -}; {@code option} names the argument in an error. */
    private static byte[] read(String file, String option) {
        if (file.equals("-")) {
            try (InputStream in = System.in) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new CliException("cannot read " + option + " from stdin: " + e.getMessage(), e);
            }
        }
        try {
            return Files.readAllBytes(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new CliException(option + ": no such file (relative paths start at "
                    + Path.of("").toAbsolutePath() + ")", 2, e);
        } catch (IOException e) {
            throw new CliException(option + ": cannot read it: " + e.getMessage(), e);
        }
    }
}
