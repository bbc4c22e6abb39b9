package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.AccountDtos.AcceptorAddress;
import eu.xs2a.sandbox.api.AccountDtos.AccountAccess;
import eu.xs2a.sandbox.api.AccountDtos.Amount;
import eu.xs2a.sandbox.api.AccountDtos.Balances;
import eu.xs2a.sandbox.api.AccountDtos.CardAccountData;
import eu.xs2a.sandbox.api.AccountDtos.CardAccounts;
import eu.xs2a.sandbox.api.AccountDtos.CardTransactionData;
import eu.xs2a.sandbox.api.AccountDtos.CardTransactions;
import eu.xs2a.sandbox.domain.Account;
import eu.xs2a.sandbox.domain.AccountDataService;
import eu.xs2a.sandbox.domain.AccountDataService.Kind;
import eu.xs2a.sandbox.domain.AccountDataService.TransactionPage;
import eu.xs2a.sandbox.domain.BankTransaction;
import eu.xs2a.sandbox.domain.ConsentAccount;
import eu.xs2a.sandbox.domain.ConsentService.Covered;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Card account data under a bank consent (BANK-API.md "Card accounts"): the same rules as payment accounts, with a
 * card account's own fields; a payment account's id here is unknown (404), as a card account's is under /accounts.
 */
@Path("/bank/v1/consents/{bankConsentId}/card-accounts")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
public class BankCardAccountResource {

    @Inject AccountDataService data;

    @GET
    public CardAccounts cardAccounts(@PathParam("bankConsentId") String bankConsentId) {
        return new CardAccounts(data.accounts(bankConsentId, Kind.CARD).stream()
                .map(BankCardAccountResource::cardAccount).toList());
    }

    @GET
    @Path("/{bankAccountId}/balances")
    public Balances balances(@PathParam("bankConsentId") String bankConsentId,
                             @PathParam("bankAccountId") String bankAccountId) {
        return BankAccountResource.balances(data.balances(bankConsentId, Kind.CARD, bankAccountId));
    }

    @GET
    @Path("/{bankAccountId}/transactions")
    public CardTransactions transactions(@PathParam("bankConsentId") String bankConsentId,
                                         @PathParam("bankAccountId") String bankAccountId,
                                         @QueryParam("dateFrom") String dateFrom, @QueryParam("dateTo") String dateTo,
                                         @QueryParam("bookingStatus") String bookingStatus,
                                         @QueryParam("page") String page, @QueryParam("size") String size) {
        TransactionPage result = BankAccountResource.page(data, Kind.CARD, bankConsentId, bankAccountId, dateFrom, dateTo,
                bookingStatus, page, size);
        return new CardTransactions(result.transactions().stream().map(BankCardAccountResource::transaction).toList(),
                result.page(), result.size(), result.totalPages(), result.totalElements());
    }

    private static CardAccountData cardAccount(Covered covered) {
        Account a = covered.account();
        ConsentAccount grant = covered.grant();
        return new CardAccountData(a.id, a.maskedPan, a.currency, a.name, a.product, a.status,
                grant.ownerName ? a.ownerName : null, a.usage,
                a.creditLimit == null ? null : new Amount(a.currency, a.creditLimit.toPlainString()),
                new AccountAccess(grant.balances, grant.transactions, grant.ownerName));
    }

    private static CardTransactionData transaction(BankTransaction t) {
        return new CardTransactionData(t.transactionId, t.entryReference, t.bookingStatus, t.transactionDate,
                t.bookingDate, t.valueDate, new Amount(t.currency, t.amount.toPlainString()), t.cardAcceptorId,
                t.cardAcceptorCountry == null ? null : new AcceptorAddress(t.cardAcceptorTown, t.cardAcceptorCountry),
                t.merchantCategoryCode, t.maskedPan, t.remittance, t.invoiced, t.bankTransactionCode);
    }
}
