package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankTransactionPage(List<BankTransaction> transactions, int page, int size, int totalPages,
                                  long totalElements) {
}
