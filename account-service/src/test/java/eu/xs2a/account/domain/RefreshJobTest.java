package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The refresh's states as the TPP sees them. Who runs a refresh, and only once at a time, is the task runtime's
 * (RefreshAndBankFailureTest); these are the transitions the job itself allows.
 */
class RefreshJobTest {

    private static final Instant NOW = Instant.parse("2026-11-21T08:00:00Z");

    private static RefreshJob queued() {
        return RefreshJob.queue("sandbox", "PSDDE-BAFIN-1", "c1", "BC-1", true, NOW);
    }

    @Test
    void aQueuedJobStartsIsListedThenFinished() {
        RefreshJob job = queued();
        assertEquals(RefreshStatus.processing, job.status);
        assertFalse(job.listed());
        job.start(NOW);
        assertEquals(RefreshStatus.fetching, job.status);
        job.start(NOW.plusSeconds(1));
        assertEquals(RefreshStatus.fetching, job.status, "its first step run again: still fetching");
        job.listed(3, NOW.plusSeconds(2));
        assertTrue(job.listed());
        assertThrows(IllegalStateException.class, () -> job.listed(3, NOW.plusSeconds(3)), "listed once");
        job.finish(new FetchOutcome(false, 3, 1), NOW.plusSeconds(4));
        assertEquals(RefreshStatus.partiallyFailed, job.status);
        assertEquals(3, job.accountsTotal);
        assertEquals(1, job.accountsFailed);
    }

    @Test
    void aFinalStateNeverChanges() {
        RefreshJob job = queued();
        job.start(NOW);
        job.finish(FetchOutcome.listFailure(), NOW);
        assertEquals(RefreshStatus.fetchingFailed, job.status);
        assertNull(job.accountsTotal);
        assertThrows(IllegalStateException.class, () -> job.start(NOW.plusSeconds(1)));
        assertThrows(IllegalStateException.class, () -> job.listed(1, NOW.plusSeconds(1)));
        assertThrows(IllegalStateException.class, () -> job.finish(new FetchOutcome(false, 1, 0), NOW));
        assertEquals(RefreshStatus.fetchingFailed, job.status);
    }

    @Test
    void anAccountsOutcomeIsRecordedOnce() {
        RefreshJobAccount account = RefreshJobAccount.of(UUID.randomUUID(),
                new AccountDataWriter.AccountToFetch(UUID.randomUUID(), "bank-1", true, false, false));
        assertTrue(account.pending());
        account.end(true);
        assertEquals(RefreshJobAccount.FETCHED, account.outcome);
        assertThrows(IllegalStateException.class, () -> account.end(false));
        assertEquals(RefreshJobAccount.FETCHED, account.outcome);
    }

    @Test
    void outcomes() {
        assertEquals(RefreshStatus.fetchingFailed, FetchOutcome.listFailure().refreshStatus());
        assertEquals(RefreshStatus.fetchingFailed, new FetchOutcome(false, 2, 2).refreshStatus());
        assertEquals(RefreshStatus.partiallyFailed, new FetchOutcome(false, 2, 1).refreshStatus());
        assertEquals(RefreshStatus.fetchingFinished, new FetchOutcome(false, 0, 0).refreshStatus());
    }
}
