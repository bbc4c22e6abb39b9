package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankBasketApi;
import eu.xs2a.consent.aspsp.BankBaskets;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.persistence.SigningBasketRepository;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Asks the bank about an open signing basket and applies its view ({@link SigningBasketService#apply}): the bank
 * sends no basket events, so a basket authorised without the TPP reading it (decoupled, in the PSU's app) is noticed
 * here, and its notifications go out. Enqueued by {@link BankSync} for baskets not asked about for
 * {@code consent.bank-sync.stale-after}, and with every bank event or view of a member consent
 * ({@link BankStatusUpdates}). Read in a short transaction, the bank called with none open; a bank that cannot be
 * reached is tried again after the runtime's backoff.
 */
@ApplicationScoped
public class BasketSyncTask implements TaskHandler {

    public static final String TYPE = "basket-bank-sync";

    @Inject SigningBasketRepository baskets;
    @Inject BankBaskets bank;
    @Inject SigningBasketService service;

    public static NewTask of(String basketId, String providerCode) {
        return NewTask.of(TYPE, basketId).target(providerCode);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        SigningBasket basket = QuarkusTransaction.requiringNew().call(() -> baskets.findById(task.subject()));
        if (basket == null || basket.getTransactionStatus().isFinal() || basket.getBankBasketId() == null) {
            return TaskOutcome.done();
        }
        BankBasketApi.State state;
        try {
            state = bank.read(basket.getProviderCode(), basket.getBankBasketId());
        } catch (Psd2Exception e) {
            return TaskOutcome.targetUnreachable(BankFailures.describe(e));
        }
        service.apply(basket.getId(), state);
        return TaskOutcome.done();
    }
}
