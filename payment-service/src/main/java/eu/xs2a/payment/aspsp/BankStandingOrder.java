package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.StandingOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** The standing order of {@code POST /bank/v1/payments} (BANK-API.md "Standing orders"); dates as ISO text. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record BankStandingOrder(String startDate, String endDate, String executionRule, String frequency,
                                String dayOfExecution, List<String> monthsOfExecution) {

    public static BankStandingOrder of(StandingOrder terms) {
        return terms == null ? null : new BankStandingOrder(terms.startDate().toString(),
                terms.endDate() == null ? null : terms.endDate().toString(), terms.executionRule(), terms.frequency(),
                terms.dayOfExecution(), terms.monthsOfExecution());
    }
}
