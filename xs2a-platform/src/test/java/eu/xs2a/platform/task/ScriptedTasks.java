package eu.xs2a.platform.task;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The test app's task handler: each subject's runs follow the steps a test scripted for it (then: done), and the
 * handler counts every run and every give-up per subject.
 */
@ApplicationScoped
public class ScriptedTasks implements TaskHandler {

    static final String TYPE = "test-scripted";

    private final Map<String, Deque<Function<Task, TaskOutcome>>> scripts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final List<String> givenUp = new CopyOnWriteArrayList<>();

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        runs.computeIfAbsent(task.subject(), s -> new AtomicInteger()).incrementAndGet();
        Deque<Function<Task, TaskOutcome>> script = scripts.get(task.subject());
        Function<Task, TaskOutcome> step = script == null ? null : script.pollFirst();
        return step == null ? TaskOutcome.done() : step.apply(task);
    }

    @Override
    public void givenUp(Task task, String reason) {
        givenUp.add(task.subject() + ": " + reason);
    }

    /** The next runs of {@code subject}, in order; later runs are done. */
    @SafeVarargs
    final void script(String subject, Function<Task, TaskOutcome>... steps) {
        scripts.put(subject, new ArrayDeque<>(List.of(steps)));
    }

    /** "subject: reason" of every task given up, in order (a method: the bean is reached through its proxy). */
    List<String> givenUp() {
        return List.copyOf(givenUp);
    }

    int runs(String subject) {
        AtomicInteger count = runs.get(subject);
        return count == null ? 0 : count.get();
    }

    void reset() {
        scripts.clear();
        runs.clear();
        givenUp.clear();
    }
}
