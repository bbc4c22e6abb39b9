package eu.xs2a.sandbox.domain;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;

/** An account of a PSU: a payment account (IBAN and BBAN), or a card account (masked PAN, credit limit). */
@Entity
@Table(name = "account")
public class Account {

    public static final String ENABLED = "enabled";
    public static final String BLOCKED = "blocked";
    public static final String DELETED = "deleted";
    public static final String EURO = "EUR";

    @Id
    public String id;

    public String psuId;

    public String iban;
    public String bban;
    public String bic;
    public String currency;
    public String name;
    public String product;

    public String cashAccountType;

    /** enabled | blocked | deleted */
    public String status;

    public String ownerName;

    /** PRIV | ORGA */
    public String usage;

    /** Set on corporate accounts: the PSU-Corporate-ID under which they are shown. */
    public String corporateId;

    /** Set on card accounts only (which have no IBAN or BBAN): the card number as shown, e.g. 525412******3241. */
    public String maskedPan;

    /** A card account's credit limit, in its currency. */
    @Column(precision = 18, scale = 2)
    public BigDecimal creditLimit;

    /** Display order within the PSU's accounts. */
    public int position;

    /** How many of its signatories must authorise a payment from it or a consent on it (multilevel SCA when > 1). */
    public int signaturesRequired = 1;

    /** The PSUs who may sign for it besides the owner ({@link #psuId}): a corporate account's signatories. */
    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "account_signatory", joinColumns = @JoinColumn(name = "account_id"))
    @Column(name = "psu_id")
    public Set<String> signatories = new HashSet<>();

    public boolean isCard() {
        return maskedPan != null;
    }

    /** How an account reference names it: its IBAN, or a card account's masked PAN. */
    public AccountRef ref() {
        return isCard() ? AccountRef.ofMaskedPan(maskedPan, currency) : AccountRef.ofIban(iban, currency);
    }

    /** Whether the PSU holds this account: its owner or one of its signatories. */
    public boolean heldBy(String psu) {
        return psu != null && (psu.equals(psuId) || signatories.contains(psu));
    }

    /**
     * Whether this account is the one an account reference names (IBAN, BBAN or a card account's masked PAN, and
     * the currency if given).
     */
    public boolean matches(AccountRef ref) {
        if (ref == null) {
            return false;
        }
        boolean sameId = (ref.iban() != null && iban != null && Iban.normalise(ref.iban()).equals(iban))
                || (ref.bban() != null && bban != null && ref.bban().replace(" ", "").equals(bban))
                || (ref.maskedPan() != null && maskedPan != null && ref.maskedPan().equals(maskedPan));
        return sameId && (ref.currency() == null || ref.currency().equals(currency));
    }
}
