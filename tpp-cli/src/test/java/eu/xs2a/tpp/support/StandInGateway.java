package eu.xs2a.tpp.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.core.RequestHeaders;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.bouncycastle.pkcs.PKCSException;

/**
 * A real HTTP server standing in for the gateway behind the ingress: the sandbox certificate endpoint (issuing
 * QSEALs from a test CA made at test time) and, for every other path, xs2a-test-support's real verifier in front of
 * a canned answer. Records every request as received.
 */
public final class StandInGateway implements AutoCloseable {

    /** A request as the server received it. */
    public record Received(String method, String target, Map<String, String> headers, byte[] body,
                           VerifiedRequest verified) {
        public String header(String name) {
            return headers.get(name);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** What to answer. */
    public record Answer(int status, Map<String, String> headers, String body) {
        public static Answer json(int status, String body) {
            return new Answer(status, Map.of("Content-Type", "application/json"), body);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final TestPki ca = TestPki.create("Stand-in Sandbox CA");
    private final RequestVerifier verifier = new RequestVerifier(VerifierSettings.of(List.of(ca.caCertificate())));
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Function<Received, Answer>> routes = new LinkedHashMap<>();
    private volatile boolean sandbox = true;
    private volatile boolean certifyOtherKeys;

    public StandInGateway() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public TestPki ca() {
        return ca;
    }

    /** Answers signed requests to paths starting with {@code prefix} (checked in the order added). */
    public StandInGateway route(String prefix, Function<Received, Answer> answer) {
        routes.put(prefix, answer);
        return this;
    }

    /** A live deployment: the sandbox certificate endpoint answers 404. */
    public StandInGateway live() {
        sandbox = false;
        return this;
    }

    /** A faulty sandbox: it certifies a key of its own, not the certificate request's. */
    public StandInGateway certifyingOtherKeys() {
        certifyOtherKeys = true;
        return this;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    public Received last() {
        return received.get(received.size() - 1);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String target = exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
            byte[] body = exchange.getRequestBody().readAllBytes();
            Answer answer;
            if (target.equals("/api/sandbox/v1/certificates")) {
                received.add(new Received(method, target, headers, body, null));
                answer = sandbox ? issue(method, target, headers, body) : Answer.json(404, error("NotFound"));
            } else {
                VerifiedRequest verified;
                try {
                    verified = verifier.verify(method, target, RequestHeaders.of(headers), body);
                } catch (Psd2Exception e) {
                    received.add(new Received(method, target, headers, body, null));
                    send(exchange, Answer.json(e.errorClass().status(),
                            JSON.writeValueAsString(ErrorBody.of(e))));
                    return;
                }
                Received request = new Received(method, target, headers, body, verified);
                received.add(request);
                answer = routes.entrySet().stream().filter(r -> target.startsWith(r.getKey())).findFirst()
                        .map(r -> r.getValue().apply(request))
                        .orElseGet(() -> Answer.json(404, error("ResourceUnknown")));
            }
            send(exchange, answer);
        }
    }

    /**
     * As the sandbox self-service: no organizationIdentifier mints a new organisation; a named one only on a request
     * signed by a valid certificate of it, else AccessDenied 403; a csr's key is certified and no privateKey answered.
     */
    private Answer issue(String method, String target, Map<String, String> headers, byte[] body) throws IOException {
        var request = JSON.readTree(body);
        String orgId;
        if (request.hasNonNull("organizationIdentifier")) {
            orgId = request.path("organizationIdentifier").asText();
            String signer;
            try {
                signer = verifier.verify(method, target, RequestHeaders.of(headers), body).identity().tppId();
            } catch (Psd2Exception e) {
                signer = null;
            }
            if (!orgId.equals(signer)) {
                return Answer.json(403, JSON.writeValueAsString(ErrorBody.of(new Psd2Exception(
                        ErrorClass.ORGANISATION_NOT_PROVEN, "not signed by a seal of " + orgId))));
            }
        } else {
            orgId = "PSDXX-SANDBOX-" + String.format(java.util.Locale.ROOT, "%012d",
                    java.util.concurrent.ThreadLocalRandom.current().nextLong(1_000_000_000_000L));
        }
        List<Role> roles = new ArrayList<>();
        request.path("roles").forEach(r -> roles.add(Role.valueOf(r.asText())));
        TestPki.TppBuilder builder = ca.tppBuilder().organizationIdentifier(orgId)
                .name(request.path("organisationName").asText()).roles(roles);
        if (request.hasNonNull("csr") && !certifyOtherKeys) {
            builder.publicKey(csrKey(request.path("csr").asText()));
        }
        TestTpp tpp = builder.build();
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("organizationIdentifier", orgId);
        response.put("organisationName", request.path("organisationName").asText());
        response.put("roles", roles.stream().map(Enum::name).toList());
        response.put("serial", tpp.certificate().getSerialNumber().toString(16).toUpperCase());
        response.put("notAfter", tpp.certificate().getNotAfter().toInstant().toString());
        response.put("certificate", tpp.certificatePem());
        if (tpp.privateKey() != null) {
            response.put("privateKey", Pem.pkcs8(tpp.privateKey()));
        }
        response.put("caCertificate", RequestSigner.pem(ca.caCertificate()));
        return Answer.json(200, JSON.writeValueAsString(response));
    }

    private static String error(String text) {
        return "{\"error_text\":\"" + text + "\"}";
    }

    /** The key of a certificate request, once its signature verifies with it (as the sandbox checks). */
    private static PublicKey csrKey(String pem) throws IOException {
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            PKCS10CertificationRequest request = (PKCS10CertificationRequest) parser.readObject();
            PublicKey key = new JcaPEMKeyConverter().getPublicKey(request.getSubjectPublicKeyInfo());
            if (!request.isSignatureValid(new JcaContentVerifierProviderBuilder().build(key))) {
                throw new IOException("the certificate request's signature does not verify");
            }
            return key;
        } catch (OperatorCreationException | PKCSException e) {
            throw new IOException(e);
        }
    }

    private static void send(HttpExchange exchange, Answer answer) throws IOException {
        answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        byte[] bytes = answer.body() == null ? new byte[0] : answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
