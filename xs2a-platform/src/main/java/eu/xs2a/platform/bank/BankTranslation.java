package eu.xs2a.platform.bank;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.ws.rs.WebApplicationException;
import org.jboss.logging.Logger;

/**
 * The one translation of a bank's failed answer into the gateway's error contract, the same for every service's
 * bank port (docs/ARCHITECTURE.md "Bank port", aspsp-sandbox/BANK-API.md):
 *
 * <ul>
 *   <li>no answer (refused, reset, timed out), the provider's circuit open or bulkhead full, a 5xx, or a 4xx other
 *       than 400/409/422 (the gateway's credential refused, a path the bank does not serve, a timeout, a rate limit)
 *       → ServiceUnavailable 503 with Retry-After: nothing about the request itself, so it may be asked again;</li>
 *   <li>400, 409, 422, the bank's judgement of the request (bad input, wrong state, business refusal) →
 *       ServiceInvalid 400, never to be retried as it is;</li>
 *   <li>before either, the port's own {@link BankRefusals} for codes that say more.</li>
 * </ul>
 */
public final class BankTranslation {

    private static final Logger LOG = Logger.getLogger(BankTranslation.class);

    private BankTranslation() {
    }

    /** True when the bank judged the request itself: ServiceInvalid, never to be retried as it is. */
    public static boolean isRefusal(int status) {
        return status == 400 || status == 409 || status == 422;
    }

    /**
     * Whether a failed call counts towards opening the provider's circuit: no answer, a 5xx, 408 or 429 (the bank
     * is down, overloaded or too slow). Any other answer shows a bank that works, so it counts as a success.
     */
    public static boolean countsAgainstBank(Throwable failure) {
        if (failure instanceof Psd2Exception) {
            return false;
        }
        if (failure instanceof WebApplicationException answered && answered.getResponse() != null) {
            int status = answered.getResponse().getStatus();
            return status >= 500 || status == 408 || status == 429;
        }
        return true;
    }

    /**
     * The gateway's error for a failed call to the bank of {@code providerCode}, logged once here.
     *
     * @param what              what the call was to do, in words that end "The bank refused to …" (shown to the TPP)
     * @param retryAfterSeconds the 503's Retry-After
     */
    public static Psd2Exception translate(String providerCode, String what, BankFailure failure,
                                          BankRefusals specific, int retryAfterSeconds) {
        // every error made here is the bank's, as the dedicated-interface KPIs count it
        return translated(providerCode, what, failure, specific, retryAfterSeconds).causedByBank();
    }

    private static Psd2Exception translated(String providerCode, String what, BankFailure failure,
                                            BankRefusals specific, int retryAfterSeconds) {
        switch (failure.kind()) {
            case NOT_CALLED -> {
                LOG.infof("Bank of provider %s not asked to %s: %s", providerCode, what, failure.cause().getMessage());
                return Psd2Exception.serviceUnavailable("The bank is not available to " + what + "; try again later",
                        retryAfterSeconds, failure.cause());
            }
            case NO_ANSWER -> {
                LOG.warnf("Bank of provider %s unreachable to %s: %s", providerCode, what, failure.cause().toString());
                return Psd2Exception.serviceUnavailable("The bank is not available to " + what + "; try again later",
                        retryAfterSeconds, failure.cause());
            }
            default -> {
                return answered(providerCode, what, failure, specific, retryAfterSeconds);
            }
        }
    }

    private static Psd2Exception answered(String providerCode, String what, BankFailure failure,
                                          BankRefusals specific, int retryAfterSeconds) {
        int status = failure.status();
        String answer = "HTTP " + status + (failure.code().isEmpty() ? "" : " " + failure.code())
                + (failure.message().isEmpty() ? "" : " (" + failure.message() + ")");
        Psd2Exception own = specific.translate(failure);
        if (own != null) {
            LOG.infof("Bank of provider %s answered the call to %s with %s: %s", providerCode, what, answer,
                    own.errorClass().text());
            return own;
        }
        if (isRefusal(status)) {
            LOG.infof("Bank of provider %s refused to %s: %s", providerCode, what, answer);
            return new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank refused to " + what
                    + (failure.message().isBlank() ? "" : ": " + failure.message()), failure.cause());
        }
        if (status == 401 || status == 403) {
            // the gateway is misconfigured, not the TPP: an ERROR naming the setting, beside the 503s it causes
            LOG.errorf("Bank of %s refuses the gateway's bank credential (%d): check psd2.providers.%s"
                    + ".bank-credential", providerCode, status, providerCode);
        }
        LOG.warnf("Bank of provider %s failed to %s: %s", providerCode, what, answer);
        return Psd2Exception.serviceUnavailable("The bank could not " + what + "; try again later",
                retryAfterSeconds, failure.cause());
    }
}
