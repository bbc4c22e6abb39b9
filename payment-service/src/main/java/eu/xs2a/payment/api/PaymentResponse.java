package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.AccountRef;
import eu.xs2a.payment.domain.Money;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PostalAddress;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.LocalDate;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The payment as initiated plus its transactionStatus (Berlin Group paymentInitiationWithStatusResponse). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record PaymentResponse(
        String endToEndIdentification,
        @Schema(description = "The debtor account the initiation named; for an initiation without one, the account"
                + " the PSU chose on the bank's SCA page, as the bank reports it ({iban, currency}). Absent until the"
                + " PSU has chosen (before the PSU's authorisation, and when the PSU denied or never authorised): the"
                + " Berlin Group schema requires the field, but no account is debited until the PSU picks one, so"
                + " there is none to name yet.")
        AccountRef debtorAccount,
        Money instructedAmount, AccountRef creditorAccount, String creditorAgent, String creditorAgentName,
        String creditorName,
        PostalAddress creditorAddress, String remittanceInformationUnstructured, LocalDate requestedExecutionDate,
        String transactionStatus, PayeeVerificationResponse payeeVerification) {

    /** The debtor account shown is the initiation's, else the one the PSU chose at the bank. */
    static PaymentResponse of(PaymentOrder order, Payment payment) {
        return new PaymentResponse(order.endToEndIdentification(),
                order.debtorAccount() != null ? order.debtorAccount() : payment.chosenDebtorAccount(),
                order.instructedAmount(), order.creditorAccount(), order.creditorAgent(), order.creditorAgentName(),
                order.creditorName(),
                order.creditorAddress(), order.remittanceInformationUnstructured(), order.requestedExecutionDate(),
                payment.transactionStatus().name(), PayeeVerificationResponse.of(payment.payeeVerification()));
    }
}
