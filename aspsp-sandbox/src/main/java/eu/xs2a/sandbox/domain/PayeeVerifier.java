package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.AccountRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.Set;

/**
 * Verification of Payee (EU Instant Payments Regulation, Art. 5c): before the PSU authorises a SEPA credit transfer
 * the bank compares the creditor name with the holder of the creditor IBAN and tells the PSU. The sandbox knows the
 * holders of its own accounts; for an IBAN it does not hold, verification is not possible ({@code NOAP}).
 */
@ApplicationScoped
public class PayeeVerifier {

    /** The payee, and the result: {@code MTCH}, {@code CMTC} (then with the holder's name), {@code NMTC} or {@code NOAP}. */
    public record Verification(String result, String matchedName) {

        public static final String NOT_POSSIBLE = "NOAP";
    }

    /** The products of the SEPA credit transfer schemes, which the regulation covers; other products are not checked. */
    private static final Set<String> SEPA_PRODUCTS = Set.of("sepa-credit-transfers", "instant-sepa-credit-transfers",
            "pain.001-sepa-credit-transfers", "pain.001-instant-sepa-credit-transfers");

    @Inject AccountRepository accounts;

    /** Empty for a product outside the SEPA schemes. */
    public Optional<Verification> verify(String paymentProduct, String creditorIban, String creditorName) {
        if (!SEPA_PRODUCTS.contains(paymentProduct)) {
            return Optional.empty();
        }
        Optional<Account> holder = creditorIban == null ? Optional.empty() : accounts.byIban(creditorIban);
        if (holder.isEmpty() || holder.get().ownerName == null) {
            return Optional.of(new Verification(Verification.NOT_POSSIBLE, null));
        }
        PayeeNameMatch.Result result = PayeeNameMatch.compare(creditorName, holder.get().ownerName);
        return Optional.of(new Verification(result.name(),
                result == PayeeNameMatch.Result.CMTC ? holder.get().ownerName : null));
    }
}
