package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.AccountRef;
import eu.xs2a.payment.domain.Money;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PostalAddress;
import eu.xs2a.payment.domain.StandingOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.LocalDate;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A periodic payment as initiated plus its transactionStatus (Berlin Group periodicPaymentInitiationWithStatusResponse);
 * monthsOfExecution for a MonthlyVariable order, payeeVerification an extension, as for a single payment.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record PeriodicPaymentResponse(
        String endToEndIdentification,
        @Schema(description = "As for a single payment: absent until the PSU has chosen the account at the bank when"
                + " the initiation named none")
        AccountRef debtorAccount,
        Money instructedAmount, AccountRef creditorAccount, String creditorAgent, String creditorAgentName,
        String creditorName, PostalAddress creditorAddress, String remittanceInformationUnstructured,
        LocalDate startDate, LocalDate endDate, String executionRule, String frequency, String dayOfExecution,
        List<String> monthsOfExecution, String transactionStatus, PayeeVerificationResponse payeeVerification) {

    static PeriodicPaymentResponse of(PaymentOrder order, Payment payment) {
        StandingOrder terms = payment.standingOrder();
        return new PeriodicPaymentResponse(order.endToEndIdentification(),
                order.debtorAccount() != null ? order.debtorAccount() : payment.chosenDebtorAccount(),
                order.instructedAmount(), order.creditorAccount(), order.creditorAgent(), order.creditorAgentName(),
                order.creditorName(), order.creditorAddress(), order.remittanceInformationUnstructured(),
                terms.startDate(), terms.endDate(), terms.executionRule(), terms.frequency(), terms.dayOfExecution(),
                terms.monthsOfExecution(), payment.transactionStatus().name(),
                PayeeVerificationResponse.of(payment.payeeVerification()));
    }
}
