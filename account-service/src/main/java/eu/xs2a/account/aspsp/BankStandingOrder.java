package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * A standing order the bank runs from an account ({@code GET …/accounts/{id}/standing-orders}, aspsp-sandbox/BANK-API.md
 * "Standing orders of an account"): the periodic payment's creditor, amount and remittance, and its terms.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankStandingOrder(String bankPaymentId, String transactionStatus, String creditorName,
                                Map<String, String> creditorAccount, BankAmount instructedAmount,
                                String remittanceInformationUnstructured, String endToEndId, Terms standingOrder) {

    /** The order's terms as the standard's standingOrderDetails has them, and the bank's next execution day. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Terms(LocalDate startDate, LocalDate endDate, String executionRule, String frequency,
                        String dayOfExecution, List<String> monthsOfExecution, Integer executions,
                        LocalDate nextExecutionDate) {
    }
}
