package eu.xs2a.sandbox.domain;

/**
 * The TPP's id, name and brand, which the bank keeps with each consent and payment. Their columns are as wide as the
 * gateway's (migration V3), so anything the gateway forwards fits; a longer value is the caller's error, not the
 * database's.
 */
final class TppFields {

    static final int MAX_ID_LENGTH = 140;
    static final int MAX_NAME_LENGTH = 255;
    static final int MAX_BRAND_LENGTH = 140;

    private TppFields() {
    }

    static void requireFitting(String tppId, String tppName) {
        requireAtMost(tppId, "tppId", MAX_ID_LENGTH);
        requireAtMost(tppName, "tppName", MAX_NAME_LENGTH);
    }

    /** The TPP's brand (BANK-API.md "TPP brand"): null when absent or blank, else at most 140 characters. */
    static String brand(String tppBrand) {
        if (tppBrand == null || tppBrand.isBlank()) {
            return null;
        }
        requireAtMost(tppBrand, "tppBrand", MAX_BRAND_LENGTH);
        return tppBrand;
    }

    /** Counted in code points, as PostgreSQL counts a varchar's length. */
    private static void requireAtMost(String value, String field, int max) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            throw BankException.badRequest(field + " is longer than " + max + " characters");
        }
    }
}
