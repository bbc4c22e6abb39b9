package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.LocalDate;

/** The payment as the TPP initiated it, after validation ({@link PaymentOrderRules}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record PaymentOrder(String creditorName, AccountRef creditorAccount, AccountRef debtorAccount,
                           Money instructedAmount, PostalAddress creditorAddress, String creditorAgent,
                           String creditorAgentName,
                           String remittanceInformationUnstructured, String endToEndIdentification,
                           LocalDate requestedExecutionDate) {
}
