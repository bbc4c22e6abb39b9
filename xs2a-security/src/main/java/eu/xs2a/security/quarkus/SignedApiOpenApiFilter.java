package eu.xs2a.security.quarkus;

import eu.xs2a.platform.error.ErrorClass;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Adds to every service's OpenAPI document what all signed operations share, so that no resource repeats it:
 * the five signature request headers (required), the standard error responses with the shared {@code ErrorBody}
 * schema (its {@code error_text} enumerates the interface's error classes) and the echoed {@code X-Request-ID}
 * response header. Error responses an operation declares itself ({@code @APIResponse(responseCode = "429")}) get
 * the same body and header.
 *
 * <p>Found by Quarkus in xs2a-security's index (no configuration) and run once at build time. Annotations are
 * not visible to a filter, so signed operations are recognised by path ({@link #isSigned(String)});
 * {@code eu.xs2a.testsupport.OpenApiCoverage} checks in each service's tests that this agrees with
 * {@link Signed}.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class SignedApiOpenApiFilter implements OASFilter {

    /** The signature pipeline's request headers (docs/ARCHITECTURE.md "Request pipeline", steps 1–5), described. */
    public static final List<Map.Entry<String, String>> SIGNATURE_HEADERS = List.of(
            Map.entry("X-Request-ID", "UUID of the request (RFC 4122); echoed in the response; a reuse within 24 h "
                    + "is refused (a repeated create with the same Digest gets the first answer again)"),
            Map.entry("Digest", "SHA-256= (or SHA-512=) and the base64 hash of the body bytes as sent; "
                    + "an empty body hashes the empty string"),
            Map.entry("Date", "RFC 7231 date of the request, at most 300 s from the server clock"),
            Map.entry("Signature", "keyId=\"SN=…,CA=…\",algorithm=\"rsa-sha256\","
                    + "headers=\"digest x-request-id date …\",signature=\"…\" (psu-id, psu-corporate-id and "
                    + "tpp-redirect-uri are signed whenever sent)"),
            Map.entry("TPP-Signature-Certificate", "base64 of the TPP's eIDAS QSEAL certificate (PEM or DER)"));
    public static final String ERROR_BODY = "ErrorBody";
    static final String REQUEST_ID = "X-Request-ID";

    /**
     * Berlin Group endpoints (under a provider code, and the Berlin Group registration) are signed; the pages a
     * PSU's browser reaches under the same paths (SCA redirect link, bank callback) are not.
     */
    public static boolean isSigned(String path) {
        boolean berlinGroup = path.matches("/\\{[^/]+}/api/berlingroup/.*") || path.startsWith("/api/berlingroup/");
        return berlinGroup && !path.contains("/sca-redirect") && !path.contains("/sca-callback");
    }

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        if (openApi.getPaths() == null || openApi.getPaths().getPathItems() == null) {
            return;
        }
        if (openApi.getComponents() == null) {
            openApi.setComponents(OASFactory.createComponents());
        }
        openApi.getComponents().addSchema(ERROR_BODY, errorBodySchema());
        openApi.getPaths().getPathItems().forEach((path, item) -> item.getOperations().values().forEach(operation -> {
            if (operation.getResponses() == null) {
                operation.setResponses(OASFactory.createAPIResponses());
            }
            boolean signed = isSigned(path);
            if (signed) {
                addSignatureHeaders(operation);
                addStandardErrors(operation.getResponses(), path);
            }
            completeResponses(operation.getResponses(), path, signed);
        }));
    }

    private static void addSignatureHeaders(Operation operation) {
        Set<String> present = operation.getParameters() == null ? Set.of() : operation.getParameters().stream()
                .map(p -> p.getName() == null ? "" : p.getName().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        for (Map.Entry<String, String> header : SIGNATURE_HEADERS) {
            if (!present.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                operation.addParameter(OASFactory.createParameter().name(header.getKey()).in(Parameter.In.HEADER)
                        .required(true).description(header.getValue()).schema(string()));
            }
        }
    }

    /**
     * What any signed request can meet: bad input or headers (400), certificate/signature/role (401), the
     * database or the bank unreachable (503); under a provider code also AccessDenied (403) and an unknown
     * provider or resource (404).
     */
    private static void addStandardErrors(APIResponses responses, String path) {
        List<Integer> statuses = RegistrationPaths.contains(path) ? List.of(400, 401, 503) : List.of(400, 401, 403, 404, 503);
        for (int status : statuses) {
            if (!responses.hasAPIResponse(String.valueOf(status))) {
                responses.addAPIResponse(String.valueOf(status), OASFactory.createAPIResponse());
            }
        }
    }

    /**
     * Every 4xx/5xx gets the error body (and, on signed operations, the classes of its status); every answer of a
     * signed call echoes X-Request-ID. Unsigned operations (browser pages, internal calls) name their own classes.
     */
    private static void completeResponses(APIResponses responses, String path, boolean signed) {
        if (responses.getAPIResponses() == null) {
            return;
        }
        responses.getAPIResponses().forEach((code, response) -> {
            if (code.length() == 3 && (code.startsWith("4") || code.startsWith("5"))) {
                completeError(response, signed ? classesOf(Integer.parseInt(code), path) : List.of());
            }
            if (signed) {
                response.addHeader(REQUEST_ID, OASFactory.createHeader().required(true).schema(string())
                        .description("the request's X-Request-ID, echoed"));
            }
        });
    }

    private static void completeError(APIResponse response, List<String> classes) {
        String given = response.getDescription() == null ? "" : response.getDescription().strip();
        String listed = classes.isEmpty() ? "" : "error_text: " + String.join(", ", classes);
        response.setDescription(given.isEmpty() ? (listed.isEmpty() ? "Standard error body" : listed)
                : listed.isEmpty() ? given : given + " (" + listed + ")");
        if (response.getContent() == null || response.getContent().getMediaTypes() == null
                || response.getContent().getMediaTypes().isEmpty()) {
            Content content = OASFactory.createContent().addMediaType("application/json",
                    OASFactory.createMediaType().schema(OASFactory.createSchema().ref(ERROR_BODY)));
            response.setContent(content);
        }
    }

    /** The interface's classes answered with this status; AccessDenied is 401 on registration, 403 elsewhere. */
    static List<String> classesOf(int status, String path) {
        int accessDenied = RegistrationPaths.contains(path) ? ErrorClass.SERVICE_BLOCKED_REGISTRATION.status()
                : ErrorClass.SERVICE_BLOCKED.status();
        return Arrays.stream(ErrorClass.values())
                .filter(c -> c.status() == status)
                .filter(c -> !c.text().equals(ErrorClass.SERVICE_BLOCKED.text()) || c.status() == accessDenied)
                .map(ErrorClass::text)
                .distinct()
                .toList();
    }

    private static Schema errorBodySchema() {
        Set<Object> texts = new LinkedHashSet<>();
        Arrays.stream(ErrorClass.values()).forEach(c -> texts.add(c.text()));
        Schema message = OASFactory.createSchema().addType(SchemaType.OBJECT)
                .addProperty("category", string().addEnumeration("ERROR"))
                .addProperty("code", string().description("Berlin Group message code, e.g. CONSENT_UNKNOWN"))
                .addProperty("path", string().maxLength(128).description("the field at fault, when one is: its path"
                        + " in the request body (instructedAmount.amount, access.accounts[0].iban) or a query"
                        + " parameter's name"))
                .addProperty("text", string());
        return OASFactory.createSchema().addType(SchemaType.OBJECT)
                .description("The one error body of every service: Berlin Group tppMessages plus the interface's "
                        + "error_code, error_text (the class from the interface's error table) and error_message")
                .addProperty("tppMessages", OASFactory.createSchema().addType(SchemaType.ARRAY).items(message))
                .addProperty("error_code", string().description("Berlin Group message code, e.g. CONSENT_UNKNOWN"))
                .addProperty("error_text", string().enumeration(List.copyOf(texts))
                        .description("class of the interface's error table"))
                .addProperty("error_message", string().description("human readable detail naming the field or value"))
                .addProperty("signatureDebug", signatureDebugSchema())
                .required(List.of("tppMessages", "error_code", "error_text", "error_message"));
    }

    /** The signature debugger's extension field ({@code SignatureDebug}); sandbox only, so never required. */
    private static Schema signatureDebugSchema() {
        return OASFactory.createSchema().addType(SchemaType.OBJECT)
                .description("Extension, not part of the Berlin Group standard. Sandbox environment only (never in "
                        + "live): on a SignatureInvalid whose signature or Digest did not match, what the gateway "
                        + "verified, to compare with what the client signed")
                .addProperty("signingString", string().description("the exact string the signature was verified "
                        + "over: 'name: value' lines joined by \\n, in the order of the Signature's headers parameter"))
                .addProperty("headers", OASFactory.createSchema().addType(SchemaType.ARRAY).items(string())
                        .description("the Signature's headers parameter, lowercase, in its order"))
                .addProperty("digestReceived", string().description("the Digest header as sent, e.g. SHA-256=…"))
                .addProperty("digestComputed", string().description("the same algorithm over the body bytes the "
                        + "gateway received, e.g. SHA-256=…"));
    }

    private static Schema string() {
        return OASFactory.createSchema().addType(SchemaType.STRING);
    }
}
