package eu.xs2a.platform.kpi;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Builds a service's {@link KpiReport} from its KPI tables, after writing what is still counted in memory. */
@Singleton
public class KpiReports {

    private final KpiJobs jobs;
    private final KpiStore store;
    private final KpiRecorder recorder;
    private final Clock clock;
    private final String service;

    KpiReports(KpiJobs jobs, KpiStore store, KpiRecorder recorder, Clock clock,
               @ConfigProperty(name = "quarkus.application.name", defaultValue = "xs2a") String service) {
        this.jobs = jobs;
        this.store = store;
        this.recorder = recorder;
        this.clock = clock;
        this.service = service;
    }

    public KpiReport report(KpiRange range) {
        jobs.flush();
        Instant now = clock.instant();
        Map<ServiceClass, List<KpiStore.AnswerRow>> answers = new EnumMap<>(ServiceClass.class);
        store.answers(range.from(), range.to())
                .forEach(row -> answers.computeIfAbsent(row.serviceClass(), c -> new ArrayList<>()).add(row));
        Map<ServiceClass, Map<Integer, Long>> latencies = new EnumMap<>(ServiceClass.class);
        store.latencies(range.from(), range.to()).forEach(row -> latencies
                .computeIfAbsent(row.serviceClass(), c -> new TreeMap<>()).merge(row.upperMs(), row.requests(), Long::sum));
        List<KpiReport.Period> periods = store.periods(range.from(), range.to()).stream()
                .map(p -> new KpiReport.Period(p.serviceClass(), p.start(), p.end(),
                        overlapSeconds(p.start(), p.end() == null ? now : p.end(), range)))
                .toList();
        List<KpiReport.ClassFigures> classes = new ArrayList<>();
        for (ServiceClass serviceClass : ServiceClass.values()) {
            if (answers.containsKey(serviceClass) || periods.stream().anyMatch(p -> p.serviceClass() == serviceClass)) {
                classes.add(figures(serviceClass, answers.getOrDefault(serviceClass, List.of()),
                        latencies.getOrDefault(serviceClass, new TreeMap<>()),
                        periods.stream().filter(p -> p.serviceClass() == serviceClass)
                                .mapToLong(KpiReport.Period::seconds).sum()));
            }
        }
        return new KpiReport(service, range.from(), range.to(), recorder.unansweredAfter().toMillis(),
                probes(range, now), classes, periods);
    }

    private static KpiReport.ClassFigures figures(ServiceClass serviceClass, List<KpiStore.AnswerRow> rows,
                                                  Map<Integer, Long> buckets, long unavailableSeconds) {
        long requests = 0, ok = 0, client = 0, refusals = 0, gateway = 0, bank = 0, late = 0, failed = 0;
        Map<Integer, Long> byStatus = new TreeMap<>();
        for (KpiStore.AnswerRow row : rows) {
            long n = row.requests();
            requests += n;
            byStatus.merge(row.status(), n, Long::sum);
            boolean error = row.status() >= 500 || row.status() == KpiRecorder.NO_ANSWER;
            if (row.late()) {
                late += n;
            }
            if (error || row.late()) {
                failed += n;
            }
            switch (row.cause()) {
                case NONE -> ok += row.late() ? 0 : n;
                case CLIENT -> client += n;
                case GATEWAY -> gateway += n;
                case BANK -> {
                    if (error) {
                        bank += n;
                    } else {
                        refusals += n;
                    }
                }
            }
        }
        return new KpiReport.ClassFigures(serviceClass, requests, ok, client, refusals, gateway, bank, late, failed,
                share(requests - failed, requests), share(gateway, requests), share(bank, requests),
                percentile(buckets, requests, 50), percentile(buckets, requests, 95), percentile(buckets, requests, 99),
                unavailableSeconds, byStatus, buckets);
    }

    /** The upper bound of the bucket holding the p-th percentile's rank (nearest-rank), null above the last bound. */
    static Integer percentile(Map<Integer, Long> buckets, long total, int p) {
        if (total == 0) {
            return null;
        }
        long rank = (total * p + 99) / 100;
        long seen = 0;
        for (Map.Entry<Integer, Long> bucket : new TreeMap<>(buckets).entrySet()) {
            seen += bucket.getValue();
            if (seen >= rank) {
                return bucket.getKey() == LatencyBuckets.OVERFLOW ? null : bucket.getKey();
            }
        }
        return null;
    }

    /** A share rounded to six places; null when nothing was counted. */
    static Double share(long part, long whole) {
        return whole == 0 ? null : Math.round(part * 1_000_000.0 / whole) / 1_000_000.0;
    }

    private KpiReport.Probes probes(KpiRange range, Instant now) {
        Instant first = store.firstProbe();
        if (first == null) {
            return new KpiReport.Probes(0, 0, null);
        }
        // from the first minute ever probed (the service did not exist before) to the last full minute
        Instant start = max(range.from().truncatedTo(ChronoUnit.MINUTES), first);
        Instant end = min(range.to(), now.truncatedTo(ChronoUnit.MINUTES));
        if (!end.isAfter(start)) {
            return new KpiReport.Probes(0, 0, null);
        }
        long expected = (Duration.between(start, end).toSeconds() + 59) / 60;
        long up = store.upMinutes(start, end);
        return new KpiReport.Probes(expected, up, share(up, expected));
    }

    /** Whole seconds of a period in the range (its ends truncated to the second, as bin/kpi's union counts them). */
    private static long overlapSeconds(Instant start, Instant end, KpiRange range) {
        Instant from = max(start, range.from()).truncatedTo(ChronoUnit.SECONDS);
        Instant to = min(end, range.to()).truncatedTo(ChronoUnit.SECONDS);
        return to.isAfter(from) ? Duration.between(from, to).toSeconds() : 0;
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
