package eu.xs2a.e2e.journeys;

import static io.restassured.RestAssured.given;

import eu.xs2a.e2e.conformance.ConformanceFilter;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.testsupport.TestKeys;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A TPP as a developer would build one: a key pair of its own and a sandbox QSEAL for it, asked for with a
 * certificate request from the registration service's sandbox endpoint through the ingress, and every Berlin Group
 * call signed with it and sent through the ingress. Every response passes the {@link ConformanceFilter}.
 */
public final class Tpp {

    static final String SANDBOX_CERTIFICATES = "/api/sandbox/v1/certificates";
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** What the ingress answers; the whole stack behind it. */
    private final String baseUrl;
    private final String organizationIdentifier;
    private final String name;
    private final X509Certificate certificate;
    private final String certificatePem;
    private final KeyPair keys;
    private final PrivateKey privateKey;
    private final RequestSigner signer;

    private Tpp(String baseUrl, String organizationIdentifier, String name, String certificatePem, KeyPair keys) {
        this.baseUrl = baseUrl;
        this.organizationIdentifier = organizationIdentifier;
        this.name = name;
        this.certificatePem = certificatePem;
        this.certificate = parseCertificate(certificatePem);
        this.keys = keys;
        this.privateKey = keys.getPrivate();
        this.signer = new RequestSigner(privateKey, certificate);
    }

    /**
     * Asks the sandbox for a QSEAL of a new organisation for a key made here (its certificate request; the private
     * key never leaves the TPP): {@code POST /api/sandbox/v1/certificates} without organizationIdentifier (not
     * signed: it is how a TPP gets its first certificate; the sandbox mints the identifier), roles e.g. {@code PSP_AI}.
     */
    public static Tpp mint(String baseUrl, String name, String... roles) {
        KeyPair keys = TestKeys.rsa();
        Response issued = given().baseUri(baseUrl).contentType("application/json")
                .body(certificateRequest(null, name, keys, roles)).post(SANDBOX_CERTIFICATES);
        return fromAnswer(baseUrl, name, issued, keys);
    }

    /**
     * Another certificate of the same organisation for the same key (e.g. a renewal or a second QSEAL with other
     * roles): the request names the organisation, so it is signed with this TPP's seal, as the sandbox requires.
     */
    public Tpp newCertificate(String... roles) {
        return fromAnswer(baseUrl, name, requestCertificate(organizationIdentifier, roles), keys);
    }

    /** This TPP's signed request for a certificate of {@code organizationIdentifier}, answered as it comes. */
    public Response requestCertificate(String organizationIdentifier, String... roles) {
        return send("POST", SANDBOX_CERTIFICATES, Map.of(),
                certificateRequest(organizationIdentifier, name, keys, roles));
    }

    /** The JSON of a certificate request for the key pair's key; {@code organizationIdentifier} null for a new one. */
    static String certificateRequest(String organizationIdentifier, String name, KeyPair keys, String... roles) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("organisationName", name);
        if (organizationIdentifier != null) {
            request.put("organizationIdentifier", organizationIdentifier);
        }
        request.put("roles", List.of(roles));
        request.put("csr", Pem.certificationRequest(keys, name));
        try {
            return JSON.writeValueAsString(request);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Tpp fromAnswer(String baseUrl, String name, Response issued, KeyPair keys) {
        if (issued.statusCode() != 200) {
            throw new AssertionError("The sandbox issued no certificate: " + issued.statusCode() + " " + issued.asString());
        }
        if (issued.jsonPath().get("privateKey") != null) {
            throw new AssertionError("The sandbox answered a private key to a certificate request: "
                    + issued.asString());
        }
        return new Tpp(baseUrl, issued.jsonPath().getString("organizationIdentifier"), name,
                issued.jsonPath().getString("certificate"), keys);
    }

    public String organizationIdentifier() {
        return organizationIdentifier;
    }

    public String name() {
        return name;
    }

    public X509Certificate certificate() {
        return certificate;
    }

    public String certificatePem() {
        return certificatePem;
    }

    public PrivateKey privateKey() {
        return privateKey;
    }

    public String serialHex() {
        return certificate.getSerialNumber().toString(16).toUpperCase();
    }

    public Response get(String path) {
        return send("GET", path, Map.of(), null);
    }

    public Response get(String path, Map<String, String> headers) {
        return send("GET", path, headers, null);
    }

    public Response post(String path, Map<String, String> headers, String json) {
        return send("POST", path, headers, json);
    }

    public Response delete(String path, Map<String, String> headers) {
        return send("DELETE", path, headers, null);
    }

    /**
     * One signed request through the ingress: X-Request-ID, Date, Digest, Signature and TPP-Signature-Certificate
     * from the QSEAL, the given headers (PSU-ID, TPP-Redirect-URI… signed where required), and exactly the signed
     * body bytes. Redirects are not followed.
     */
    public Response send(String method, String path, Map<String, String> headers, String json) {
        return send(method, path, headers, json, json);
    }

    /**
     * Signs {@code signedJson} but sends {@code sentJson}: what a body changed on the way looks like to the
     * gateway.
     */
    public Response send(String method, String path, Map<String, String> headers, String signedJson, String sentJson) {
        return send(method, path, headers, signedJson, sentJson, UUID.randomUUID().toString());
    }

    /**
     * One signed request with the given X-Request-ID: a TPP's retry of a request whose answer it did not get, which
     * must carry the first one's id and body (docs/ARCHITECTURE.md "Lost answers and safe retries").
     */
    public Response sendAs(String requestId, String method, String path, Map<String, String> headers, String json) {
        return send(method, path, headers, json, json, requestId);
    }

    private Response send(String method, String path, Map<String, String> headers, String signedJson, String sentJson,
                          String requestId) {
        byte[] signedBody = signedJson == null ? new byte[0] : signedJson.getBytes(StandardCharsets.UTF_8);
        byte[] body = sentJson == null ? new byte[0] : sentJson.getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = signer.sign(method, path, headers, signedBody, requestId);
        RequestSpecification request = given().baseUri(baseUrl)
                .config(RestAssuredConfig.config().encoderConfig(
                        EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                .urlEncodingEnabled(false)
                .redirects().follow(false)
                .filter(ConformanceFilter.INSTANCE)
                .headers(signed);
        if (sentJson != null) {
            // the caller's Content-Type (a pain.001 document is XML), else JSON
            String contentType = headers.entrySet().stream()
                    .filter(h -> h.getKey().equalsIgnoreCase("Content-Type")).map(Map.Entry::getValue)
                    .findFirst().orElse("application/json");
            request.contentType(contentType).body(body);
        }
        return request.request(method, path);
    }

    private static X509Certificate parseCertificate(String pem) {
        try {
            return Pem.certificate(pem);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("The sandbox certificate is " + e.getMessage(), e);
        }
    }
}
