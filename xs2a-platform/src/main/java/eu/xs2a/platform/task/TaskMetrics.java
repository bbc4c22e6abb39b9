package eu.xs2a.platform.task;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The tasks on /q/metrics, tagged by type: {@code xs2a_tasks{type,state}} (queued, running, given_up; counted by
 * the poller every {@code psd2.tasks.metrics-every}) and {@code xs2a_task_runs_total{type,result}} (done, retry,
 * given_up, lost). A growing given_up count needs an operator; a growing queue with many retries means the
 * other side is failing.
 */
@Singleton
class TaskMetrics {

    private final MeterRegistry registry;
    private final Map<String, AtomicLong> gauges = new ConcurrentHashMap<>();
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    TaskMetrics(Instance<MeterRegistry> registry) {
        this.registry = registry.isResolvable() ? registry.get() : null;
    }

    /** Sets the gauge of one type and state. */
    void count(String type, TaskView.State state, long value) {
        if (registry == null) {
            return;
        }
        gauges.computeIfAbsent(type + '/' + state, key -> {
            AtomicLong holder = new AtomicLong();
            Gauge.builder("xs2a.tasks", holder, AtomicLong::get).description("Tasks by type and state")
                    .tag("type", type).tag("state", state.column()).register(registry);
            return holder;
        }).set(value);
    }

    /** Counts one run's result. */
    void ran(String type, RunResult result) {
        if (registry == null) {
            return;
        }
        String name = result.name().toLowerCase(Locale.ROOT);
        counters.computeIfAbsent(type + '/' + name, key -> Counter.builder("xs2a.task.runs")
                .description("Task runs by type and result").tag("type", type).tag("result", name)
                .register(registry)).increment();
    }
}
