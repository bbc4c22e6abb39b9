package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.AccountDtos.AccountAccess;
import eu.xs2a.sandbox.api.AccountDtos.AccountData;
import eu.xs2a.sandbox.api.AccountDtos.Accounts;
import eu.xs2a.sandbox.api.AccountDtos.Amount;
import eu.xs2a.sandbox.api.AccountDtos.BalanceData;
import eu.xs2a.sandbox.api.AccountDtos.Balances;
import eu.xs2a.sandbox.api.AccountDtos.TransactionData;
import eu.xs2a.sandbox.api.AccountDtos.StandingOrderData;
import eu.xs2a.sandbox.api.AccountDtos.StandingOrders;
import eu.xs2a.sandbox.api.AccountDtos.Transactions;
import eu.xs2a.sandbox.domain.Account;
import eu.xs2a.sandbox.domain.AccountDataService;
import eu.xs2a.sandbox.domain.AccountDataService.Kind;
import eu.xs2a.sandbox.domain.AccountDataService.TransactionPage;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.BankTransaction;
import eu.xs2a.sandbox.domain.ConsentAccount;
import eu.xs2a.sandbox.domain.Payment;
import eu.xs2a.sandbox.domain.ConsentService.Covered;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/** Account data under a bank consent. */
@Path("/bank/v1/consents/{bankConsentId}/accounts")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
public class BankAccountResource {

    static final int MAX_PAGE_SIZE = 500;

    @Inject AccountDataService data;

    @GET
    public Accounts accounts(@PathParam("bankConsentId") String bankConsentId) {
        return new Accounts(data.accounts(bankConsentId, Kind.PAYMENT).stream().map(BankAccountResource::account)
                .toList());
    }

    @GET
    @Path("/{bankAccountId}/balances")
    public Balances balances(@PathParam("bankConsentId") String bankConsentId, @PathParam("bankAccountId") String bankAccountId) {
        return balances(data.balances(bankConsentId, Kind.PAYMENT, bankAccountId));
    }

    static Balances balances(AccountDataService.AccountBalances result) {
        String currency = result.account().currency;
        return new Balances(result.balances().stream()
                .map(b -> new BalanceData(b.balanceType, new Amount(currency, b.amount.toPlainString()),
                        b.creditLimitIncluded, b.referenceDate, b.lastChange))
                .toList());
    }

    @GET
    @Path("/{bankAccountId}/transactions")
    public Transactions transactions(@PathParam("bankConsentId") String bankConsentId,
                                     @PathParam("bankAccountId") String bankAccountId,
                                     @QueryParam("dateFrom") String dateFrom, @QueryParam("dateTo") String dateTo,
                                     @QueryParam("bookingStatus") String bookingStatus,
                                     @QueryParam("page") String page, @QueryParam("size") String size) {
        TransactionPage result = page(data, Kind.PAYMENT, bankConsentId, bankAccountId, dateFrom, dateTo, bookingStatus,
                page, size);
        return new Transactions(result.transactions().stream().map(BankAccountResource::transaction).toList(),
                result.page(), result.size(), result.totalPages(), result.totalElements());
    }

    @GET
    @Path("/{bankAccountId}/standing-orders")
    public StandingOrders standingOrders(@PathParam("bankConsentId") String bankConsentId,
                                         @PathParam("bankAccountId") String bankAccountId) {
        return new StandingOrders(data.standingOrders(bankConsentId, bankAccountId).stream()
                .map(BankAccountResource::standingOrder).toList());
    }

    private static StandingOrderData standingOrder(Payment p) {
        return new StandingOrderData(p.id, p.transactionStatus.name(), p.creditorName,
                p.creditorIban == null ? null : AccountRef.ofIban(p.creditorIban, null),
                new Amount(p.currency, p.amount.toPlainString()), p.remittance, p.endToEndId,
                PaymentDtos.StandingOrderTerms.of(p));
    }

    /** One page of an account's transactions, from the query parameters as given (400 for malformed ones). */
    static TransactionPage page(AccountDataService data, Kind kind, String bankConsentId, String bankAccountId,
                                String dateFrom, String dateTo, String bookingStatus, String page, String size) {
        int pageNumber = number(page, "page", 0);
        int pageSize = number(size, "size", MAX_PAGE_SIZE);
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw BankException.badRequest("size must be between 1 and " + MAX_PAGE_SIZE + ", not " + pageSize);
        }
        return data.transactions(bankConsentId, kind, bankAccountId, date(dateFrom, "dateFrom"),
                date(dateTo, "dateTo"), bookingStatus, pageNumber, pageSize);
    }

    private static AccountData account(Covered covered) {
        Account a = covered.account();
        ConsentAccount grant = covered.grant();
        return new AccountData(a.id, a.iban, a.bban, a.bic, a.currency, a.name, a.product, a.cashAccountType, a.status,
                grant.ownerName ? a.ownerName : null, a.usage, a.corporateId,
                new AccountAccess(grant.balances, grant.transactions, grant.ownerName));
    }

    private static TransactionData transaction(BankTransaction t) {
        return new TransactionData(t.transactionId, t.entryReference, t.endToEndId, t.bookingStatus, t.bookingDate,
                t.valueDate, new Amount(t.currency, t.amount.toPlainString()), t.creditorName,
                t.creditorIban == null ? null : AccountRef.ofIban(t.creditorIban, null), t.debtorName,
                t.debtorIban == null ? null : AccountRef.ofIban(t.debtorIban, null), t.remittance, t.bankTransactionCode);
    }

    private static LocalDate date(String value, String name) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw BankException.badRequest(name + " must be a date yyyy-MM-dd, not " + value);
        }
    }

    private static int number(String value, String name, int defaultValue) {
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(value);
            if (n < 0) {
                throw BankException.badRequest(name + " must not be negative");
            }
            return n;
        } catch (NumberFormatException e) {
            throw BankException.badRequest(name + " must be a number, not " + value);
        }
    }
}
