package eu.xs2a.platform.kpi;

import eu.xs2a.platform.FailureLog;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * The KPIs' background work: writing the counts to the database every {@code psd2.kpi.flush-every} (and at
 * shutdown, and before a report), the self-probe every {@code psd2.kpi.probe-every}, and at start the ending of
 * unavailable periods a dead replica left open. A crash (kill -9) loses the counts of at most one flush interval.
 */
@Singleton
public class KpiJobs {

    private static final Logger LOG = Logger.getLogger(KpiJobs.class);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    @Inject KpiRecorder recorder;
    @Inject KpiStore store;
    @Inject Clock clock;
    private volatile HttpClient http;

    void started(@Observes StartupEvent start) {
        if (!recorder.enabled()) {
            return;
        }
        try {
            int closed = store.closeOrphans(clock.instant());
            if (closed > 0) {
                LOG.infof("Ended %d unavailable period(s) left open by a replica that stopped", closed);
            }
        } catch (RuntimeException e) {
            FailureLog.warn(LOG, "Cannot end the unavailable periods left open (the database is unavailable?)", e);
        }
    }

    void stopping(@Observes ShutdownEvent stop) {
        if (!recorder.enabled()) {
            return;
        }
        try {
            flush();
        } catch (RuntimeException e) {
            FailureLog.warn(LOG, "The KPI counts since the last flush are lost: cannot write them", e);
        }
    }

    @Scheduled(identity = "kpi-flush", every = "${psd2.kpi.flush-every:10s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void scheduledFlush() {
        if (!recorder.enabled()) {
            return;
        }
        try {
            flush();
        } catch (RuntimeException e) {
            FailureLog.warn(LOG, "Cannot write the KPI counts; kept in memory for the next try", e);
        }
    }

    /** Writes every count made so far; what cannot be written is kept for the next flush. */
    public synchronized void flush() {
        List<KpiRecorder.Drained> drained = recorder.drain();
        List<Streak.Change> changes = recorder.pendingChanges();
        if (drained.isEmpty() && changes.isEmpty()) {
            return;
        }
        try {
            store.write(drained, changes);
        } catch (RuntimeException e) {
            recorder.restore(drained);
            throw e;
        }
        recorder.written(changes);
    }

    @Scheduled(identity = "kpi-probe", every = "${psd2.kpi.probe-every:20s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void scheduledProbe() {
        if (!recorder.enabled()) {
            return;
        }
        try {
            probe();
        } catch (RuntimeException e) {
            FailureLog.warn(LOG, "Cannot record the self-probe (the database is unavailable?)", e);
        }
    }

    /**
     * Asks the service's own readiness endpoint, over HTTP as the cluster's probe does, and records the minute as up
     * when it answered 200 (a minute without a record counts as down in the report).
     */
    public void probe() {
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        store.probed(minute, ready());
    }

    private boolean ready() {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + ownHost() + ":" + ownPort()
                            + "/q/health/ready"))
                    .timeout(PROBE_TIMEOUT).GET().build();
            return client().send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private HttpClient client() {
        if (http == null) {
            http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
        }
        return http;
    }

    /** The address this process listens on: loopback when it listens on every address. */
    private static String ownHost() {
        String host = ConfigProvider.getConfig().getOptionalValue("quarkus.http.host", String.class).orElse("0.0.0.0");
        return host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host.contains(":") ? "[" + host + "]" : host;
    }

    /** The HTTP port this process listens on (in tests the one Quarkus chose). */
    private static int ownPort() {
        String key = LaunchMode.current() == LaunchMode.TEST ? "quarkus.http.test-port" : "quarkus.http.port";
        return ConfigProvider.getConfig().getOptionalValue(key, Integer.class).orElse(8080);
    }
}
