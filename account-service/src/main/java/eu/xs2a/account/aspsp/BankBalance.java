package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.LocalDate;
import java.time.OffsetDateTime;

@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankBalance(String balanceType, BankAmount balanceAmount, Boolean creditLimitIncluded,
                          LocalDate referenceDate, OffsetDateTime lastChangeDateTime) {
}
