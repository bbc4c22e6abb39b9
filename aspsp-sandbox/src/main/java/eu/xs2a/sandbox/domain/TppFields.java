package eu.xs2a.sandbox.domain;

/**
 * The TPP's id and name, which the bank keeps with each consent and payment. Their columns are as wide as the
 * gateway's (migration V3), so anything the gateway forwards fits; a longer value is the caller's error, not the
 * database's.
 */
final class TppFields {

    static final int MAX_ID_LENGTH = 140;
    static final int MAX_NAME_LENGTH = 255;

    private TppFields() {
    }

    static void requireFitting(String tppId, String tppName) {
        requireAtMost(tppId, "tppId", MAX_ID_LENGTH);
        requireAtMost(tppName, "tppName", MAX_NAME_LENGTH);
    }

    /** Counted in code points, as PostgreSQL counts a varchar's length. */
    private static void requireAtMost(String value, String field, int max) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            throw BankException.badRequest(field + " is longer than " + max + " characters");
        }
    }
}
