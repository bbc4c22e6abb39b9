package eu.xs2a.account.consent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import eu.xs2a.account.config.ConsentLookupConfig;
import eu.xs2a.platform.bank.CallGuard;
import eu.xs2a.platform.bank.GuardSettings;
import eu.xs2a.platform.bank.RestClients;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Asks consent-service whether a consent may be used for one call (and so counts the access). The only other
 * service account-service talks to. Its consent errors reach the TPP unchanged; anything else it says is ours to
 * handle: unreachable, failing or its circuit open → 503, any other refusal (e.g. our service token) → an internal
 * error, never a pass.
 *
 * <p>The same client stack as the banks' (eu.xs2a.platform.bank): a Quarkus REST client and a {@link CallGuard}
 * (bulkhead, circuit breaker; {@code psd2.consent-lookup.*}). No retries: a check that reached consent-service may have
 * counted an access.
 *
 * <p>Opt-in: a yes to a PSU-present question (not counted: asking again changes nothing) is reused for the same
 * question for {@code psd2.consent-lookup.present-answers-for} (off by default, at most 1 s): a PSU's burst of reads
 * costs one lookup, and a consent revoked or deleted meanwhile is refused only once that time is over. Unattended
 * questions and refusals are never reused.
 */
@ApplicationScoped
@Startup
public class ConsentLookup {

    private static final Logger LOG = Logger.getLogger(ConsentLookup.class);
    static final String PATH = "/internal/v1/consent-checks";
    private static final String UNAVAILABLE = "The consent service is not available, try again later";

    /**
     * The classes the lookup may answer with, passed on to the TPP as they are. Its FormatError (a question we asked
     * badly) and its 401 for our service token are about the service-to-service call, never the TPP's fault.
     */
    private static final Set<ErrorClass> PASSED_ON = EnumSet.of(ErrorClass.CONSENT_UNKNOWN, ErrorClass.CONSENT_INVALID,
            ErrorClass.CONSENT_EXPIRED, ErrorClass.ACCESS_EXCEEDED);

    private final ConsentCheckApi api;
    private final CallGuard guard;
    private final ServiceTokenIssuer tokens;
    private final ObjectMapper json;
    private final int retryAfterSeconds;
    /** Yes answers to PSU-present questions, by question; null when they are not reused. */
    private final Cache<ConsentCheckRequest, ConsentCheckResult> presentAnswers;

    public ConsentLookup(ConsentLookupConfig config, ServiceTokenIssuer tokens, ObjectMapper json) {
        Duration reuse = config.presentAnswersFor();
        this.presentAnswers = reuse.isZero() ? null : Caffeine.newBuilder().expireAfterWrite(reuse)
                .maximumSize(config.presentAnswersKept()).build();
        GuardSettings settings = GuardSettings.of(config.guard());
        this.api = RestClients.connectionLifetime(RestClients.builder(config.url().replaceAll("/+$", ""),
                        config.connectTimeout(), config.readTimeout(), settings.maxConcurrentCalls()),
                        config.connectionTimeToLive())
                .disableDefaultMapper(true)
                .build(ConsentCheckApi.class);
        // only consent-service failing to answer counts against it; a refusal is an answer
        this.guard = new CallGuard("consent lookup", settings, failure -> !(failure instanceof Refused));
        this.tokens = tokens;
        this.json = json;
        this.retryAfterSeconds = config.retryAfterSeconds();
    }

    public ConsentCheckResult check(ConsentCheckRequest request) {
        if (presentAnswers == null || !request.psuPresent()) {
            return ask(request);
        }
        ConsentCheckResult known = presentAnswers.getIfPresent(request);
        if (known != null) {
            return known;
        }
        ConsentCheckResult answer = ask(request);
        presentAnswers.put(request, answer);
        return answer;
    }

    private ConsentCheckResult ask(ConsentCheckRequest request) {
        String bearer = tokens.bearer();
        Answer answer;
        try {
            answer = guard.call(() -> exchange(bearer, request));
        } catch (Refused refused) {
            throw refusal(refused.answer.status(), refused.answer.body());
        } catch (CallGuard.NotCalled e) {
            LOG.infof("consent lookup not asked: %s", e.getMessage());
            throw Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, e);
        } catch (Failed e) {
            LOG.warnf("consent lookup answered %d", e.status);
            throw Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, null);
        } catch (RuntimeException e) {
            // connection refused or reset, connect or read timeout
            LOG.warnf("consent lookup unreachable: %s", e.toString());
            throw Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, e);
        }
        return parse(answer.body(), ConsentCheckResult.class);
    }

    /** One exchange, inside the guard: a 200 returns, a refusal (4xx) and a failure (5xx) throw. */
    private Answer exchange(String bearer, ConsentCheckRequest request) {
        try (Response response = api.check(bearer, request)) {
            int status = response.getStatus();
            byte[] body = response.hasEntity() ? response.readEntity(byte[].class) : new byte[0];
            if (status >= 500) {
                throw new Failed(status);
            }
            if (status != 200) {
                throw new Refused(new Answer(status, body));
            }
            return new Answer(status, body);
        }
    }

    private record Answer(int status, byte[] body) {
    }

    /** A 5xx: counts against the circuit. */
    private static final class Failed extends RuntimeException {
        final int status;

        Failed(int status) {
            super("HTTP " + status, null, false, false);
            this.status = status;
        }
    }

    /** Any other status but 200: consent-service answered; translated outside the guard by {@link #refusal}. */
    private static final class Refused extends RuntimeException {
        final Answer answer;

        Refused(Answer answer) {
            super("HTTP " + answer.status(), null, false, false);
            this.answer = answer;
        }
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

    private <T> T parse(byte[] body, Class<T> type) {
        try {
            return json.readValue(body, type);
        } catch (IOException e) {
            LOG.errorf("consent lookup answered unreadable JSON: %s", e.getMessage());
            throw new Psd2Exception(ErrorClass.INTERNAL_ERROR, "The consent could not be checked", e);
        }
    }
}
