package eu.xs2a.account.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** Response bodies, shaped as in the Berlin Group 1.3.6 file (names given there in each comment). */
@RegisterForReflection
public final class Dtos {

    private Dtos() {
    }

    /** {@code amount}. */
    public record Amount(String currency, String amount) {
    }

    /** {@code accountReference}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AccountReference(String iban, String bban, String currency) {
    }

    /** {@code balance}; {@code creditLimitIncluded} only where the bank said it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Balance(Amount balanceAmount, String balanceType, Boolean creditLimitIncluded,
                          Instant lastChangeDateTime, LocalDate referenceDate) {
    }

    /** {@code accountDetails}; {@code resourceId} is the gateway's opaque id, never the IBAN. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AccountDetails(String resourceId, String iban, String bban, String currency, String name,
                                 String product, String cashAccountType, String status, String bic, String usage,
                                 String ownerName, List<Balance> balances,
                                 @JsonProperty("_links") Map<String, Href> links) {
    }

    /** {@code accountList}. */
    public record AccountList(List<AccountDetails> accounts) {
    }

    /** The account details response: {@code {"account": accountDetails}}. */
    public record AccountResponse(AccountDetails account) {
    }

    /** {@code readAccountBalanceResponse-200}. */
    public record BalancesResponse(AccountReference account, List<Balance> balances) {
    }

    /** {@code transactionDetails}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TransactionDetails(String transactionId, String entryReference, String endToEndId,
                                     LocalDate bookingDate, String valueDate, Amount transactionAmount,
                                     String creditorName, Map<String, String> creditorAccount, String debtorName,
                                     Map<String, String> debtorAccount, String remittanceInformationUnstructured,
                                     String bankTransactionCode,
                                     @JsonProperty("_links") Map<String, Href> links) {
    }

    /**
     * {@code accountReport}: {@code booked} and/or {@code pending} as bookingStatus asked, paging links; for
     * bookingStatus=information only {@code information}, the standing orders (Berlin Group 1.3.8's list; an extension
     * of 1.3.6).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AccountReport(List<TransactionDetails> booked, List<TransactionDetails> pending,
                                List<StandingOrderEntry> information,
                                @JsonProperty("_links") Map<String, Href> links) {

        public AccountReport(List<TransactionDetails> booked, List<TransactionDetails> pending,
                             Map<String, Href> links) {
            this(booked, pending, null, links);
        }
    }

    /**
     * One entry of {@code information}: a standing order the bank runs from the account, as a {@code transactionDetails}
     * whose amount is signed as its debits will be and whose {@code additionalInformationStructured} holds its terms.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StandingOrderEntry(String endToEndId, Amount transactionAmount, String creditorName,
                                     Map<String, String> creditorAccount, String remittanceInformationUnstructured,
                                     AdditionalInformationStructured additionalInformationStructured) {
    }

    /** {@code additionalInformationStructured}: used if and only if the entry is of bookingStatus information. */
    public record AdditionalInformationStructured(StandingOrderDetails standingOrderDetails) {
    }

    /** {@code standingOrderDetails}: the order's terms (startDate and frequency always). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StandingOrderDetails(LocalDate startDate, LocalDate endDate, String executionRule,
                                       String frequency, List<String> monthsOfExecution, String dayOfExecution) {
    }

    /**
     * {@code transactionsResponse-200_json}; {@code _links} ({@code _linksDownload}) only when the report is offered
     * as a download as well.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TransactionsResponse(AccountReference account, AccountReport transactions, List<Balance> balances,
                                       @JsonProperty("_links") Map<String, Href> links) {
    }

    /** The transaction details response: {@code {"transactionsDetails": transactionDetails}}. */
    public record TransactionDetailsResponse(TransactionDetails transactionsDetails) {
    }

    /** {@code accountReference} of a card account: {@code {maskedPan, currency}}. */
    public record CardAccountReference(String maskedPan, String currency) {
    }

    /** {@code cardAccountDetails}; {@code resourceId} is the gateway's opaque id. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardAccountDetails(String resourceId, String maskedPan, String currency, String ownerName,
                                     String name, String product, String status, String usage, Amount creditLimit,
                                     List<Balance> balances, @JsonProperty("_links") Map<String, Href> links) {
    }

    /** {@code cardAccountList}. */
    public record CardAccountList(List<CardAccountDetails> cardAccounts) {
    }

    /** The card account details response: {@code {"cardAccount": cardAccountDetails}}. */
    public record CardAccountResponse(CardAccountDetails cardAccount) {
    }

    /** {@code readCardAccountBalanceResponse-200}. */
    public record CardBalancesResponse(CardAccountReference cardAccount, List<Balance> balances) {
    }

    /** {@code cardTransaction}; {@code cardTransactionId} is the bank's transaction id. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardTransaction(String cardTransactionId, LocalDate transactionDate, LocalDate bookingDate,
                                  Amount transactionAmount, String cardAcceptorId,
                                  Map<String, String> cardAcceptorAddress, String merchantCategoryCode,
                                  String maskedPAN, String transactionDetails, Boolean invoiced,
                                  String proprietaryBankTransactionCode) {
    }

    /** {@code cardAccountReport}: {@code booked} and/or {@code pending} as bookingStatus asked, paging links. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardAccountReport(List<CardTransaction> booked, List<CardTransaction> pending,
                                    @JsonProperty("_links") Map<String, Href> links) {
    }

    /** {@code cardAccountsTransactionsResponse200}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardTransactionsResponse(CardAccountReference cardAccount, CardAccountReport cardTransactions,
                                           List<Balance> balances) {
    }

    /** Account refresh: {@code {status, _links: {refreshStatus: {href}}}}. */
    public record RefreshResponse(String status, @JsonProperty("_links") Map<String, Href> links) {
    }

    /** Refresh status: {@code {status}}. */
    public record RefreshStatusResponse(String status) {
    }

    /** {@code inlineResponse2003} / confirmation of funds: {@code {fundsAvailable}}. */
    public record FundsResponse(boolean fundsAvailable) {
    }

    public record ProductTemplate(String paymentProduct, String name, List<String> requiredFields,
                                  List<String> optionalFields) {
    }

    public record ProductTemplates(List<ProductTemplate> productTemplates) {
    }
}
