package eu.xs2a.account.consent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.account.config.ConsentLookupConfig;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Asks consent-service whether a consent may be used for one call (and so counts the access). The only other
 * service account-service talks to. Its consent errors reach the TPP unchanged; anything else it says is ours to
 * handle: unreachable → 503, any other refusal (e.g. our service token) → an internal error, never a pass.
 */
@ApplicationScoped
public class ConsentLookup {

    private static final Logger LOG = Logger.getLogger(ConsentLookup.class);

    /**
     * The classes the lookup may answer with, passed on to the TPP as they are. Its FormatError (a question we asked
     * badly) and its 401 for our service token are about the service-to-service call, never the TPP's fault.
     */
    private static final Set<ErrorClass> PASSED_ON = EnumSet.of(ErrorClass.CONSENT_UNKNOWN, ErrorClass.CONSENT_INVALID,
            ErrorClass.CONSENT_EXPIRED, ErrorClass.ACCESS_EXCEEDED);

    private final ConsentLookupApi api;
    private final ServiceTokenIssuer tokens;
    private final ObjectMapper json;
    private final int retryAfterSeconds;

    public ConsentLookup(ConsentLookupConfig config, ServiceTokenIssuer tokens, ObjectMapper json) {
        this.api = QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(config.url()))
                .connectTimeout(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(config.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .disableDefaultMapper(true)
                .build(ConsentLookupApi.class);
        this.tokens = tokens;
        this.json = json;
        this.retryAfterSeconds = config.retryAfterSeconds();
    }

    public ConsentCheckResult check(ConsentCheckRequest request) {
        Response response;
        try {
            response = api.check(tokens.bearer(), request);
        } catch (ProcessingException e) {
            LOG.warnf("consent lookup unreachable: %s", e.getMessage());
            throw Psd2Exception.serviceUnavailable("The consent service is not available, try again later",
                    retryAfterSeconds, e);
        }
        try (response) {
            int status = response.getStatus();
            String body = response.hasEntity() ? response.readEntity(String.class) : "";
            if (status == 200) {
                return parse(body, ConsentCheckResult.class);
            }
            if (status >= 500) {
                LOG.warnf("consent lookup answered %d", status);
                throw Psd2Exception.serviceUnavailable("The consent service is not available, try again later",
                        retryAfterSeconds, null);
            }
            throw refusal(status, body);
        }
    }

    /** A consent error of the lookup, as the same class and message; any other 4xx is not the TPP's fault. */
    private Psd2Exception refusal(int status, String body) {
        JsonNode error = parse(body, JsonNode.class);
        String text = error.path("error_text").asText("");
        String message = error.path("error_message").asText(text);
        for (ErrorClass errorClass : PASSED_ON) {
            if (errorClass.text().equals(text) && errorClass.status() == status) {
                return new Psd2Exception(errorClass, message);
            }
        }
        LOG.errorf("consent lookup refused the call with %d %s: %s", status, text, message);
        return new Psd2Exception(ErrorClass.INTERNAL_ERROR, "The consent could not be checked");
    }

    private <T> T parse(String body, Class<T> type) {
        try {
            return json.readValue(body, type);
        } catch (Exception e) {
            LOG.errorf("consent lookup answered unreadable JSON: %s", e.getMessage());
            throw new Psd2Exception(ErrorClass.INTERNAL_ERROR, "The consent could not be checked", e);
        }
    }

    /** The account reference of a lookup request: its IBAN, else its BBAN (as the consent's access names it). */
    public static Map<String, String> reference(String iban, String bban) {
        return iban != null ? Map.of("iban", iban) : Map.of("bban", bban);
    }
}
