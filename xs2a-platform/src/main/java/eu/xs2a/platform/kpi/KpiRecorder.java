package eu.xs2a.platform.kpi;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Counts every answer of the dedicated interface in memory (docs/ARCHITECTURE.md "Dedicated-interface KPIs"): a
 * route before all others notes when a request of a {@link ServiceClass} (not an OPTIONS) arrives and, when its
 * answer has gone, adds it to its minute's {@link MinuteCounts} and to its class's {@link Streak}. Per request that
 * is two clock reads, a map lookup and a few atomic increments; {@link KpiStore} writes the counts to the database
 * every {@code psd2.kpi.flush-every}.
 */
@Singleton
public class KpiRecorder {

    /** Routing-context key of a request whose error the bank caused (set by the error mappers). */
    static final String BANK_CAUSED = "eu.xs2a.kpi.bank-caused";
    /** Status recorded for a request whose connection closed before an answer was written. */
    static final int NO_ANSWER = 0;

    private final KpiTicker ticker;
    private final Clock clock;
    private final long unansweredAfterNanos;
    private final int unavailableAfter;
    private final boolean enabled;
    private final Map<Long, MinuteCounts> minutes = new ConcurrentHashMap<>();
    private final Map<ServiceClass, Streak> streaks = new EnumMap<>(ServiceClass.class);
    private final Queue<Streak.Change> changes = new ConcurrentLinkedQueue<>();

    KpiRecorder(KpiTicker ticker, Clock clock, KpiConfig config, Instance<MeterRegistry> registry) {
        this.ticker = ticker;
        this.clock = clock;
        this.unansweredAfterNanos = config.unansweredAfter().toNanos();
        this.unavailableAfter = config.unavailableAfter();
        this.enabled = config.enabled();
        for (ServiceClass serviceClass : ServiceClass.values()) {
            Streak streak = new Streak(serviceClass);
            streaks.put(serviceClass, streak);
            if (registry.isResolvable()) {
                // the alert on unavailability (k8s/monitoring) reads this; no cost per request
                Gauge.builder("xs2a.kpi.unavailable", streak, s -> s.unavailable() ? 1 : 0)
                        .description("1 while the service class is unavailable by the EBA's rule on this replica")
                        .tag("service_class", serviceClass.name()).register(registry.get());
            }
        }
    }

    /** Marks the current request's error as the bank's (an error the bank client translated). */
    public static void markBankCaused() {
        ArcContainer container = Arc.container();
        if (container == null || !container.requestContext().isActive()) {
            return;
        }
        RoutingContext context = container.instance(CurrentVertxRequest.class).get().getCurrent();
        if (context != null) {
            context.put(BANK_CAUSED, Boolean.TRUE);
        }
    }

    void install(@Observes Router router) {
        if (!enabled) {
            return;
        }
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            ServiceClass serviceClass = ServiceClass.of(context.request().path());
            // an OPTIONS is no operation of the interface: anyone's, unsigned, it would only pad the figures
            if (serviceClass != null && context.request().method() != HttpMethod.OPTIONS) {
                long askedAt = ticker.nanos();
                context.addEndHandler(ended -> answered(context, serviceClass, askedAt));
            }
            context.next();
        });
    }

    private void answered(RoutingContext context, ServiceClass serviceClass, long askedAt) {
        int status = context.response().ended() ? context.response().getStatusCode() : NO_ANSWER;
        record(serviceClass, status, Boolean.TRUE.equals(context.get(BANK_CAUSED)), ticker.nanos() - askedAt);
    }

    /** Counts one answer that took {@code latencyNanos} and was made now. */
    void record(ServiceClass serviceClass, int status, boolean bankCaused, long latencyNanos) {
        Instant answeredAt = clock.instant();
        Cause cause = status == NO_ANSWER ? Cause.GATEWAY : Cause.of(status, bankCaused);
        long minute = answeredAt.getEpochSecond() / 60;
        boolean late = latencyNanos > unansweredAfterNanos;
        minutes.computeIfAbsent(minute * 8 + serviceClass.ordinal(), key -> new MinuteCounts())
                .count(status, cause, late, latencyNanos);
        boolean unanswered = status == NO_ANSWER || status >= 500 || late;
        Streak.Change change = streaks.get(serviceClass).answered(unanswered,
                answeredAt.minusNanos(latencyNanos), answeredAt, unavailableAfter);
        if (change != null) {
            changes.add(change);
        }
    }

    /** Counts of one minute and class, drained for a flush. */
    record Drained(Instant minute, ServiceClass serviceClass, List<MinuteCounts.Answers> answers,
                   List<MinuteCounts.Latencies> latencies, MinuteCounts from) {
    }

    /**
     * Takes every count made so far. Minutes two or more behind the clock are let go once drained: an answer is
     * counted in the minute it was made, so nothing is added to them any more.
     */
    List<Drained> drain() {
        long current = clock.instant().getEpochSecond() / 60;
        List<Drained> drained = new ArrayList<>();
        minutes.forEach((key, counts) -> {
            long minute = key / 8;
            List<MinuteCounts.Answers> answers = counts.drainAnswers();
            List<MinuteCounts.Latencies> latencies = counts.drainLatencies();
            if (!answers.isEmpty() || !latencies.isEmpty()) {
                drained.add(new Drained(Instant.ofEpochSecond(minute * 60), ServiceClass.values()[(int) (key % 8)],
                        answers, latencies, counts));
            }
            if (minute < current - 1) {
                minutes.remove(key, counts);
            }
        });
        return drained;
    }

    /** Puts back what a failed flush had drained (its minute may have been let go meanwhile). */
    void restore(List<Drained> drained) {
        for (Drained d : drained) {
            long key = d.minute().getEpochSecond() / 60 * 8 + d.serviceClass().ordinal();
            minutes.computeIfAbsent(key, k -> d.from()).restore(d.answers(), d.latencies());
        }
    }

    /** The period changes not written yet, oldest first (left in place: {@link #written} removes them). */
    List<Streak.Change> pendingChanges() {
        return List.copyOf(changes);
    }

    void written(List<Streak.Change> done) {
        done.forEach(changes::remove);
    }

    boolean enabled() {
        return enabled;
    }

    Duration unansweredAfter() {
        return Duration.ofNanos(unansweredAfterNanos);
    }
}
