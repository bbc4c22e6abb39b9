package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankBasketApi;
import eu.xs2a.consent.aspsp.BankBaskets;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.persistence.SigningBasketRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Task {@value #TYPE}: the bank's copy of a signing basket whose registration the gateway never recorded. Enqueued
 * with every new basket, in the transaction that stores it, and due once the registration's bank call is surely over
 * ({@link SigningBasketService#create}). A registration that was answered has recorded the bank's id by then: the task
 * ends at once. Otherwise (the bank refused it, its answer was lost, or the service stopped before recording it) the
 * bank is asked for a basket under the gateway's id, its idempotency key: one still RCVD is deleted there, as its
 * members could be authorised in no other basket nor alone, and the basket is undone here if it is still here. A bank
 * that cannot be reached is asked again after the runtime's backoff.
 */
@ApplicationScoped
public class BasketWithdrawalTask implements TaskHandler {

    public static final String TYPE = "basket-withdrawal";

    private static final Logger LOG = Logger.getLogger(BasketWithdrawalTask.class);

    @Inject SigningBasketRepository baskets;
    @Inject BankBaskets bank;
    @Inject SigningBasketService service;

    /** The check of a basket just stored, due at {@code due}. */
    public static NewTask of(String basketId, String providerCode, Instant due) {
        return NewTask.of(TYPE, basketId).target(providerCode).notBefore(due);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        String basketId = task.subject();
        String providerCode = task.target();
        if (QuarkusTransaction.requiringNew().call(() -> isRegistered(basketId))) {
            return TaskOutcome.done();
        }
        Optional<BankBasketApi.State> copy;
        try {
            copy = bank.find(providerCode, basketId);
            if (copy.isPresent() && "RCVD".equals(copy.get().transactionStatus())) {
                bank.delete(providerCode, copy.get().bankBasketId());
                LOG.infof("Signing basket %s: its registration went unanswered; the bank's copy %s is deleted",
                        basketId, copy.get().bankBasketId());
            } else if (copy.isPresent() && !"CANC".equals(copy.get().transactionStatus())) {
                // the PSU answered its SCA at the bank meanwhile: the members follow the bank's own events
                LOG.warnf("Signing basket %s: its registration went unanswered, and the bank's copy %s is %s",
                        basketId, copy.get().bankBasketId(), copy.get().transactionStatus());
            }
        } catch (Psd2Exception e) {
            if (e.errorClass() != ErrorClass.STATUS_INVALID) {
                return TaskOutcome.targetUnreachable(BankFailures.describe(e));
            }
            LOG.warnf("Signing basket %s: the bank's copy is being authorised and cannot be deleted", basketId);
        }
        QuarkusTransaction.requiringNew().run(() -> undoUnregistered(basketId));
        return TaskOutcome.done();
    }

    /** Never withdrawn from the bank: the basket is still undone here, so that its consents are free again. */
    @Override
    public void givenUp(Task task, String reason) {
        undoUnregistered(task.subject());
    }

    private boolean isRegistered(String basketId) {
        SigningBasket basket = baskets.findById(basketId);
        return basket != null && basket.getBankBasketId() != null;
    }

    private void undoUnregistered(String basketId) {
        SigningBasket basket = baskets.lock(basketId);
        if (basket != null && basket.getBankBasketId() == null) {
            service.undo(basketId);
            LOG.infof("Signing basket %s, never registered at the bank, is undone: its consents are free again",
                    basketId);
        }
    }
}
