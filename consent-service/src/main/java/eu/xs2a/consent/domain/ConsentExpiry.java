package eu.xs2a.consent.domain;

import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.persistence.AccessCountRepository;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.narayana.jta.QuarkusTransaction;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Time-driven transitions: valid past validUntil → expired; no finished SCA within the deadline (24 h) →
 * rejected; access counts of past days are dropped. Each batch takes its rows with FOR UPDATE SKIP LOCKED, so
 * replicas running the job at the same time share the work instead of fighting over it, and the entity applies
 * each transition.
 */
@ApplicationScoped
public class ConsentExpiry {

    private final ConsentRepository consents;
    private final AuthorisationRepository authorisations;
    private final AccessCountRepository accessCounts;
    private final ConsentConfig config;
    private final Clock clock;

    public ConsentExpiry(ConsentRepository consents, AuthorisationRepository authorisations,
                         AccessCountRepository accessCounts, ConsentConfig config, Clock clock) {
        this.consents = consents;
        this.authorisations = authorisations;
        this.accessCounts = accessCounts;
        this.config = config;
        this.clock = clock;
    }

    /** Runs both rules until nothing is left; returns how many consents changed. */
    public int run() {
        int changed = 0;
        int batch;
        do {
            batch = QuarkusTransaction.requiringNew().call(this::expireBatch);
            changed += batch;
        } while (batch > 0);
        do {
            batch = QuarkusTransaction.requiringNew().call(this::rejectOverdueBatch);
            changed += batch;
        } while (batch > 0);
        // yesterday's counts are kept (a day's last calls may still be racing); older ones are dropped
        LocalDate yesterday = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).minusDays(1);
        QuarkusTransaction.requiringNew().run(() -> accessCounts.deleteBefore(yesterday));
        return changed;
    }

    private int expireBatch() {
        Instant now = clock.instant();
        List<Consent> due = consents.lockValidPast(LocalDate.ofInstant(now, ZoneOffset.UTC), config.jobBatchSize());
        due.forEach(consent -> consent.expire(now));
        return due.size();
    }

    private int rejectOverdueBatch() {
        Instant now = clock.instant();
        List<Consent> due = consents.lockScaOverdue(now.minus(config.scaDeadline()), config.jobBatchSize());
        for (Consent consent : due) {
            consent.scaOverdue(now);
            authorisations.ofConsent(consent.getId()).forEach(a -> a.abandon(now));
        }
        return due.size();
    }
}
