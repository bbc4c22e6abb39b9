package eu.xs2a.consent.domain;

import jakarta.inject.Inject;
import jakarta.persistence.PostPersist;
import jakarta.persistence.PostUpdate;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Writes a consent's status changes to the log (INFO: consent, provider, TPP, from → to, cause) once the transaction
 * that stored them has committed. A change is logged by the entity listener of {@link Consent} when it is written
 * (insert or update, always inside a transaction), through a synchronization whose afterCompletion logs only on
 * commit: a change whose transaction rolls back (a failed statement or commit, a later step of the same transaction
 * failing) never appears in the log as if it had happened, and one never written (an entity no transaction stores)
 * is not logged at all. The logger is still {@link Consent}'s, so filters and alerts on it keep working.
 */
public class ConsentStatusLog {

    private static final Logger LOG = Logger.getLogger(Consent.class);

    @Inject TransactionSynchronizationRegistry transactions;
    @Inject ConsentNotifications notifications;

    @PostPersist
    @PostUpdate
    void written(Consent consent) {
        List<ConsentStatusChange> changes = consent.takeStatusChanges();
        if (consent.notificationWishes().uri() != null) {
            // the outbox reads the wishes back from the row; a consent without any has nothing to record
            notifications.consentChanged(changes);
        }
        afterCommit(transactions, changes);
    }

    /**
     * Logs changes written without the entity (the expiry job's set-based update) once the current transaction has
     * committed, as for the entity's own.
     */
    static void afterCommit(TransactionSynchronizationRegistry transactions, List<ConsentStatusChange> changes) {
        if (!changes.isEmpty()) {
            transactions.registerInterposedSynchronization(new AfterCommit(List.copyOf(changes)));
        }
    }

    private record AfterCommit(List<ConsentStatusChange> changes) implements Synchronization {

        @Override
        public void beforeCompletion() {
            // nothing to do before: the lines are only for a committed change
        }

        @Override
        public void afterCompletion(int status) {
            if (status != Status.STATUS_COMMITTED) {
                return;
            }
            for (ConsentStatusChange change : changes) {
                LOG.infof("Consent %s (provider %s, TPP %s): %s -> %s, %s", change.consentId(),
                        change.providerCode(), change.tppId(), change.from(), change.to(), change.cause());
            }
        }
    }
}
