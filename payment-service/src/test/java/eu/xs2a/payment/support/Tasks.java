package eu.xs2a.payment.support;

import eu.xs2a.payment.domain.PaymentTasks;
import eu.xs2a.payment.domain.StatusPolling;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.TaskPoller;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.task.TaskView;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * The payment tasks as a test drives them: the test profile switches the task runtime's poller and the status polling
 * job off ({@code psd2.tasks.poll-every=off}, {@code payment.jobs.status-every=off}), so a test runs what it means to,
 * when it means to. A payment's own task runs through {@link TaskQueue#runNow} (due or not: "the next attempt"), which
 * leaves other tests' leftover tasks alone; {@link #runDue} is one poll, as the scheduler would make it.
 */
@Singleton
public class Tasks {

    @Inject TaskQueue queue;
    @Inject TaskPoller poller;
    @Inject StatusPolling statusPolling;

    /** The payment's submission, its next attempt now. */
    public RunResult submit(String paymentId) {
        return queue.runNow(PaymentTasks.SUBMISSION, paymentId);
    }

    /** The withdrawal of the payment's bank copy, its next attempt now. */
    public RunResult withdraw(String paymentId) {
        return queue.runNow(PaymentTasks.WITHDRAWAL, paymentId);
    }

    /**
     * Rounds of the status polling job until one enqueued the payment's status check (or found nothing more due), then
     * that check: what the job and the poller do for this payment. NOTHING_PENDING: it was not due. Other payments'
     * checks that the rounds enqueued stay queued (the tests' leftovers: each round takes a batch of them).
     */
    public RunResult pollStatus(String paymentId) {
        while (!pending(queue.latest(PaymentTasks.STATUS, paymentId)) && statusPolling.round() > 0) {
            // the next batch
        }
        return queue.runNow(PaymentTasks.STATUS, paymentId);
    }

    private static boolean pending(Optional<TaskView> task) {
        return task.isPresent() && (task.get().state() == TaskView.State.QUEUED
                || task.get().state() == TaskView.State.RUNNING);
    }

    /** One poll of the task runtime: every due task of the service. */
    public int runDue() {
        return poller.runDue();
    }

    public Optional<TaskView> latest(String type, String paymentId) {
        return queue.latest(type, paymentId);
    }
}
