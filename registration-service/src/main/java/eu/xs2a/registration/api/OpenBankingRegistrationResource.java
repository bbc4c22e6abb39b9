package eu.xs2a.registration.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.JsonBodyError;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.json.StrictJson;
import eu.xs2a.registration.api.OpenBankingDtos.CertificateAddedResponse;
import eu.xs2a.registration.api.OpenBankingDtos.ClientResponse;
import eu.xs2a.registration.domain.ClientAssertions;
import eu.xs2a.registration.domain.ClientCertificateService;
import eu.xs2a.registration.domain.ClientCertificateService.CertificateToAdd;
import eu.xs2a.registration.domain.ClientRegistrationService;
import eu.xs2a.registration.domain.TextLimits;
import eu.xs2a.registration.domain.TppRegistrationService;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Open-banking dynamic client registration (a signed JWT in the body, not an HTTP-signed request) and certificate
 * addition (HTTP Basic with the client's credentials, or a private_key_jwt client's assertion). Bodies are read raw so
 * that every content type and every malformed body gets the interface's error class rather than a framework 415/400.
 */
@Tag(name = "Open-banking registration", description = "Dynamic client registration with a signed JWT (not HTTP-signed)")
@SecurityScheme(securitySchemeName = "clientCredentials", type = SecuritySchemeType.HTTP, scheme = "basic",
        description = "client_id and client_secret of the registered client")
@Path("/api/open-banking/v3.1/tpp")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class OpenBankingRegistrationResource {

    static final String APPLICATION_JWT = "application/jwt";

    @Inject ClientRegistrationService registrations;
    @Inject ClientCertificateService certificates;
    @Inject ClientAssertions assertions;
    @Inject ObjectMapper json;

    @POST
    @Path("/register")
    @Operation(summary = "Register a client (DCR)", description = "The body is a signed JWT (RS256 or PS256) whose "
            + "claims carry the software statement assertion from the directory; Content-Type application/jwt.")
    @APIResponse(responseCode = "200", description = "The created client",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ClientResponse.class)))
    @APIResponse(responseCode = "400", description = "RequestFormatInvalid: not application/jwt, not a JWT, bad claims")
    @APIResponse(responseCode = "401", description = "WrongRequiredFields or AccessDenied: claims missing, signature "
            + "or software statement not trusted")
    @APIResponse(responseCode = "404", description = "NotFound: the software statement's issuer or key is unknown")
    @APIResponse(responseCode = "406", description = "Invalid: a claim has a value the provider does not accept")
    public ClientResponse register(@Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                   @RequestBody(required = true, content = @Content(mediaType = APPLICATION_JWT,
                                           schema = @Schema(type = SchemaType.STRING,
                                                   description = "compact JWS")))
                                   byte[] body) {
        if (!APPLICATION_JWT.equalsIgnoreCase(mediaType(contentType))) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID,
                    "Content-Type must be application/jwt, not '" + (contentType == null ? "" : contentType) + "'");
        }
        return ClientResponse.of(registrations.register(new String(body, StandardCharsets.US_ASCII)));
    }

    /** Content-Type is optional here (default application/json); another one is RequestFormatInvalid. */
    @POST
    @Path("/certificates")
    @Operation(summary = "Add a certificate to a registered client",
            description = "body data.certificate{pem,name,type=qseal}; a confirmation letter is sent. A "
                    + "client_secret_basic client authenticates with HTTP Basic; a private_key_jwt client with a "
                    + "client assertion (RFC 7523) in the body's top-level client_assertion_type "
                    + "(urn:ietf:params:oauth:client-assertion-type:jwt-bearer) and client_assertion: a JWS of its "
                    + "token_endpoint_auth_signing_alg, iss = sub = client_id, aud = this endpoint's public URL, exp "
                    + "at most 5 minutes ahead, a jti used once, signed by a QSEAL of its organisation (x5c) or a "
                    + "software_jwks key (kid)")
    @SecurityRequirement(name = "clientCredentials")
    @APIResponse(responseCode = "200", description = "The certificate was added",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CertificateAddedResponse.class)))
    @APIResponse(responseCode = "400", description = "RequestFormatInvalid: the body is not JSON, a key is given "
            + "twice, a field is not a string, or holds a NUL character or half of a surrogate pair")
    @APIResponse(responseCode = "401", description = "WrongRequiredFields (data.certificate.pem, name or type missing, "
            + "too long, or type not qseal), CertificateInvalid or CertificateExpired (the pem is not a valid QSEAL of "
            + "a trusted CA) or AccessDenied (client credentials or client assertion, certificate of another "
            + "organisation)")
    public CertificateAddedResponse addCertificate(@Parameter(hidden = true)
                                                   @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                                   @Context HttpServerRequest http,
                                                   @RequestBody(required = true, content = @Content(
                                                           mediaType = MediaType.APPLICATION_JSON,
                                                           schema = @Schema(type = SchemaType.OBJECT, description = "{\"data\":{\"certificate\":{\"pem\":\"…\",\"name\":\"…\",\"type\":\"qseal\"}}}; "
                                                                   + "a private_key_jwt client adds \"client_assertion_type\" and \"client_assertion\" beside \"data\"")))
                                                   byte[] body) {
        String clientId = authenticate(authorization, body);
        requireJsonOrNothing(http.getHeader(HttpHeaders.CONTENT_TYPE));
        return CertificateAddedResponse.of(certificates.add(clientId, certificateToAdd(body)));
    }

    /**
     * The client authenticates with one method (RFC 6749 section 2.3): HTTP Basic (client_secret_basic), or a client
     * assertion (private_key_jwt, RFC 7523) in the body's top-level members {@code client_assertion_type} and
     * {@code client_assertion}, as a token request carries them in its form. Without either: AccessDenied, before
     * anything else of the request is looked at.
     */
    private String authenticate(String authorization, byte[] body) {
        Optional<JsonNode> assertion = assertionMembers(body);
        if (assertion.isEmpty()) {
            return certificates.authenticate(authorization);
        }
        if (authorization != null) {
            throw new Psd2Exception(ErrorClass.CREDENTIALS_INVALID, "Authenticate with one method: the "
                    + "Authorization header or a client_assertion, not both");
        }
        return assertions.authenticate(assertionMember(assertion.get(), "client_assertion_type"),
                assertionMember(assertion.get(), "client_assertion"));
    }

    /**
     * The body as a JSON object if it carries client assertion members; a body that is not JSON carries none (it is
     * then refused for its credentials first, and for its form only once they are good).
     */
    private Optional<JsonNode> assertionMembers(byte[] body) {
        JsonNode root;
        try {
            root = body.length == 0 ? null : json.readTree(body);
        } catch (IOException e) {
            return Optional.empty();
        }
        return root != null && root.isObject() && (root.has("client_assertion") || root.has("client_assertion_type"))
                ? Optional.of(root) : Optional.empty();
    }

    private static String assertionMember(JsonNode root, String member) {
        JsonNode value = root.get(member);
        if (value == null || value.isNull() || (value.isTextual() && value.asText().isBlank())) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS, member + " is required with a client assertion");
        }
        if (!value.isTextual()) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, member + " must be a string");
        }
        return value.asText();
    }

    /**
     * The interface: "Content-Type optional, default application/json". Absent is JSON, and so is the wildcard
     * {@code *}{@code /*}, which names no type (some HTTP clients send it for a body of no declared type); a type that is
     * named must be JSON (charset UTF-8 when named), by xs2a-platform's rule for every JSON body, under this
     * endpoint's format class.
     */
    private static void requireJsonOrNothing(String contentType) {
        if (contentType == null || contentType.isBlank() || MediaType.WILDCARD.equals(contentType.strip())) {
            return;
        }
        try {
            JsonBodies.requireJson(contentType);
        } catch (Psd2Exception e) {
            // the message is cut to the error body's limit (ErrorBody), so a long header value does no harm
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID,
                    "Content-Type must be absent or application/json (charset UTF-8), not '" + contentType + "'", e);
        }
    }

    private CertificateToAdd certificateToAdd(byte[] body) {
        JsonNode root;
        try {
            root = body.length == 0 ? json.createObjectNode() : json.readTree(body);
        } catch (JsonProcessingException e) {
            // in the words of every other JSON body (a key given twice named as such), under this endpoint's class
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, JsonBodyError.of(e).getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("Reading a body held in memory", e);
        }
        JsonNode certificate = root == null ? null : root.path("data").path("certificate");
        String pem = text(certificate, "pem");
        // a bad value is WrongRequiredFields here, as a missing field or a type other than qseal
        String name = TextLimits.CERTIFICATE_NAME.check(ErrorClass.WRONG_REQUIRED_FIELDS, "data.certificate.name",
                text(certificate, "name").trim());
        String type = TextLimits.CERTIFICATE_TYPE.check(ErrorClass.WRONG_REQUIRED_FIELDS, "data.certificate.type",
                text(certificate, "type").trim());
        if (!TppRegistrationService.QSEAL.equalsIgnoreCase(type)) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS,
                    "data.certificate.type must be 'qseal', not '" + type + "'");
        }
        return new CertificateToAdd(pem, name, TppRegistrationService.QSEAL);
    }

    private static String text(JsonNode certificate, String field) {
        JsonNode value = certificate == null ? null : certificate.get(field);
        if (value != null && !value.isNull() && !value.isTextual()) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "data.certificate." + field + " must be a string");
        }
        if (value == null || value.isNull() || value.asText().isBlank()) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS, "data.certificate." + field + " is required");
        }
        String problem = StrictJson.unstorable(value.asText());
        if (problem != null) {
            // a format error, as xs2a-platform's StrictJson makes it in every other JSON body
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID,
                    "data.certificate." + field + " cannot be stored: " + problem);
        }
        return value.asText();
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
    }
}
