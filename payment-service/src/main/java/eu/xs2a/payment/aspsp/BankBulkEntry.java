package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/** One credit transfer of a bulk payment in {@code POST /bank/v1/payments} (BANK-API.md "Bulk payments"). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record BankBulkEntry(String creditorName, BankAccountRef creditorAccount, Map<String, String> creditorAddress,
                            String creditorAgent, String creditorAgentName, Map<String, String> instructedAmount,
                            String remittanceInformationUnstructured, String endToEndIdentification) {
}
