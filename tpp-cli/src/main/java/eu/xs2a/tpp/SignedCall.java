package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.tpp.http.GatewayClient;
import eu.xs2a.tpp.http.GatewayResponse;
import eu.xs2a.tpp.http.OutgoingRequest;
import eu.xs2a.tpp.http.RequestBuilder;
import eu.xs2a.tpp.http.ResponsePrinter;
import eu.xs2a.tpp.json.JsonPath;
import eu.xs2a.tpp.state.Credentials;
import eu.xs2a.tpp.state.TppHome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends one request, signed unless asked otherwise, and shows the answer; shared by {@code call}, {@code register}
 * and {@code ob}. After a successful answer {@link #run} saves the values asked for with {@code --save}, and always
 * the PSU's SCA link when the answer has one ({@code _links.scaRedirect.href}, the default of {@code bin/tpp sca}) and
 * the authorisation's ({@code _links.scaStatus.href}, the default of {@code bin/tpp sca --embedded} and
 * {@code --decoupled}).
 */
final class SignedCall {

    /** The saved name of the last SCA link. */
    static final String SCA_REDIRECT = "scaRedirect";
    private static final JsonPath SCA_REDIRECT_PATH = JsonPath.parse("._links.scaRedirect.href");
    /** The saved name of the last authorisation (its scaStatus link), which an embedded or decoupled SCA walks. */
    static final String SCA_STATUS = "scaStatus";
    private static final JsonPath SCA_STATUS_PATH = JsonPath.parse("._links.scaStatus.href");

    private final Context context;
    private final ConnectionOptions connection;
    private final OutputOptions output;
    /** The X-Request-ID of the last request sent, for the hint after a lost answer. */
    private String sentRequestId;

    SignedCall(Context context, ConnectionOptions connection, OutputOptions output) {
        this.context = context;
        this.connection = connection;
        this.output = output;
    }

    /**
     * @param sign  false: send without the signing headers (to see the gateway refuse it)
     * @param saves name → where in the JSON answer
     * @return the exit code: 0, or 1 for HTTP >= 400
     */
    int run(String method, String path, List<RequestBuilder.Header> headers, byte[] body, String psuIp, boolean sign,
            Map<String, JsonPath> saves) {
        TppHome home = context.home();
        GatewayResponse response = exchange(method, path, headers, body, psuIp, sign);
        String hint = LostAnswerHint.of(method, response.status(), sentRequestId);
        if (hint != null) {
            context.err().println(hint);
        }
        if (response.isError()) {
            if (!saves.isEmpty()) {
                context.err().println("Nothing saved: the gateway answered HTTP " + response.status() + ".");
            }
            context.err().flush();
            return 1;
        }
        save(home, response, saves);
        return 0;
    }

    /** Sends the request (signed or not), shows it with -v and shows the answer as asked; nothing is saved. */
    GatewayResponse exchange(String method, String path, List<RequestBuilder.Header> headers, byte[] body, String psuIp,
                             boolean sign) {
        Credentials credentials = sign ? context.home().requireCredentials() : null;
        OutgoingRequest request = RequestBuilder.build(credentials == null ? null : credentials.signer(), method,
                RequestBuilder.target(connection.baseUrl(context), path), headers, body, psuIp);
        if (output.verbose) {
            new ResponsePrinter(context.err(), false).printRequest(request);
        }
        sentRequestId = request.header("X-Request-ID");
        GatewayResponse response;
        try {
            response = new GatewayClient(connection.timeout()).send(request);
        } catch (CliException e) {
            // no answer at all (timed out, connection lost) to a change: the same unknown outcome as the ingress's 503
            Throwable cause = e.getCause();
            boolean sentUnanswered = cause instanceof java.io.IOException && !(cause instanceof java.net.ConnectException)
                    && !(cause instanceof java.net.http.HttpConnectTimeoutException);
            String hint = sentUnanswered ? LostAnswerHint.of(method, 503, sentRequestId) : null;
            throw hint == null ? e : new CliException(e.getMessage() + "\n" + hint, e.exitCode(), e.getCause());
        }
        ResponsePrinter printer = new ResponsePrinter(context.out(), context.color());
        if (output.quiet) {
            printer.printBody(response);
        } else {
            printer.print(response);
        }
        return response;
    }

    private void save(TppHome home, GatewayResponse response, Map<String, JsonPath> saves) {
        Optional<JsonNode> json = response.json();
        Map<String, String> values = new LinkedHashMap<>();
        json.flatMap(SCA_REDIRECT_PATH::findText).ifPresent(link -> values.put(SCA_REDIRECT, link));
        json.flatMap(SCA_STATUS_PATH::findText).ifPresent(link -> values.put(SCA_STATUS, link));
        for (Map.Entry<String, JsonPath> save : saves.entrySet()) {
            String value = json.flatMap(save.getValue()::findText).orElseThrow(() -> new CliException(
                    "--save " + save.getKey() + "=" + save.getValue() + ": the answer has no such field"
                            + (json.isEmpty() ? " (it is not JSON)" : "")));
            values.put(save.getKey(), value);
        }
        home.saveValues(values);
        if (!output.quiet) {
            var err = context.err();
            saves.keySet().forEach(name -> err.println("Saved {" + name + "} = " + values.get(name)));
            if (values.containsKey(SCA_REDIRECT)) {
                err.println("The PSU's SCA link is saved: bin/tpp sca opens it (bin/tpp sca --as psu1 approves it"
                        + " without a browser).");
            }
            err.flush();
        }
    }
}
