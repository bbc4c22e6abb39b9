package eu.xs2a.sandbox.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** An account reference as the Berlin Group names accounts: one identifier and an optional currency. */
@RegisterForReflection
public record AccountRef(String iban, String bban, String maskedPan, String pan, String msisdn, String currency) {

    public static AccountRef ofIban(String iban, String currency) {
        return new AccountRef(iban, null, null, null, null, currency);
    }

    public static AccountRef ofMaskedPan(String maskedPan, String currency) {
        return new AccountRef(null, null, maskedPan, null, null, currency);
    }

    public boolean hasIdentifier() {
        return notBlank(iban) || notBlank(bban) || notBlank(maskedPan) || notBlank(pan) || notBlank(msisdn);
    }

    /**
     * Whether both references name the same account: the same identifier (IBAN without spaces and case, BBAN without
     * spaces, maskedPan, PAN or MSISDN) and no differing currencies.
     */
    public boolean sameAccountAs(AccountRef other) {
        if (other == null) {
            return false;
        }
        boolean sameId = (notBlank(iban) && notBlank(other.iban) && Iban.normalise(iban).equals(Iban.normalise(other.iban)))
                || (notBlank(bban) && notBlank(other.bban) && bban.replace(" ", "").equals(other.bban.replace(" ", "")))
                || (notBlank(maskedPan) && maskedPan.equals(other.maskedPan))
                || (notBlank(pan) && pan.equals(other.pan))
                || (notBlank(msisdn) && msisdn.equals(other.msisdn));
        return sameId && (currency == null || other.currency == null || currency.equals(other.currency));
    }

    /** A short label for pages and messages. */
    public String label() {
        if (notBlank(iban)) {
            return iban;
        }
        if (notBlank(bban)) {
            return bban;
        }
        if (notBlank(maskedPan)) {
            return maskedPan;
        }
        return notBlank(pan) ? pan : msisdn;
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
