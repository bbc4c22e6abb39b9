package eu.xs2a.registration.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.validation.RedirectUris;
import eu.xs2a.registration.config.Environment;
import eu.xs2a.registration.domain.EmailAddresses;
import eu.xs2a.registration.domain.SoftwareRoles;
import eu.xs2a.registration.domain.SoftwareStatementVerifier;
import eu.xs2a.registration.domain.TextLimits;
import eu.xs2a.registration.sandbox.KeyGenerationThrottle;
import eu.xs2a.registration.sandbox.CertificationRequests;
import eu.xs2a.registration.sandbox.SandboxCa;
import eu.xs2a.registration.sandbox.SandboxCa.IssuedQseal;
import eu.xs2a.registration.sandbox.SandboxDirectory;
import eu.xs2a.registration.sandbox.SoftwareIds;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.quarkus.SignatureCheck;
import eu.xs2a.security.quarkus.SignedApiOpenApiFilter;
import eu.xs2a.security.tpp.Role;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

/**
 * Sandbox self-service for TPP developers: a test QSEAL, for the key of the TPP's certificate request or with a new
 * private key, and a software statement signed by the sandbox directory. Present only when
 * {@code psd2.environment=sandbox}; in {@code live} every path answers exactly as an unknown path does (404).
 * Certificates with a new key pair are throttled ({@link KeyGenerationThrottle}); certifying a requested key costs
 * two signature operations, as a signed call does, and is not.
 *
 * <p>Sandbox identities cannot be taken (docs/ARCHITECTURE.md "Trust and environments"): a certificate request
 * without {@code organizationIdentifier} mints a new organisation with a new random identifier; one that names an
 * organisation (a renewal, more roles) is served only when it is signed, with the usual signed-request headers, by a
 * current, valid seal of that very organisation ({@link SignatureCheck}: the pipeline's steps 1 to 5 and the blocked
 * list, then the X-Request-ID claimed once). Anything else is AccessDenied 403 and nothing is issued.
 */
@Tag(name = "Sandbox self-service", description = "Test certificates and software statements (sandbox only; 404 in live)")
@Path("/api/sandbox/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SandboxResource {

    private static final Pattern ORGANIZATION_IDENTIFIER = Pattern.compile("PSD[A-Z]{2}-[A-Z0-9]{1,8}-[A-Za-z0-9-]+");
    private static final int MAX_ORGANISATION_NAME = 64;
    /** A minted organisation: PSD + country + NCA + id, as in a real QSEAL; XX/SANDBOX because no authority issued it. */
    static final String MINTED_PREFIX = "PSDXX-SANDBOX-";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Logger LOG = Logger.getLogger(SandboxResource.class);
    static final String CERTIFICATES_PATH = "/api/sandbox/v1/certificates";
    static final String STATEMENTS_PATH = "/api/sandbox/v1/software-statements";

    @Inject Environment environment;
    @Inject SandboxCa ca;
    @Inject SandboxDirectory directory;
    @Inject KeyGenerationThrottle throttle;
    @Inject JsonBodies jsonBodies;
    @Inject SignatureCheck signatures;

    @RegisterForReflection
    public record CertificateRequest(String organisationName, String organizationIdentifier, List<String> roles,
                                     @Schema(description = "A PKCS#10 certificate request in PEM (openssl req -new):"
                                             + " the QSEAL certifies its key, which never leaves the TPP, and the"
                                             + " answer holds no privateKey. Without it the sandbox makes the key pair"
                                             + " and answers it in privateKey. The request's subject is not read.")
                                     String csr) {
    }

    /** privateKey only when the sandbox made the key pair (no csr). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record CertificateResponse(String organizationIdentifier, String organisationName, List<String> roles,
                                      String serial, Instant notAfter, String certificate, String privateKey,
                                      String caCertificate) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record SoftwareStatementRequest(
            @JsonProperty("software_id") String softwareId,
            @JsonProperty("software_client_name") String softwareClientName,
            @JsonProperty("org_id") String orgId,
            @JsonProperty("org_name") String orgName,
            @JsonProperty("software_redirect_uris") List<String> softwareRedirectUris,
            @JsonProperty("software_roles") List<String> softwareRoles,
            @JsonProperty("software_jwks") Map<String, Object> softwareJwks,
            @JsonProperty("contact_email") String contactEmail) {
    }

    @RegisterForReflection
    public record SoftwareStatementResponse(@JsonProperty("software_id") String softwareId,
                                            @JsonProperty("software_statement") String softwareStatement) {
    }

    @POST
    @Path("/certificates")
    @Operation(summary = "Issue a sandbox QSEAL certificate, for the TPP's own key or with a new one",
            description = "With csr (a PKCS#10 request in PEM): the QSEAL certifies the request's key, which must be"
                    + " RSA of at least 2048 bits or EC on P-256, P-384 or P-521 and sign the request; the answer holds"
                    + " no privateKey and no key pair is made, so the request is not throttled. Without csr: a new key"
                    + " pair, answered in privateKey (PKCS#8). Without organizationIdentifier: a new organisation with"
                    + " a new random identifier (" + MINTED_PREFIX + "and 12 digits), unsigned. With"
                    + " organizationIdentifier (a renewal, more roles): only when the request is signed by a current,"
                    + " valid seal of that very organisation, with the usual signed-request headers (X-Request-ID,"
                    + " Date, Digest, Signature, TPP-Signature-Certificate; the X-Request-ID once); else AccessDenied"
                    + " 403 and nothing is issued. roles: PSP_AS, PSP_PI, PSP_AI, PSP_IC")
    @APIResponse(responseCode = "200", description = "The certificate, the sandbox CA and, without csr, the PKCS#8 key",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CertificateResponse.class)))
    @APIResponse(responseCode = "400", description = "FormatError: a field is missing or a role unknown; csr is no "
            + "PEM certificate request, its key is weak or of another type, or its signature does not verify")
    @APIResponse(responseCode = "403", description = "AccessDenied: organizationIdentifier names an organisation and "
            + "the request is not signed by a current, valid seal of it (unsigned, a bad signature, an expired, "
            + "revoked or untrusted seal, another organisation's seal); nothing is issued",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(ref = SignedApiOpenApiFilter.ERROR_BODY)))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: not a sandbox deployment")
    @APIResponse(responseCode = "429", description = "AccessExceeded (without csr): too many certificates asked for by "
            + "this client or by all clients together (each one costs a new key pair); the Retry-After header gives "
            + "the seconds until the next one can be issued")
    public CertificateResponse issueCertificate(
            @Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body,
            @Context HttpHeaders headers, @Context UriInfo uri, @Context HttpServerRequest http) {
        requireSandbox();
        CertificateRequest r = jsonBodies.read(contentType, body, CertificateRequest.class);
        String name = organisationName(required("organisationName", r.organisationName()).trim());
        EnumSet<Role> roles = roles(r.roles());
        boolean named = r.organizationIdentifier() != null;
        String orgId = named ? organizationIdentifier(required("organizationIdentifier", r.organizationIdentifier()).trim())
                : mintedIdentifier();
        PublicKey tppKey = r.csr() == null ? null : CertificationRequests.publicKey(r.csr());
        VerifiedRequest proof = named ? proofOf(orgId, body, headers, uri, CERTIFICATES_PATH) : null;
        if (tppKey == null) {
            // after the checks, so that a mistyped or refused request does not use up the developer's allowance
            throttle.acquire(ClientAddresses.of(http));
        }
        IssuedQseal qseal;
        if (proof == null) {
            qseal = ca.issue(orgId, name, roles, tppKey);
        } else {
            signatures.claimOnce(proof, "POST", CERTIFICATES_PATH);
            try {
                qseal = ca.issue(orgId, name, roles, tppKey);
            } catch (RuntimeException e) {
                signatures.failed(proof);
                throw e;
            }
            signatures.served(proof);
        }
        String serial = qseal.certificate().getSerialNumber().toString(16).toUpperCase(Locale.ROOT);
        LOG.infof("Sandbox QSEAL %s issued for %s organisation %s, roles %s, %s", serial,
                proof == null ? "the new" : "its own (signed by certificate " + proof.identity().fingerprint() + ")",
                orgId, roles, tppKey == null ? "with a key pair made here" : "for the key of its certificate request");
        return new CertificateResponse(orgId, name, roles.stream().map(Enum::name).toList(), serial,
                qseal.certificate().getNotAfter().toInstant(), RequestSigner.pem(qseal.certificate()),
                qseal.privateKey() == null ? null : Pem.pkcs8(qseal.privateKey()), RequestSigner.pem(qseal.ca()));
    }

    /**
     * The signed request's proof that its caller holds {@code orgId}: the pipeline's checks pass and the seal is of
     * that organisation. Every failure is AccessDenied 403 saying why, and nothing is issued.
     */
    private VerifiedRequest proofOf(String orgId, byte[] body, HttpHeaders headers, UriInfo uri, String path) {
        VerifiedRequest verified;
        try {
            verified = signatures.verify("POST", uri.getRequestUri(), headers::getHeaderString, body);
        } catch (Psd2Exception e) {
            if (e.errorClass().status() >= 500) {
                throw e;
            }
            throw notProven(orgId, e.getMessage(), path);
        }
        String signer = verified.identity().tppId();
        if (!orgId.equals(signer)) {
            throw notProven(orgId, "the request is signed with a seal of " + signer, path);
        }
        return verified;
    }

    private static Psd2Exception notProven(String orgId, String why, String path) {
        return new Psd2Exception(ErrorClass.ORGANISATION_NOT_PROVEN, CERTIFICATES_PATH.equals(path)
                ? "A certificate for organizationIdentifier " + orgId + " is issued only on a request signed by a"
                        + " current, valid seal of that organisation; " + why
                        + ". Leave organizationIdentifier out to get a new organisation"
                : "A software statement with software_jwks for org_id " + orgId + " is issued only on a request"
                        + " signed by a current, valid seal of that organisation; " + why
                        + ". Without software_jwks, the registration is signed with such a seal (x5c) instead");
    }

    /** A new organisation: {@link #MINTED_PREFIX} and twelve random digits. */
    static String mintedIdentifier() {
        return MINTED_PREFIX + String.format(Locale.ROOT, "%012d", RANDOM.nextLong(1_000_000_000_000L));
    }

    @POST
    @Path("/software-statements")
    @Operation(summary = "Issue a software statement signed by the sandbox directory",
            description = "Unsigned, for any org_id: its registration must then be signed by a seal of org_id (x5c)."
                    + " With software_jwks (keys that sign registrations as org_id) only when the request is signed"
                    + " by a current, valid seal of org_id, with the usual signed-request headers (the X-Request-ID"
                    + " once); else AccessDenied 403 and nothing is issued")
    @APIResponse(responseCode = "200", description = "The software statement assertion (JWT)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = SoftwareStatementResponse.class)))
    @APIResponse(responseCode = "400", description = "FormatError: a field is missing or a role unknown")
    @APIResponse(responseCode = "403", description = "AccessDenied: software_jwks is given and the request is not "
            + "signed by a current, valid seal of org_id (a key of software_jwks signs registrations as that "
            + "organisation); nothing is issued",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(ref = SignedApiOpenApiFilter.ERROR_BODY)))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: not a sandbox deployment")
    public SoftwareStatementResponse issueSoftwareStatement(
            @Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = SoftwareStatementRequest.class))) byte[] body,
            @Context HttpHeaders headers, @Context UriInfo requestUri) {
        requireSandbox();
        SoftwareStatementRequest r = jsonBodies.read(contentType, body, SoftwareStatementRequest.class);
        // Checked as client registration will check them, so that a statement issued here can be registered
        String orgId = TextLimits.ORGANISATION_ID.check(ErrorClass.FORMAT_ERROR, "org_id", required("org_id", r.orgId()));
        String clientName = TextLimits.CLIENT_NAME.check(ErrorClass.FORMAT_ERROR, "software_client_name",
                required("software_client_name", r.softwareClientName()));
        if (r.softwareRedirectUris() == null || r.softwareRedirectUris().isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "software_redirect_uris must be a non-empty array of URIs");
        }
        for (String uri : r.softwareRedirectUris()) {
            RedirectUris.require("software_redirect_uris", uri);
        }
        if (r.softwareRoles() == null || r.softwareRoles().isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "software_roles must name at least one of AISP, PISP, CBPII, ASPSP");
        }
        for (String role : r.softwareRoles()) {
            if (SoftwareRoles.role(role).isEmpty()) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Unknown software role '" + ErrorTexts.shown(role)
                        + "'; use AISP, PISP, CBPII, ASPSP");
            }
        }
        String softwareId = r.softwareId() == null || r.softwareId().isBlank() ? SoftwareIds.generate()
                : TextLimits.SOFTWARE_ID.check(ErrorClass.FORMAT_ERROR, "software_id", r.softwareId().trim());
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("software_id", softwareId);
        claims.put("software_client_name", clientName);
        claims.put("software_redirect_uris", r.softwareRedirectUris());
        claims.put("software_roles", r.softwareRoles());
        claims.put("org_id", orgId);
        claims.put("org_name", r.orgName() == null ? orgId : r.orgName());
        if (r.contactEmail() != null) {
            if (!EmailAddresses.valid(r.contactEmail())) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "contact_email '" + ErrorTexts.shown(r.contactEmail())
                        + "' is not an e-mail address");
            }
            claims.put("org_contacts", List.of(Map.of("email", r.contactEmail(), "type", "business")));
        }
        if (r.softwareJwks() == null) {
            // its registration must itself be signed by a seal of org_id (x5c): the statement alone proves nothing
            return new SoftwareStatementResponse(softwareId, directory.sign(claims));
        }
        SoftwareStatementVerifier.jwks(r.softwareJwks(), fault -> new Psd2Exception(ErrorClass.FORMAT_ERROR,
                "software_jwks " + fault).at("software_jwks"));
        claims.put("software_jwks", r.softwareJwks());
        // a key of software_jwks signs registrations as org_id: only the organisation itself may name its keys
        VerifiedRequest proof = proofOf(orgId, body, headers, requestUri, STATEMENTS_PATH);
        signatures.claimOnce(proof, "POST", STATEMENTS_PATH);
        SoftwareStatementResponse issued;
        try {
            issued = new SoftwareStatementResponse(softwareId, directory.sign(claims));
        } catch (RuntimeException e) {
            signatures.failed(proof);
            throw e;
        }
        signatures.served(proof);
        LOG.infof("Sandbox software statement %s with software_jwks issued for organisation %s (signed by certificate"
                + " %s)", softwareId, orgId, proof.identity().fingerprint());
        return issued;
    }

    /** In live the sandbox does not exist: the same answer as any unknown path. */
    private void requireSandbox() {
        if (!environment.isSandbox()) {
            throw new NotFoundException();
        }
    }

    private static EnumSet<Role> roles(List<String> names) {
        if (names == null || names.isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "roles must name at least one of PSP_AS, PSP_PI, PSP_AI, PSP_IC");
        }
        EnumSet<Role> roles = EnumSet.noneOf(Role.class);
        for (String name : names) {
            try {
                roles.add(Role.valueOf(name == null ? "" : name.trim().toUpperCase()));
            } catch (IllegalArgumentException e) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Unknown role '" + name + "'; use PSP_AS, PSP_PI, PSP_AI, PSP_IC");
            }
        }
        return roles;
    }

    /**
     * ETSI TS 119 495's form, PSD + country + "-" + authority + "-" + id (e.g. PSDDE-BAFIN-123456), within the
     * gateway's 140 characters: a certificate the gateway would refuse at every call is not issued.
     */
    private static String organizationIdentifier(String value) {
        TextLimits.ORGANISATION_ID.check(ErrorClass.FORMAT_ERROR, "organizationIdentifier", value);
        if (!ORGANIZATION_IDENTIFIER.matcher(value).matches()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "organizationIdentifier " + RedirectUris.shown(value)
                    + " must look like PSDDE-BAFIN-123456: PSD, a country code, the authority and the id, joined by"
                    + " dashes (letters and digits)");
        }
        return value;
    }

    /** X.520 bounds an organization name (the certificate's O and CN) to 64 characters. */
    private static String organisationName(String value) {
        int length = value.codePointCount(0, value.length());
        if (length > MAX_ORGANISATION_NAME) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "organisationName must be at most " + MAX_ORGANISATION_NAME
                    + " characters (the X.520 limit of a certificate's organization name); it has " + length);
        }
        return value;
    }

    private static String required(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " is required");
        }
        return value;
    }
}
