package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankAccountRef;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Ibans;
import eu.xs2a.platform.validation.IsoCurrencies;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The debtor account the bank reports for a payment whose initiation named none: the one the PSU chose on the bank's
 * SCA page. What the bank sends is checked as a TPP's account reference is (an IBAN with valid check digits, an ISO 4217
 * currency), since the gateway hands it on to the TPP; a reference that fails is the bank's fault, said once per
 * answer and not kept, like a transaction status the gateway does not track ({@link TransactionStatus#fromBank}).
 */
final class ChosenDebtorAccount {

    private static final Logger LOG = Logger.getLogger(ChosenDebtorAccount.class);

    private ChosenDebtorAccount() {
    }

    /** The reported account as the gateway shows it ({@code iban}, {@code currency}?), or empty if none or unusable. */
    static Optional<AccountRef> from(BankAccountRef reported, String paymentId) {
        if (reported == null) {
            return Optional.empty();
        }
        try {
            String iban = Ibans.parse("debtorAccount.iban", reported.iban());
            if (reported.currency() != null) {
                IsoCurrencies.parse("debtorAccount.currency", reported.currency());
            }
            return Optional.of(new AccountRef(iban, null, null, null, reported.currency()));
        } catch (Psd2Exception e) {
            LOG.warnf("Payment %s: the bank reported a debtor account the gateway cannot use (%s); it is not shown",
                    paymentId, e.getMessage());
            return Optional.empty();
        }
    }
}
