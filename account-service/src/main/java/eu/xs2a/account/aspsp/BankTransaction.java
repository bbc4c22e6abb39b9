package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.LocalDate;
import java.util.Map;

/**
 * A booked or pending transaction; {@code transactionId} is the bank's unique id. A card account's transactions carry
 * the card fields too ({@code transactionDate} to {@code invoiced}) and their text as {@code transactionDetails}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankTransaction(String transactionId, String entryReference, String endToEndId, String bookingStatus,
                              LocalDate bookingDate, LocalDate valueDate, BankAmount transactionAmount,
                              String creditorName, Map<String, String> creditorAccount, String debtorName,
                              Map<String, String> debtorAccount, String remittanceInformationUnstructured,
                              String bankTransactionCode, LocalDate transactionDate, String cardAcceptorId,
                              Map<String, String> cardAcceptorAddress, String merchantCategoryCode,
                              String maskedPan, String transactionDetails, Boolean invoiced) {
}
