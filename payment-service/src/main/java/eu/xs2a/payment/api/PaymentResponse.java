package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.AccountRef;
import eu.xs2a.payment.domain.Money;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PostalAddress;
import java.time.LocalDate;

/** The payment as initiated plus its transactionStatus (Berlin Group paymentInitiationWithStatusResponse). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentResponse(String endToEndIdentification, AccountRef debtorAccount, Money instructedAmount,
                              AccountRef creditorAccount, String creditorAgentName, String creditorName,
                              PostalAddress creditorAddress, String remittanceInformationUnstructured,
                              LocalDate requestedExecutionDate, String transactionStatus) {

    static PaymentResponse of(PaymentOrder order, String transactionStatus) {
        return new PaymentResponse(order.endToEndIdentification(), order.debtorAccount(), order.instructedAmount(),
                order.creditorAccount(), order.creditorAgentName(), order.creditorName(), order.creditorAddress(),
                order.remittanceInformationUnstructured(), order.requestedExecutionDate(), transactionStatus);
    }
}
