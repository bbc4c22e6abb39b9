package eu.xs2a.tpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.xs2a.tpp.http.GatewayResponse;
import eu.xs2a.tpp.http.RequestBuilder;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code bin/tpp sca --embedded} and {@code --decoupled}: the TPP's side of an embedded or decoupled authorisation of a
 * consent, payment or cancellation (docs/ARCHITECTURE.md "SCA approaches"), through signed calls. Embedded: the PSU's
 * password (with PSU-ID), the method when the PSU has several, the one-time code, each a {@code PUT} on the
 * authorisation, each answer shown. Decoupled: the authorisation is read once a second until it is finalised or
 * failed (the PSU approves in the bank's app).
 */
final class ApiScaWalk {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofSeconds(1);

    private final SignedCall call;
    private final PrintWriter out;

    ApiScaWalk(SignedCall call, PrintWriter out) {
        this.call = call;
        this.out = out;
    }

    /**
     * @param psuIp the PSU's IP address, sent as PSU-IP-Address with every step; null sends none
     * @return 0 when the authorisation is finalised, 1 otherwise
     */
    int embedded(String authorisation, String psu, String password, String method, String otp, String psuIp) {
        List<RequestBuilder.Header> everyStep = psuIp == null || psuIp.isBlank() ? List.of()
                : List.of(new RequestBuilder.Header("PSU-IP-Address", psuIp.strip()));
        ObjectNode psuData = JSON.createObjectNode();
        psuData.putObject("psuData").put("password", password);
        step("Password of " + psu);
        List<RequestBuilder.Header> withPsu = new ArrayList<>(everyStep);
        withPsu.add(new RequestBuilder.Header("PSU-ID", psu));
        Optional<JsonNode> answer = put(authorisation, withPsu, psuData);
        if (answer.isPresent() && "psuAuthenticated".equals(answer.get().path("scaStatus").asText())) {
            String chosen = method != null ? method : answer.get().path("scaMethods").path(0)
                    .path("authenticationMethodId").asText(null);
            if (chosen == null) {
                throw new CliException("the PSU has several SCA methods but the answer names none: give --method");
            }
            step("SCA method " + chosen + (method == null ? " (the first offered; --method chooses another)" : ""));
            answer = put(authorisation, everyStep, JSON.createObjectNode().put("authenticationMethodId", chosen));
        }
        if (answer.isPresent() && "scaMethodSelected".equals(answer.get().path("scaStatus").asText())) {
            step("One-time code");
            answer = put(authorisation, everyStep, JSON.createObjectNode().put("scaAuthenticationData", otp));
        }
        return ended(answer.map(a -> a.path("scaStatus").asText()).orElse(null));
    }

    /** @return 0 when the authorisation is finalised, 1 when it failed */
    int decoupled(String authorisation, Duration patience) {
        step("Waiting for the PSU's approval in the bank's app (polling " + authorisation + ")");
        Instant giveUpAt = Instant.now().plus(patience);
        while (true) {
            GatewayResponse response = call.exchange("GET", authorisation, List.of(), null, null, true);
            if (response.isError()) {
                throw new CliException("the gateway answered HTTP " + response.status() + " to the status read");
            }
            String status = response.json().map(a -> a.path("scaStatus").asText()).orElse(null);
            if ("finalised".equals(status) || "failed".equals(status)) {
                return ended(status);
            }
            if (Instant.now().isAfter(giveUpAt)) {
                throw new CliException("the authorisation is still " + status + " after " + patience.toSeconds()
                        + " s; read it again later: bin/tpp call GET " + authorisation);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException("interrupted while waiting for the PSU's approval");
            }
        }
    }

    private Optional<JsonNode> put(String authorisation, List<RequestBuilder.Header> headers, ObjectNode body) {
        GatewayResponse response = call.exchange("PUT", authorisation, headers,
                body.toString().getBytes(StandardCharsets.UTF_8), null, true);
        return response.isError() ? Optional.empty() : response.json();
    }

    private int ended(String status) {
        out.println(status == null ? "Stopped: the gateway refused the step (its answer is above)."
                : "Done: the authorisation is " + status + ".");
        out.flush();
        return "finalised".equals(status) ? 0 : 1;
    }

    private void step(String what) {
        out.println("== " + what);
        out.flush();
    }
}
