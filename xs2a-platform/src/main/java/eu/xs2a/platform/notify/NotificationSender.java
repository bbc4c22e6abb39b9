package eu.xs2a.platform.notify;

import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskConfig;
import eu.xs2a.platform.task.TaskOutcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * One attempt to deliver one notification (the work of {@link NotificationDelivery}): read it (short transaction);
 * wait while an earlier one of the same resource is still to be delivered (in order per resource); past
 * {@code psd2.notifications.give-up-after} give it up with one WARN line; else sign it with the gateway's seal and
 * POST it with no transaction open, then record the outcome. Every attempt is counted in
 * {@code xs2a_notification_attempts_total{tpp,outcome}} ({@code delivered}, {@code failed}, {@code given_up}).
 */
@Singleton
public class NotificationSender {

    private static final Logger LOG = Logger.getLogger(NotificationSender.class);
    private static final int MAX_REASON = 200;

    private final NotificationsConfig config;
    private final NotificationStore store;
    private final Instance<NotificationSigner> signer;
    private final MeterRegistry registry;
    private final Clock clock;
    private final HttpClient http;

    NotificationSender(NotificationsConfig config, NotificationStore store, Instance<NotificationSigner> signer,
                       Instance<MeterRegistry> registry, Clock clock) {
        this.config = config;
        this.store = store;
        this.signer = signer;
        this.registry = registry.isResolvable() ? registry.get() : null;
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(config.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /**
     * The notification's own give-up must come before the task runtime's: else the runtime gives a notification up
     * first, without its WARN and with its row still pending, and the later ones of its resource wait for it until
     * they are given up too.
     */
    List<String> settingsRefusals(TaskConfig tasks) {
        Duration runtime = tasks.giveUpAfter(NotificationDelivery.TYPE);
        if (!config.enabled() || config.giveUpAfter().compareTo(runtime) < 0) {
            return List.of();
        }
        boolean own = Optional.ofNullable(tasks.type().get(NotificationDelivery.TYPE))
                .flatMap(TaskConfig.TypeSettings::giveUpAfter).isPresent();
        return List.of("psd2.notifications.give-up-after (" + config.giveUpAfter() + ") is not shorter than "
                + (own ? "psd2.tasks.type.notification.give-up-after" : "psd2.tasks.give-up-after") + " (" + runtime
                + "): the task runtime would give a notification up before it gives itself up, and the later ones of"
                + " its resource would wait for it. The service does not start.");
    }

    TaskOutcome attempt(Task task) {
        long id = Long.parseLong(task.subject());
        Optional<NotificationStore.Row> read = QuarkusTransaction.requiringNew().call(() -> store.read(id));
        if (read.isEmpty() || !"pending".equals(read.get().state())) {
            return TaskOutcome.done();
        }
        NotificationStore.Row row = read.get();
        Optional<Long> earlier = QuarkusTransaction.requiringNew().call(() -> store.earlierPending(row));
        if (earlier.isPresent()) {
            return TaskOutcome.retryAfter("waits for notification " + earlier.get() + " of the same resource",
                    config.orderWait());
        }
        Instant now = clock.instant();
        if (now.isAfter(row.createdAt().plus(config.giveUpAfter()))) {
            QuarkusTransaction.requiringNew().run(() -> store.givenUp(id));
            count(row.tppId(), "given_up");
            LOG.warnf("Notification %d of %s to TPP %s given up after %d attempt(s) since %s", id, row.resourceKey(),
                    row.tppId(), row.attempts(), row.createdAt());
            return TaskOutcome.done();
        }
        if (!signer.isResolvable() || !signer.get().available()) {
            return TaskOutcome.retry("no gateway seal configured (psd2.notifications.seal-certificate, seal-key)");
        }
        String failure = post(row);
        if (failure == null) {
            QuarkusTransaction.requiringNew().run(() -> store.sent(id, clock.instant()));
            count(row.tppId(), "delivered");
            return TaskOutcome.done();
        }
        QuarkusTransaction.requiringNew().run(() -> store.failed(id));
        count(row.tppId(), "failed");
        return TaskOutcome.retry(failure);
    }

    /** Null when the TPP answered 2xx; else why not. */
    private String post(NotificationStore.Row row) {
        byte[] body = row.body().getBytes(StandardCharsets.UTF_8);
        URI uri = URI.create(row.uri());
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        Map<String, String> headers = signer.get().sign(path, body);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(config.timeout())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        try {
            HttpResponse<Void> response = http.send(request.build(), HttpResponse.BodyHandlers.discarding());
            int status = response.statusCode();
            return status / 100 == 2 ? null : "the TPP answered " + status;
        } catch (IOException e) {
            String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return "the TPP could not be reached: " + (text.length() > MAX_REASON ? text.substring(0, MAX_REASON) : text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private void count(String tppId, String outcome) {
        if (registry != null) {
            Counter.builder("xs2a.notification.attempts").description("Attempts to deliver notifications to TPPs")
                    .tag("tpp", tppId).tag("outcome", outcome).register(registry).increment();
        }
    }
}
