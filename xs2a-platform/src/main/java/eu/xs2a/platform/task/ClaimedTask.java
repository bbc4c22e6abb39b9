package eu.xs2a.platform.task;

import eu.xs2a.platform.task.TaskStore.Claimed;

/**
 * A task its enqueuer holds from the start ({@link TaskQueue#enqueueClaimed}): the caller runs it with
 * {@link TaskQueue#run(ClaimedTask)} once the transaction that added it has committed.
 */
public final class ClaimedTask {

    private final Claimed claimed;

    ClaimedTask(Claimed claimed) {
        this.claimed = claimed;
    }

    Claimed claimed() {
        return claimed;
    }

    public Task task() {
        return claimed.task();
    }
}
