package eu.xs2a.registration.mail;

import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.signed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.task.TaskPoller;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.task.TaskView;
import eu.xs2a.registration.domain.Letter;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A mail server that is down delays a letter; it never fails the registration nor loses the letter. Letters are sent
 * by the task runtime (task type registration-letter), whose poller runs every second in tests.
 */
@QuarkusTest
class LetterOutboxTest {

    /** The task runtime's poller (TaskPoller). */
    private static final String POLLER = "tasks";

    @Inject Scheduler scheduler;
    @Inject LetterRepository letters;
    @Inject TaskQueue tasks;
    @Inject TaskPoller poller;

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

            Letter waiting = awaitLetter(representative, letter -> task(letter).attempts() >= 2);
            assertEquals(Letter.Status.PENDING, waiting.status, "a failed letter stays pending for the next attempt");
            TaskView task = task(waiting);
            assertEquals(TaskView.State.QUEUED, task.state(), "retried later, with backoff");
            assertNotNull(task.lastError());
            assertTrue(!task.lastError().contains(representative), "no address in the row: " + task.lastError());
        } finally {
            TestSmtp.start();
        }
        MimeMessage letter = TestSmtp.awaitLetterTo(representative);
        assertEquals("Your registration as a TPP is confirmed", letter.getSubject());
        // the letter is SENT in the handler's transaction, its task DONE in the runtime's next one
        Letter sent = awaitLetter(representative,
                l -> l.status == Letter.Status.SENT && task(l).state() == TaskView.State.DONE);
        assertNotNull(sent.sentAt);
        assertEquals(1, TestSmtp.lettersTo(representative).size(), "sent exactly once");
    }

    private boolean allSent(String recipient) {
        return QuarkusTransaction.requiringNew().call(() -> letters.forRecipient(recipient)).stream()
                .allMatch(l -> l.status == Letter.Status.SENT);
    }

    /** Replicas polling at the same time send each letter once (each claims its own tasks, SKIP LOCKED). */
    @Test
    void replicasPollingAtOnceSendEachLetterOnce() throws Exception {
        TestSmtp.server();
        scheduler.pause(POLLER);
        try {
            String recipient = Api.email("replicas");
            int count = 12;
            QuarkusTransaction.requiringNew().run(() -> {
                for (int i = 0; i < count; i++) {
                    Letter letter = Letter.pending(recipient, "letter " + i, "t", "<p>h</p>", Instant.now());
                    letters.persist(letter);
                    tasks.enqueue(LetterTask.of(letter));
                }
            });
            int replicas = 3;
            CyclicBarrier start = new CyclicBarrier(replicas);
            ExecutorService threads = Executors.newFixedThreadPool(replicas);
            try {
                List<Future<Integer>> polls = new ArrayList<>();
                for (int i = 0; i < replicas; i++) {
                    polls.add(threads.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        return poller.runDue();
                    }));
                }
                for (Future<Integer> poll : polls) {
                    poll.get(60, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }
            // a send that timed out on a busy machine is retried with backoff: poll on until every letter is out
            // (the bound only stops a hang); what this test proves is that no letter went out twice
            Instant deadline = Instant.now().plusSeconds(60);
            while (!allSent(recipient) && Instant.now().isBefore(deadline)) {
                poller.runDue();
                Thread.sleep(100);
            }
            List<MimeMessage> received = TestSmtp.lettersTo(recipient);
            Set<String> subjects = received.stream().map(LetterOutboxTest::subject).collect(Collectors.toSet());
            assertEquals(count, received.size(), "each letter once: " + subjects);
            assertEquals(count, subjects.size());
            assertTrue(QuarkusTransaction.requiringNew().call(() -> letters.forRecipient(recipient)).stream()
                    .allMatch(l -> l.status == Letter.Status.SENT));
        } finally {
            scheduler.resume(POLLER);
        }
    }

    private TaskView task(Letter letter) {
        return tasks.latest(LetterTask.TYPE, letter.id.toString()).orElseThrow();
    }

    private static String subject(MimeMessage message) {
        try {
            return message.getSubject();
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Letter awaitLetter(String recipient, Predicate<Letter> condition) throws InterruptedException {
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
