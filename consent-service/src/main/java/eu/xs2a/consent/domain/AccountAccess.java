package eu.xs2a.consent.domain;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The Berlin Group accountAccess object of an AIS consent, as requested and as shown. Stored as JSON, which Hibernate
 * maps with Jackson: registered for reflection with its parts, as is the PIIS consent's account reference.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
@Schema(description = "Either accounts named in accounts, balances and transactions (balances and transactions imply"
        + " the account), or exactly one of availableAccounts, availableAccountsWithBalance and allPsd2, or a bank-offered"
        + " consent: accounts, balances and transactions all empty arrays (the PSU chooses at the bank; afterwards the"
        + " lists show what was granted). An empty list beside lists that name accounts is a FormatError")
public record AccountAccess(List<@NotNull(message = AccountAccess.NOT_A_REFERENCE) @Valid AccountReference> accounts,
                            List<@NotNull(message = AccountAccess.NOT_A_REFERENCE) @Valid AccountReference> balances,
                            List<@NotNull(message = AccountAccess.NOT_A_REFERENCE) @Valid AccountReference> transactions,
                            @Valid AdditionalInformationAccess additionalInformation,
                            @Schema(enumeration = {AccountAccess.ALL_ACCOUNTS, AccountAccess.WITH_OWNER_NAME})
                            @Pattern(regexp = AccountAccess.ALL_ACCOUNTS_VALUE,
                                    message = AccountAccess.NOT_ALL_ACCOUNTS)
                            String availableAccounts,
                            @Schema(enumeration = {AccountAccess.ALL_ACCOUNTS, AccountAccess.WITH_OWNER_NAME})
                            @Pattern(regexp = AccountAccess.ALL_ACCOUNTS_VALUE,
                                    message = AccountAccess.NOT_ALL_ACCOUNTS)
                            String availableAccountsWithBalance,
                            @Schema(enumeration = {AccountAccess.ALL_ACCOUNTS, AccountAccess.WITH_OWNER_NAME})
                            @Pattern(regexp = AccountAccess.ALL_ACCOUNTS_VALUE,
                                    message = AccountAccess.NOT_ALL_ACCOUNTS)
                            String allPsd2) {

    static final String ALL_ACCOUNTS = "allAccounts";
    static final String WITH_OWNER_NAME = "allAccountsWithOwnerName";
    static final String ALL_ACCOUNTS_VALUE = ALL_ACCOUNTS + "|" + WITH_OWNER_NAME;
    static final String NOT_ALL_ACCOUNTS = "'${validatedValue}' must be allAccounts or allAccountsWithOwnerName";
    /** A bank-offered consent's access before the PSU chose (the three lists empty). */
    static final AccountAccess BANK_OFFERED = new AccountAccess(List.of(), List.of(), List.of(), null, null, null,
            null);
    /** A list's element that is null. */
    static final String NOT_A_REFERENCE = "must be an account reference";

    /**
     * Checks how the lists and values go together, and every reference's identifiers; returns the normalised access.
     * Each value's own shape (a reference's IBAN, an "all accounts" value) is its constraint, checked when the body
     * was read. Linear in the number of references, each list holding at most {@code maxReferences} (else FormatError
     * naming the list).
     */
    public AccountAccess validated(int maxReferences) {
        List<AccountReference> a = validatedList("access.accounts", accounts, maxReferences);
        List<AccountReference> b = validatedList("access.balances", balances, maxReferences);
        List<AccountReference> t = validatedList("access.transactions", transactions, maxReferences);
        boolean named = !a.isEmpty() || !b.isEmpty() || !t.isEmpty();
        long globals = Stream.of(availableAccounts, availableAccountsWithBalance, allPsd2).filter(Objects::nonNull)
                .count();
        if (bankOffered()) {
            if (additionalInformation != null) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "access.additionalInformation needs accounts named by"
                        + " the TPP: a bank-offered consent (empty lists) cannot ask for owner names")
                        .at("access.additionalInformation");
            }
            return BANK_OFFERED;
        }
        if (!named && globals == 0) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "access must list accounts, balances or transactions"
                    + " by account reference, set availableAccounts or allPsd2, or ask for a bank-offered consent"
                    + " with accounts, balances and transactions all empty arrays");
        }
        if (named && globals > 0) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "access must not combine account lists with availableAccounts or allPsd2");
        }
        if (globals > 1) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "access must set only one of availableAccounts,"
                    + " availableAccountsWithBalance and allPsd2");
        }
        // the standard: an empty list asks for a bank-offered consent, and then every list given must be empty
        emptyBesideNamed("access.accounts", accounts, named);
        emptyBesideNamed("access.balances", balances, named);
        emptyBesideNamed("access.transactions", transactions, named);
        return new AccountAccess(nullIfEmpty(a), nullIfEmpty(b), nullIfEmpty(t),
                validatedAdditionalInformation(a, b, t, maxReferences), availableAccounts, availableAccountsWithBalance, allPsd2);
    }

    /**
     * The owner names asked for: only of accounts the consent names (the standard's rule); for every account, the
     * "WithOwnerName" values of availableAccounts or allPsd2 say it instead. Nothing asked for → null.
     */
    private AdditionalInformationAccess validatedAdditionalInformation(List<AccountReference> a,
                                                                       List<AccountReference> b,
                                                                       List<AccountReference> t,
                                                                       int maxReferences) {
        if (additionalInformation == null || additionalInformation.ownerName() == null) {
            return null;
        }
        if (a.isEmpty() && b.isEmpty() && t.isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "access.additionalInformation needs accounts, balances or"
                    + " transactions; for every account use the value allAccountsWithOwnerName")
                    .at("access.additionalInformation");
        }
        List<AccountReference> owners = validatedList("access.additionalInformation.ownerName",
                additionalInformation.ownerName(), maxReferences);
        NamedAccounts named = new NamedAccounts(a, b, t);
        for (int i = 0; i < owners.size(); i++) {
            AccountReference owner = owners.get(i);
            if (!named.designate(owner)) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "access.additionalInformation.ownerName[" + i
                        + "] must also be named in access.accounts, access.balances or access.transactions")
                        .at("access.additionalInformation.ownerName[" + i + "]");
            }
        }
        return new AdditionalInformationAccess(List.copyOf(owners));
    }

    /**
     * A bank-offered consent awaiting the PSU's choice (Berlin Group): accounts, balances and transactions all given
     * and empty, no "all accounts" value. Once the bank reports what the PSU granted, the access names those accounts
     * ({@link #granted}) and is no longer bank-offered.
     */
    @JsonIgnore
    public boolean bankOffered() {
        return accounts != null && accounts.isEmpty() && balances != null && balances.isEmpty()
                && transactions != null && transactions.isEmpty() && availableAccounts == null
                && availableAccountsWithBalance == null && allPsd2 == null;
    }

    /**
     * The access the PSU granted at the bank for a bank-offered consent, as the bank reports it: the accounts named
     * in each list (the same account once per list). An empty list is left out, as in a consent the TPP named.
     */
    public static AccountAccess granted(List<AccountReference> accounts, List<AccountReference> balances,
                                        List<AccountReference> transactions) {
        return new AccountAccess(distinctOrNull(accounts), distinctOrNull(balances), distinctOrNull(transactions),
                null, null, null, null);
    }

    private static List<AccountReference> distinctOrNull(List<AccountReference> list) {
        return list == null || list.isEmpty() ? null : List.copyOf(new LinkedHashSet<>(list));
    }

    /** The accounts list resource: every AIS consent may list the accounts it covers. */
    public boolean coversAccountList() {
        return true;
    }

    /** One account's details: named in any list (balances and transactions imply the account), or allPsd2. */
    public boolean coversAccount(AccountReference account) {
        return allPsd2 != null || contains(accounts, account) || contains(balances, account)
                || contains(transactions, account);
    }

    public boolean coversBalances(AccountReference account) {
        return allPsd2 != null || contains(balances, account);
    }

    public boolean coversTransactions(AccountReference account) {
        return allPsd2 != null || contains(transactions, account);
    }

    private static boolean contains(List<AccountReference> list, AccountReference account) {
        return list != null && account != null && list.stream().anyMatch(ref -> ref.designates(account));
    }

    private static void emptyBesideNamed(String field, List<AccountReference> list, boolean named) {
        if (named && list != null && list.isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " is empty beside lists that name accounts:"
                    + " name its accounts, or leave it out").at(field);
        }
    }


    private static List<AccountReference> validatedList(String field, List<AccountReference> list,
                                                        int maxReferences) {
        if (list == null) {
            return List.of();
        }
        if (list.size() > maxReferences) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " names " + list.size()
                    + " account references; at most " + maxReferences + " are allowed").at(field);
        }
        // the same account named twice is stored, and shown, once (a set: linear, whatever the list's order)
        Set<AccountReference> result = new LinkedHashSet<>();
        for (int i = 0; i < list.size(); i++) {
            AccountReference ref = list.get(i);
            if (ref == null) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + "[" + i + "] " + NOT_A_REFERENCE)
                        .at(field + "[" + i + "]");
            }
            result.add(ref.validated(field + "[" + i + "]"));
        }
        return new ArrayList<>(result);
    }

    /**
     * The accounts the lists name, indexed by identifier key, for a linear owner-name check with the rule of
     * {@link AccountReference#designates}: same identifier (validated references carry exactly one), and a currency
     * that matches or is absent on either side.
     */
    private static final class NamedAccounts {

        /** Identifier keys of every named reference. */
        private final Set<String> keys = new HashSet<>();
        /** Identifier keys of named references without a currency (they match any currency). */
        private final Set<String> anyCurrency = new HashSet<>();
        /** Identifier key + currency of named references with one. */
        private final Set<String> withCurrency = new HashSet<>();

        NamedAccounts(List<AccountReference> a, List<AccountReference> b, List<AccountReference> t) {
            Stream.of(a, b, t).flatMap(List::stream).forEach(ref -> {
                keys.add(ref.key());
                if (ref.currency() == null) {
                    anyCurrency.add(ref.key());
                } else {
                    withCurrency.add(ref.key() + " " + ref.currency());
                }
            });
        }

        boolean designate(AccountReference owner) {
            if (owner.currency() == null) {
                return keys.contains(owner.key());
            }
            return anyCurrency.contains(owner.key()) || withCurrency.contains(owner.key() + " " + owner.currency());
        }
    }

    private static List<AccountReference> nullIfEmpty(List<AccountReference> list) {
        return list.isEmpty() ? null : List.copyOf(list);
    }
}
