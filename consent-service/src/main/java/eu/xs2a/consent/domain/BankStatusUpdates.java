package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentState;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * What the bank says of a consent's status without being asked by a TPP's request: its status events
 * ({@code POST /internal/v1/bank-events}) and the polling job's answers ({@link BankSyncTask}). Both end in
 * {@link #apply}, the SCA callback's own path ({@code ConsentService.applyBankState}): only moves of the consent's
 * state machine are taken, so a replayed event or one for a final consent changes nothing, and each change is in the
 * consent's status log. Each call is one short transaction with the consent row locked; the one bank call, for the grant of a
 * bank-offered consent the bank says is valid, runs afterwards as a {@link BankSyncTask}.
 */
@ApplicationScoped
public class BankStatusUpdates {

    private static final Logger LOG = Logger.getLogger(BankStatusUpdates.class);

    @Inject ConsentRepository consents;
    @Inject ConsentService consentService;
    @Inject Clock clock;
    @Inject TaskQueue tasks;

    /**
     * Applies a bank's event to the consent with that bank id among the consents of {@code providerCodes} (the
     * providers whose bank credential the sender presented). An event older than the newest applied is ignored.
     *
     * @throws Psd2Exception ResourceUnknown (404) when none of these providers has a consent with that bank id (the
     *                       bank retries: the gateway may not have stored a consent it just registered)
     */
    public void applyEvent(Set<String> providerCodes, BankStatusEvent event) {
        String askBank = QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.lockByBankId(event.bankConsentId(), providerCodes)
                    .orElseThrow(() -> new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                            "No consent with bank consent id '" + Ids.shown(event.bankConsentId()) + "'"));
            Instant now = clock.instant();
            if (!consent.takesBankEventOf(event.occurredAt())) {
                consent.heardFromBank(now);
                LOG.infof("Bank event %s for consent %s (%s at %s) is older than one applied before; ignored",
                        event.eventId(), consent.getId(), event.bankStatus(), event.occurredAt());
                return null;
            }
            apply(consent, new BankConsentState(event.bankConsentId(), null, event.bankStatus(),
                    impliedScaStatus(event.bankStatus()), null), now);
            if ("valid".equals(event.bankStatus()) && consent.awaitsBankOfferedGrant()) {
                // the event does not say what the PSU granted: the bank's view of the consent does
                tasks.enqueue(BankSyncTask.of(consent));
                return consent.getId();
            }
            return null;
        });
        if (askBank != null) {
            try {
                tasks.runNow(BankSyncTask.TYPE, askBank);
            } catch (RuntimeException e) {
                LOG.warnf("Could not ask the bank for the access granted to consent %s now; the task runtime "
                        + "retries: %s", askBank, e);
            }
        }
    }

    /** Applies the bank's answer to the polling job's {@code GET /bank/v1/consents/{id}}. */
    public void applyBankView(String consentId, BankConsentState state) {
        QuarkusTransaction.requiringNew().run(() -> {
            Consent consent = consents.lock(consentId);
            if (consent != null) {
                apply(consent, state, clock.instant());
            }
        });
    }

    /**
     * The one way both apply the bank's view: the SCA callback's status check. A member of a signing basket changes
     * only with the basket's SCA, which the bank does not report itself: its basket is asked about too.
     */
    private void apply(Consent consent, BankConsentState state, Instant now) {
        consentService.applyBankState(consent, state, now);
        if (consent.getBasketId() != null) {
            tasks.enqueue(BasketSyncTask.of(consent.getBasketId(), consent.getProviderCode()));
        }
    }

    /** An event carries no SCA status: a consent's valid means its SCA finished, rejected that it failed. */
    private static String impliedScaStatus(String bankStatus) {
        return switch (bankStatus) {
            case "valid" -> "finalised";
            case "rejected" -> "failed";
            default -> null;
        };
    }
}
