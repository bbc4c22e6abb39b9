package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.LocalDate;

/** The payment as the TPP initiated it, after validation ({@link PaymentOrderRules}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record PaymentOrder(String creditorName, AccountRef creditorAccount, AccountRef debtorAccount,
                           Money instructedAmount, PostalAddress creditorAddress, String creditorAgentName,
                           String remittanceInformationUnstructured, String endToEndIdentification,
                           LocalDate requestedExecutionDate) {

    /** The same order with the debtor account the PSU picked at the bank. */
    public PaymentOrder withDebtorAccount(AccountRef debtor) {
        return new PaymentOrder(creditorName, creditorAccount, debtor, instructedAmount, creditorAddress,
                creditorAgentName, remittanceInformationUnstructured, endToEndIdentification, requestedExecutionDate);
    }
}
