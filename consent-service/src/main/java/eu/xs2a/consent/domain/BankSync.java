package eu.xs2a.consent.domain;

import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.consent.persistence.SigningBasketRepository;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Finds the consents the bank may still change (registered, awaiting SCA or valid) that it has told nothing of for
 * {@code consent.bank-sync.stale-after}, and enqueues a {@link BankSyncTask} for each; likewise the open signing
 * baskets within the SCA deadline not asked about for as long ({@link BasketSyncTask}). Safe with several replicas:
 * one pending task per consent or basket (the runtime's unique index), and one checked is not due again for
 * stale-after.
 */
@ApplicationScoped
public class BankSync {

    @Inject ConsentRepository consents;
    @Inject SigningBasketRepository baskets;
    @Inject TaskQueue tasks;
    @Inject ProviderRegistry providers;
    @Inject ConsentConfig config;
    @Inject Clock clock;

    /** Enqueues the checks that are due; answers how many were new (a check still pending is not enqueued again). */
    public int enqueueDue() {
        return QuarkusTransaction.requiringNew().call(() -> {
            Instant now = clock.instant();
            Instant staleBefore = now.minus(config.bankSync().staleAfter());
            List<Consent> due = consents.dueForBankCheck(staleBefore, providers.codes(), BankSyncTask.TYPE,
                    config.jobBatchSize());
            int added = 0;
            for (Consent consent : due) {
                added += tasks.enqueue(BankSyncTask.of(consent)) ? 1 : 0;
            }
            for (SigningBasket basket : baskets.dueForBankCheck(now.minus(config.scaDeadline()), staleBefore,
                    providers.codes(), BasketSyncTask.TYPE, config.jobBatchSize())) {
                added += tasks.enqueue(BasketSyncTask.of(basket.getId(), basket.getProviderCode())) ? 1 : 0;
            }
            return added;
        });
    }
}
