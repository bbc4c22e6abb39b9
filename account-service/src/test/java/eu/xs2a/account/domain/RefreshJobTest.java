package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RefreshJobTest {

    private static final Instant NOW = Instant.parse("2026-11-21T08:00:00Z");

    private static RefreshJob queued() {
        return RefreshJob.queue("sandbox", "PSDDE-BAFIN-1", "c1", "BC-1", true, NOW);
    }

    @Test
    void aQueuedJobIsClaimedThenFinished() {
        RefreshJob job = queued();
        assertEquals(RefreshStatus.processing, job.status);
        job.claim("w1", NOW.plusSeconds(30), NOW);
        assertEquals(RefreshStatus.fetching, job.status);
        assertTrue(job.heldBy("w1"));
        assertFalse(job.claimable(NOW.plusSeconds(10)), "the lease keeps other workers off");
        job.finish("w1", new FetchOutcome(false, 3, 0), NOW);
        assertEquals(RefreshStatus.fetchingFinished, job.status);
        assertNull(job.leaseOwner);
        assertFalse(job.claimable(NOW.plusSeconds(60)), "a finished job never runs again");
        assertThrows(IllegalStateException.class, () -> job.claim("w2", NOW.plusSeconds(90), NOW.plusSeconds(60)));
    }

    @Test
    void aJobWhoseLeaseRanOutIsTakenOverAndTheOldWorkerCannotFinishIt() {
        RefreshJob job = queued();
        job.claim("w1", NOW.plusSeconds(30), NOW);
        assertTrue(job.claimable(NOW.plusSeconds(31)));
        job.claim("w2", NOW.plusSeconds(61), NOW.plusSeconds(31));
        assertEquals(2, job.attempts);
        assertThrows(IllegalStateException.class, () -> job.finish("w1", new FetchOutcome(false, 1, 0), NOW));
        job.finish("w2", new FetchOutcome(false, 3, 1), NOW.plusSeconds(40));
        assertEquals(RefreshStatus.partiallyFailed, job.status);
    }

    @Test
    void outcomes() {
        assertEquals(RefreshStatus.fetchingFailed, FetchOutcome.listFailure().refreshStatus());
        assertEquals(RefreshStatus.fetchingFailed, new FetchOutcome(false, 2, 2).refreshStatus());
        assertEquals(RefreshStatus.partiallyFailed, new FetchOutcome(false, 2, 1).refreshStatus());
        assertEquals(RefreshStatus.fetchingFinished, new FetchOutcome(false, 0, 0).refreshStatus());
    }
}
