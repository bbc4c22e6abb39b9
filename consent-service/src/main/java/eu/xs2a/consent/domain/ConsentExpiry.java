package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentState;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.persistence.AccessCountRepository;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Time-driven transitions: valid past validUntil → expired, provider by provider, each on the date of its own bank
 * ({@link ProviderCalendar}); no finished SCA within the deadline (24 h) → rejected; access counts of past days are
 * dropped. Expiry is one set-based update per batch (the rule of {@link Consent#expire}: valid only), so replicas
 * running the job at the same time need no queue of locks: an UPDATE that meets a row another one changed re-checks
 * its status, and each consent expires once. Its log lines are those of the entity's changes, written on commit.
 *
 * <p>The SCA deadline first asks the bank, outside any transaction or lock (as {@link ConsentService#refresh}
 * does), about each overdue consent it has registered: the PSU may have finished SCA there while the browser's return
 * to the callback was lost. The bank's view is applied, and the consent is rejected only if SCA is still unfinished;
 * the bank is then told to close its side too ({@link BankDeletionTask}, enqueued with the rejection). A consent the
 * bank cannot be asked about now is left for the next run.
 */
@ApplicationScoped
public class ConsentExpiry {

    private static final Logger LOG = Logger.getLogger(ConsentExpiry.class);

    @Inject ConsentRepository consents;
    @Inject AuthorisationRepository authorisations;
    @Inject AccessCountRepository accessCounts;
    @Inject ConsentService consentService;
    @Inject BankConsentPort bank;
    @Inject ConsentConfig config;
    @Inject Clock clock;
    @Inject ProviderCalendar calendar;
    @Inject TaskQueue tasks;
    @Inject TransactionSynchronizationRegistry transactions;
    @Inject ConsentNotifications notifications;

    /** The day before which this instance last dropped the access counts (its first run drops them in any case). */
    private volatile LocalDate accessCountsDroppedBefore;

    /** Runs both rules until nothing is left; returns how many consents changed. */
    public int run() {
        int changed = 0;
        // each provider on its own bank's date: at one instant one bank may already be on the next day
        for (String providerCode : calendar.providerCodes()) {
            int batch;
            do {
                batch = QuarkusTransaction.requiringNew().call(() -> expireBatch(providerCode));
                changed += batch;
            } while (batch > 0);
        }
        changed += rejectOverdue();
        dropOldAccessCounts();
        return changed;
    }

    /**
     * Yesterday's counts are kept (a day's last calls may still be racing); older ones are dropped. The day is the
     * westernmost bank's, so no count is dropped that a provider whose day is later still needs. Counts are written
     * for today only, so once a day is enough: the delete scans the whole table (no index on the day, which every
     * unattended read's insert would pay for).
     */
    private void dropOldAccessCounts() {
        calendar.earliestToday().map(earliest -> earliest.minusDays(1))
                .filter(before -> !before.equals(accessCountsDroppedBefore))
                .ifPresent(before -> {
                    QuarkusTransaction.requiringNew().run(() -> accessCounts.deleteBefore(before));
                    accessCountsDroppedBefore = before;
                });
    }

    private int expireBatch(String providerCode) {
        Instant now = clock.instant();
        List<ConsentRepository.Expired> expired = consents.expireValidPast(providerCode,
                calendar.dateOf(providerCode, now), now, config.jobBatchSize());
        List<ConsentStatusChange> changes = expired.stream()
                .map(e -> new ConsentStatusChange(e.id(), providerCode, e.tppId(), ConsentStatus.valid,
                        ConsentStatus.expired, Consent.expiryCause(e.validUntil())))
                .toList();
        notifications.consentChanged(changes);
        ConsentStatusLog.afterCommit(transactions, changes);
        return expired.size();
    }

    /** Pages once through the overdue consents (id order); returns how many changed. */
    private int rejectOverdue() {
        Instant createdBefore = clock.instant().minus(config.scaDeadline());
        int changed = 0;
        String after = "";
        List<Consent> page;
        do {
            String from = after;
            page = QuarkusTransaction.requiringNew()
                    .call(() -> consents.findScaOverdue(createdBefore, from, config.jobBatchSize()));
            for (Consent consent : page) {
                if (settleOverdue(consent, createdBefore)) {
                    changed++;
                }
            }
            after = page.isEmpty() ? after : page.get(page.size() - 1).getId();
        } while (page.size() == config.jobBatchSize());
        return changed;
    }

    /** One overdue consent: the bank's view first (no lock held meanwhile), then the deadline if SCA is unfinished. */
    private boolean settleOverdue(Consent overdue, Instant createdBefore) {
        BankConsentState bankState = null;
        if (overdue.getBankConsentId() != null) {
            try {
                bankState = bank.consentAtBank(overdue.getProviderCode(), overdue.getBankConsentId());
            } catch (Psd2Exception e) {
                LOG.infof("Consent %s is past its SCA deadline, but the bank cannot be asked (%s); left for the"
                        + " next run", overdue.getId(), e.errorClass().text());
                return false;
            }
        }
        BankConsentState seen = bankState;
        return QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.lock(overdue.getId());
            if (consent == null || !consent.getStatus().awaitsSca()) {
                return false; // moved on meanwhile (callback, DELETE, a read)
            }
            Instant now = clock.instant();
            if (seen != null) {
                consentService.applyBankState(consent, seen, now);
            }
            if (consent.getStatus().awaitsSca() && consent.getCreatedAt().isBefore(createdBefore)) {
                consent.scaOverdue(now);
                authorisations.ofConsent(consent.getId()).forEach(a -> a.abandon(now));
                if (consent.isBankDeletePending()) {
                    tasks.enqueue(BankDeletionTask.of(consent));
                }
            }
            return true;
        });
    }
}
