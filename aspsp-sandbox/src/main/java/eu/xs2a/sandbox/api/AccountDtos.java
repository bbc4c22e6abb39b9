package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.sandbox.domain.AccountRef;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** Bodies of {@code /bank/v1/consents/{id}/accounts...}. */
@RegisterForReflection
public final class AccountDtos {

    private AccountDtos() {
    }

    /** Which data of the account the consent grants; {@code ownerName}: whether {@link AccountData#ownerName} is delivered. */
    public record AccountAccess(boolean balances, boolean transactions, boolean ownerName) {
    }

    /** {@code ownerName} is null (left out) unless the consent grants it ({@code access.ownerName}). */
    public record AccountData(String bankAccountId, String iban, String bban, String bic, String currency, String name,
                              String product, String cashAccountType, String status, String ownerName, String usage,
                              String corporateId, AccountAccess access) {
    }

    public record Accounts(List<AccountData> accounts) {
    }

    public record Amount(String currency, String amount) {
    }

    /** {@code creditLimitIncluded} is left out where the bank says nothing about the credit limit. */
    public record BalanceData(String balanceType, Amount balanceAmount, Boolean creditLimitIncluded,
                              LocalDate referenceDate, Instant lastChangeDateTime) {
    }

    public record Balances(List<BalanceData> balances) {
    }

    public record TransactionData(String transactionId, String entryReference, String endToEndId, String bookingStatus,
                                  LocalDate bookingDate, LocalDate valueDate, Amount transactionAmount,
                                  String creditorName, AccountRef creditorAccount, String debtorName,
                                  AccountRef debtorAccount, String remittanceInformationUnstructured,
                                  String bankTransactionCode) {
    }

    /** A card account: its masked PAN instead of IBAN and BBAN, and its credit limit. */
    public record CardAccountData(String bankAccountId, String maskedPan, String currency, String name, String product,
                                  String status, String ownerName, String usage, Amount creditLimit,
                                  AccountAccess access) {
    }

    public record CardAccounts(List<CardAccountData> cardAccounts) {
    }

    /** Where a card was used: the acceptor's town and country. */
    public record AcceptorAddress(String townName, String country) {
    }

    /** A card transaction; {@code transactionId} is the bank's unique id, as for any transaction. */
    public record CardTransactionData(String transactionId, String entryReference, String bookingStatus,
                                      LocalDate transactionDate, LocalDate bookingDate, LocalDate valueDate,
                                      Amount transactionAmount, String cardAcceptorId,
                                      AcceptorAddress cardAcceptorAddress, String merchantCategoryCode,
                                      String maskedPan, String transactionDetails, Boolean invoiced,
                                      String bankTransactionCode) {
    }

    public record CardTransactions(List<CardTransactionData> transactions, int page, int size, int totalPages,
                                   long totalElements) {
    }

    /**
     * A standing order the bank runs from the account (BANK-API.md "Standing orders of an account"): the order's
     * payment and its terms with the executions so far and the next one's day.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StandingOrderData(String bankPaymentId, String transactionStatus, String creditorName,
                                    AccountRef creditorAccount, Amount instructedAmount,
                                    String remittanceInformationUnstructured, String endToEndId,
                                    PaymentDtos.StandingOrderTerms standingOrder) {
    }

    public record StandingOrders(List<StandingOrderData> standingOrders) {
    }

    public record Transactions(List<TransactionData> transactions, int page, int size, int totalPages, long totalElements) {
    }
}
