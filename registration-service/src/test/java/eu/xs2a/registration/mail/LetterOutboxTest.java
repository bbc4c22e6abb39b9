package eu.xs2a.registration.mail;

import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.signed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.config.MailConfig;
import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.domain.LetterOutbox;
import eu.xs2a.registration.persistence.LetterRepository;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.TestSmtp;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A mail server that is down delays a letter; it never fails the registration nor loses the letter. */
@QuarkusTest
class LetterOutboxTest {

    private static final String JOB = "letter-outbox";

    @Inject
    Scheduler scheduler;

    @Inject
    LetterRepository letters;

    @Inject
    LetterOutbox outbox;

    @Inject
    MailConfig mail;

    @Test
    void aLetterWaitsInTheOutboxWhileTheMailServerIsDownAndArrivesWhenItIsBack() throws Exception {
        TestSmtp.server();
        TestSmtp.stop();
        String representative = Api.email("down");
        try {
            TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Kappa", Role.PSP_AI);
            String body = """
                    {"company": {"name": "Kappa AG", "email": "office@kappa.example"},
                     "representative": {"name": "Kim Kappa", "email": "%s"},
                     "certificate": {"name": "kappa", "type": "qseal"}}""".formatted(representative);
            signed(tpp, "POST", BG_REGISTER, body).then().statusCode(200);

            Letter failed = awaitLetter(representative, l -> l.attempts >= 2);
            assertEquals(Letter.Status.PENDING, failed.status, "a failed letter stays pending for the next attempt");
            assertNotNull(failed.lastError);
            assertTrue(failed.nextAttemptAt.isAfter(failed.createdAt), "retried later, with backoff");
        } finally {
            TestSmtp.start();
        }
        MimeMessage letter = TestSmtp.awaitLetterTo(representative);
        assertEquals("Your registration as a TPP is confirmed", letter.getSubject());
        Letter sent = awaitLetter(representative, l -> l.status == Letter.Status.SENT);
        assertNotNull(sent.sentAt);
        assertEquals(1, TestSmtp.lettersTo(representative).size(), "sent exactly once");
    }

    /**
     * Two replicas never send the same letter: letters locked by one transaction ({@code FOR UPDATE SKIP LOCKED}) are
     * skipped by another one, which does not wait for them either.
     */
    @Test
    void lettersLockedByOneReplicaAreSkippedByAnother() throws Exception {
        scheduler.pause(JOB);
        try {
            String recipient = Api.email("locks");
            Instant longAgo = Instant.parse("2000-01-01T00:00:00Z");
            Set<UUID> mine = QuarkusTransaction.requiringNew().call(() -> {
                Set<UUID> ids = new HashSet<>();
                for (int i = 0; i < 3; i++) {
                    Letter letter = Letter.pending(recipient, "s", "t", "<p>h</p>", longAgo);
                    letters.persist(letter);
                    ids.add(letter.id);
                }
                return ids;
            });
            CountDownLatch locked = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ExecutorService replicaA = Executors.newSingleThreadExecutor();
            try {
                Future<Set<UUID>> first = replicaA.submit(() -> QuarkusTransaction.requiringNew().call(() -> {
                    Set<UUID> ids = ids(letters.lockDue(Instant.now(), 100));
                    locked.countDown();
                    release.await();
                    return ids;
                }));
                assertTrue(locked.await(60, TimeUnit.SECONDS), "replica A locked its letters");
                Set<UUID> second = QuarkusTransaction.requiringNew().call(() -> ids(letters.lockDue(Instant.now(), 100)));
                release.countDown();
                Set<UUID> byA = first.get(60, TimeUnit.SECONDS);
                assertTrue(byA.containsAll(mine), "replica A holds the letters");
                assertTrue(second.stream().noneMatch(mine::contains), "replica B skipped them: " + second);
            } finally {
                release.countDown();
                replicaA.shutdownNow();
            }
        } finally {
            scheduler.resume(JOB);
        }
    }

    /**
     * A batch is sent one letter after another, each up to the mail timeout: the n-th letter is leased for n timeouts
     * plus the lease, and only the replica whose lease a letter still carries records its outcome.
     */
    @Test
    void eachLetterIsLeasedForItsPlaceInTheBatchAndOnlyItsLeaseHolderRecordsTheOutcome() {
        scheduler.pause(JOB);
        try {
            String recipient = Api.email("lease");
            Instant longAgo = Instant.parse("1990-01-01T00:00:00Z"); // before every other test's letters: claimed first
            List<UUID> mine = QuarkusTransaction.requiringNew().call(() -> {
                List<UUID> ids = new java.util.ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    Letter letter = Letter.pending(recipient, "s" + i, "t", "<p>h</p>", longAgo.plusSeconds(i));
                    letters.persist(letter);
                    ids.add(letter.id);
                }
                return ids;
            });
            Instant before = Instant.now();
            List<Letter> claimed = outbox.claimDue();
            List<Letter> ours = claimed.stream().filter(l -> mine.contains(l.id)).toList();
            assertEquals(mine, ours.stream().map(l -> l.id).toList(), "claimed oldest first");
            for (int i = 0; i < ours.size(); i++) {
                Duration expected = mail.timeout().multipliedBy(i + 1L).plus(mail.outbox().lease());
                Duration leased = Duration.between(before, ours.get(i).nextAttemptAt);
                assertTrue(leased.compareTo(expected.minusSeconds(1)) >= 0 && leased.compareTo(expected.plusSeconds(5)) <= 0,
                        "letter " + i + " leased for " + leased + ", expected " + expected);
            }

            // another replica claimed the first letter after this lease ran out: this replica's outcome is not recorded
            Letter first = ours.get(0);
            Instant othersLease = first.nextAttemptAt.plusSeconds(60);
            QuarkusTransaction.requiringNew().run(() -> letters.findById(first.id).nextAttemptAt = othersLease);
            outbox.markSent(first.id, first.nextAttemptAt);
            outbox.markFailed(first.id, first.nextAttemptAt, "late");
            Letter untouched = QuarkusTransaction.requiringNew().call(() -> letters.findById(first.id));
            assertEquals(Letter.Status.PENDING, untouched.status);
            assertEquals(0, untouched.attempts);
            outbox.markSent(first.id, othersLease);
            assertEquals(Letter.Status.SENT, QuarkusTransaction.requiringNew().call(() -> letters.findById(first.id)).status);

            // the lease holder records its outcome
            for (Letter letter : ours.subList(1, ours.size())) {
                outbox.markSent(letter.id, letter.nextAttemptAt);
                assertEquals(Letter.Status.SENT,
                        QuarkusTransaction.requiringNew().call(() -> letters.findById(letter.id)).status);
            }
            // the others' letters claimed here go back to being due
            claimed.stream().filter(l -> !mine.contains(l.id)).forEach(l -> QuarkusTransaction.requiringNew().run(() ->
                    letters.findById(l.id).nextAttemptAt = Instant.now()));
        } finally {
            scheduler.resume(JOB);
        }
    }

    private static Set<UUID> ids(List<Letter> letters) {
        Set<UUID> ids = new HashSet<>();
        letters.forEach(l -> ids.add(l.id));
        return ids;
    }

    private static Letter awaitLetter(String recipient, java.util.function.Predicate<Letter> condition)
            throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            List<Letter> letters = QuarkusTransaction.requiringNew().call(
                    () -> Letter.<Letter>list("recipient", recipient));
            if (letters.size() == 1 && condition.test(letters.get(0))) {
                return letters.get(0);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("The letter to " + recipient + " never reached the expected state");
    }
}
