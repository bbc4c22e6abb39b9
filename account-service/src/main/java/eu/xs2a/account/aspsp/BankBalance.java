package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.LocalDate;
import java.time.OffsetDateTime;

@JsonIgnoreProperties(ignoreUnknown = true)
public record BankBalance(String balanceType, BankAmount balanceAmount, Boolean creditLimitIncluded,
                          LocalDate referenceDate, OffsetDateTime lastChangeDateTime) {
}
