package eu.xs2a.sandbox.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.sandbox.config.SandboxConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Sends the outbox's events to the gateway (BANK-API.md "Status events"): {@code POST} to consent-service's or
 * payment-service's receiver with the bank's service credential as the Bearer token, the same secret the gateway
 * presents to the bank. A 2xx answer delivers the event; anything else (404: the gateway does not know the id yet; no
 * answer; 5xx) is retried with exponential backoff, and after {@code sandbox.events.max-attempts} attempts given up
 * with one log line: the gateway's own polling of the bank is the safety net. Never called inside a transaction.
 */
@ApplicationScoped
public class BankEventDelivery {

    private static final Logger LOG = Logger.getLogger(BankEventDelivery.class);
    private static final int BATCH = 50;

    private final BankEventOutbox outbox;
    private final SandboxConfig config;
    private final ObjectMapper json;
    private final HttpClient http;

    public BankEventDelivery(BankEventOutbox outbox, SandboxConfig config, ObjectMapper json) {
        this.outbox = outbox;
        this.config = config;
        this.json = json;
        this.http = HttpClient.newBuilder().connectTimeout(config.events().timeout()).build();
    }

    /**
     * The immediate attempt, right after the change of this consent or payment committed: the caller (the PSU's
     * revoke page) answers only once the gateway has taken the event, or the attempt failed within the timeout.
     */
    public void deliverNow(String resourceId) {
        if (config.events().enabled()) {
            outbox.claimDueOf(resourceId, BATCH, lease()).forEach(this::attempt);
        }
    }

    /** One pass over the due events (the scheduled retry). Answers how many were claimed. */
    public int deliverDue() {
        if (!config.events().enabled()) {
            return 0;
        }
        List<BankEvent> due = outbox.claimDue(BATCH, lease());
        due.forEach(this::attempt);
        return due.size();
    }

    private void attempt(BankEvent event) {
        String failure = send(event);
        if (failure == null) {
            outbox.delivered(event.id());
            return;
        }
        if (event.attempts() >= config.events().maxAttempts()) {
            outbox.givenUp(event.id(), failure);
            LOG.warnf("Status event %s (%s %s → %s) given up after %d attempts, last: %s; the gateway's polling of the"
                    + " bank is left to notice it", event.id(), event.resource(), event.resourceId(), event.status(),
                    event.attempts(), failure);
            return;
        }
        outbox.failed(event.id(), failure, backoff(event.attempts()));
        LOG.debugf("Status event %s not delivered (attempt %d): %s", event.id(), event.attempts(), failure);
    }

    /** Sends one event; null when the gateway took it, else why not (never the credential). */
    private String send(BankEvent event) {
        String url = BankEvent.CONSENT.equals(event.resource()) ? config.events().consentUrl() : config.events().paymentUrl();
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(config.events().timeout())
                    .header("Authorization", "Bearer " + config.serviceCredential())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body(event)))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() / 100 == 2 ? null : "HTTP " + response.statusCode() + " from " + url;
        } catch (IOException | IllegalArgumentException e) {
            return e.getClass().getSimpleName() + " calling " + url + (e.getMessage() == null ? "" : ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    String body(BankEvent event) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("eventId", event.id());
        body.put("resource", event.resource());
        body.put(BankEvent.CONSENT.equals(event.resource()) ? "bankConsentId" : "bankPaymentId", event.resourceId());
        body.put("status", event.status());
        if (event.statusReason() != null) {
            body.put("statusReason", event.statusReason());
        }
        body.put("occurredAt", event.occurredAt().toString());
        try {
            return json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings is always JSON", e);
        }
    }

    /** The lease of a claim: longer than one send may take, so the claim outlives the attempt. */
    private Duration lease() {
        return config.events().timeout().multipliedBy(3);
    }

    private Duration backoff(int attempts) {
        Duration delay = config.events().backoffBase().multipliedBy(1L << Math.min(attempts - 1, 20));
        return delay.compareTo(config.events().backoffCap()) > 0 ? config.events().backoffCap() : delay;
    }
}
