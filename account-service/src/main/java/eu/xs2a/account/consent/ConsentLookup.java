package eu.xs2a.account.consent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.account.config.ConsentLookupConfig;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.jboss.logging.Logger;

/**
 * Asks consent-service whether a consent may be used for one call (and so counts the access). The only other
 * service account-service talks to. Its consent errors reach the TPP unchanged; anything else it says is ours to
 * handle: unreachable → 503, any other refusal (e.g. our service token) → an internal error, never a pass.
 *
 * <p>Every account read makes this call, so it uses a blocking, pooled HTTP client on the request's own worker
 * thread: the REST client hands each call to the event loop and back, which cost about twice as much CPU per call
 * (bench/README.md, "What has moved the numbers so far"). No automatic retries: a check that reached
 * consent-service may have counted an access.
 */
@ApplicationScoped
public class ConsentLookup {

    private static final Logger LOG = Logger.getLogger(ConsentLookup.class);
    static final String PATH = "/internal/v1/consent-checks";
    /** A pooled connection idle this long is checked before it is used again (consent-service may have restarted). */
    private static final TimeValue VALIDATE_AFTER_IDLE = TimeValue.ofSeconds(2);

    /**
     * The classes the lookup may answer with, passed on to the TPP as they are. Its FormatError (a question we asked
     * badly) and its 401 for our service token are about the service-to-service call, never the TPP's fault.
     */
    private static final Set<ErrorClass> PASSED_ON = EnumSet.of(ErrorClass.CONSENT_UNKNOWN, ErrorClass.CONSENT_INVALID,
            ErrorClass.CONSENT_EXPIRED, ErrorClass.ACCESS_EXCEEDED);

    private final CloseableHttpClient http;
    private final URI uri;
    private final ServiceTokenIssuer tokens;
    private final ObjectMapper json;
    private final int retryAfterSeconds;

    public ConsentLookup(ConsentLookupConfig config, ServiceTokenIssuer tokens, ObjectMapper json) {
        this.uri = URI.create(config.url().replaceAll("/+$", "") + PATH);
        Timeout connect = Timeout.ofMilliseconds(config.connectTimeout().toMillis());
        Timeout read = Timeout.ofMilliseconds(config.readTimeout().toMillis());
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(config.maxConnections())
                        .setMaxConnPerRoute(config.maxConnections())
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(connect)
                                .setSocketTimeout(read)
                                .setValidateAfterInactivity(VALIDATE_AFTER_IDLE)
                                .setTimeToLive(TimeValue.ofMilliseconds(config.connectionTimeToLive().toMillis()))
                                .build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(connect)
                        .setResponseTimeout(read)
                        .build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .build();
        this.tokens = tokens;
        this.json = json;
        this.retryAfterSeconds = config.retryAfterSeconds();
    }

    @PreDestroy
    void close() {
        http.close(CloseMode.GRACEFUL);
    }

    public ConsentCheckResult check(ConsentCheckRequest request) {
        HttpPost post = new HttpPost(uri);
        post.setHeader(HttpHeaders.AUTHORIZATION, tokens.bearer());
        post.setHeader(HttpHeaders.ACCEPT, ContentType.APPLICATION_JSON.getMimeType());
        post.setEntity(new ByteArrayEntity(write(request), ContentType.APPLICATION_JSON));
        Answer answer;
        try {
            answer = http.execute(post, response -> new Answer(response.getCode(),
                    response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity())));
        } catch (IOException e) {
            LOG.warnf("consent lookup unreachable: %s", e.toString());
            throw Psd2Exception.serviceUnavailable("The consent service is not available, try again later",
                    retryAfterSeconds, e);
        }
        if (answer.status() == 200) {
            return parse(answer.body(), ConsentCheckResult.class);
        }
        if (answer.status() >= 500) {
            LOG.warnf("consent lookup answered %d", answer.status());
            throw Psd2Exception.serviceUnavailable("The consent service is not available, try again later",
                    retryAfterSeconds, null);
        }
        throw refusal(answer.status(), answer.body());
    }

    private record Answer(int status, byte[] body) {
    }

    /** A consent error of the lookup, as the same class and message; any other 4xx is not the TPP's fault. */
    private Psd2Exception refusal(int status, byte[] body) {
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

    private byte[] write(ConsentCheckRequest request) {
        try {
            return json.writeValueAsBytes(request);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write the consent check", e);
        }
    }

    private <T> T parse(byte[] body, Class<T> type) {
        try {
            return json.readValue(body, type);
        } catch (IOException e) {
            LOG.errorf("consent lookup answered unreadable JSON: %s", e.getMessage());
            throw new Psd2Exception(ErrorClass.INTERNAL_ERROR, "The consent could not be checked", e);
        }
    }

    /** The account reference of a lookup request: its IBAN, else its BBAN (as the consent's access names it). */
    public static Map<String, String> reference(String iban, String bban) {
        return iban != null ? Map.of("iban", iban) : Map.of("bban", bban);
    }
}
