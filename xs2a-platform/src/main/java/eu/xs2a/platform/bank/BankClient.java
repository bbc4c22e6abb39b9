package eu.xs2a.platform.bank;

import eu.xs2a.platform.error.Psd2Exception;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import java.util.function.BiFunction;

/**
 * One bank API of one provider: its REST client and the provider's guard. A call runs outside the caller's
 * transaction, through the guard, and any failure leaves as the gateway's {@link Psd2Exception}
 * ({@link BankTranslation}). Made and cached by {@link BankClients}.
 *
 * @param <A> the bank API's REST client interface
 */
public final class BankClient<A> {

    private final String providerCode;
    private final A api;
    private final String authorization;
    private final CallGuard guard;
    private final TransactionManager transactions;
    private final int retryAfterSeconds;
    private final BankCallMetrics metrics;

    BankClient(String providerCode, A api, String bankCredential, CallGuard guard, TransactionManager transactions,
               int retryAfterSeconds, BankCallMetrics metrics) {
        this.providerCode = providerCode;
        this.api = api;
        this.authorization = "Bearer " + bankCredential;
        this.guard = guard;
        this.transactions = transactions;
        this.retryAfterSeconds = retryAfterSeconds;
        this.metrics = metrics;
    }

    /** The same as {@link #call(String, BiFunction, BankRefusals)} with the shared translation alone. */
    public <T> T call(String what, BiFunction<A, String, T> call) {
        return call(what, call, BankRefusals.NONE);
    }

    /**
     * Calls the bank: {@code call} gets the REST client and the {@code Authorization} header's value (the provider's
     * credential as a bearer token).
     *
     * @param what     what the call does, completing "The bank refused to …" (shown to the TPP: no internal ids)
     * @param specific the port's own reading of the bank's error codes, before the shared table
     */
    public <T> T call(String what, BiFunction<A, String, T> call, BankRefusals specific) {
        Transaction suspended = suspend();
        long started = System.nanoTime();
        try {
            T answer = guard.call(() -> call.apply(api, authorization));
            metrics.record(providerCode, "answered", System.nanoTime() - started);
            return answer;
        } catch (Psd2Exception e) {
            metrics.record(providerCode, "failed", System.nanoTime() - started);
            throw e;
        } catch (RuntimeException e) {
            BankFailure failure = BankFailure.of(e);
            metrics.record(providerCode, BankCallMetrics.outcome(failure), System.nanoTime() - started);
            throw BankTranslation.translate(providerCode, what, failure, specific, retryAfterSeconds);
        } finally {
            resume(suspended);
        }
    }

    /*
     * The HTTP call runs with the caller's transaction suspended (its row locks stay held by its connection). The REST
     * client completes on Vert.x threads; with the transaction still active, context propagation would associate them
     * with it, and a failing call could then break the caller's commit ("committing with 2 threads active").
     */
    private Transaction suspend() {
        try {
            return transactions.suspend();
        } catch (SystemException e) {
            throw new IllegalStateException("Cannot suspend the transaction around a bank call", e);
        }
    }

    private void resume(Transaction suspended) {
        if (suspended == null) {
            return;
        }
        try {
            transactions.resume(suspended);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot resume the transaction after a bank call", e);
        }
    }
}
