package eu.xs2a.sandbox.domain;

/** An account reference as the Berlin Group names accounts: one identifier and an optional currency. */
public record AccountRef(String iban, String bban, String maskedPan, String pan, String msisdn, String currency) {

    public static AccountRef ofIban(String iban, String currency) {
        return new AccountRef(iban, null, null, null, null, currency);
    }

    public boolean hasIdentifier() {
        return notBlank(iban) || notBlank(bban) || notBlank(maskedPan) || notBlank(pan) || notBlank(msisdn);
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
