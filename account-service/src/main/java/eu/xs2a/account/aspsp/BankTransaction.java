package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.LocalDate;
import java.util.Map;

/** A booked or pending transaction; {@code transactionId} is the bank's unique id. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BankTransaction(String transactionId, String entryReference, String endToEndId, String bookingStatus,
                              LocalDate bookingDate, LocalDate valueDate, BankAmount transactionAmount,
                              String creditorName, Map<String, String> creditorAccount, String debtorName,
                              Map<String, String> debtorAccount, String remittanceInformationUnstructured,
                              String bankTransactionCode) {
}
