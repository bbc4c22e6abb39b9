package eu.xs2a.consent.domain;

/**
 * Consent and authorisation ids as they arrive from a path or a body: any length, any characters. An id longer than
 * the id columns cannot exist, so it is unknown without a query; one quoted in an error text (which the error mapper
 * also logs) is cut short and stripped of control characters, as shared-security's ErrorMappers quotes values.
 */
final class Ids {

    /** Width of the id columns (consent.id, consent_authorisation.id); ours are 32 characters. */
    static final int MAX_LENGTH = 64;
    /** What an error text quotes of an id at most, as ErrorMappers.abbreviate. */
    private static final int SHOWN_LENGTH = 80;

    private Ids() {
    }

    /** Whether an id could name a stored row at all. */
    static boolean fits(String id) {
        return id != null && id.length() <= MAX_LENGTH;
    }

    /** The id as an error text quotes it. */
    static String shown(String id) {
        if (id == null) {
            return "";
        }
        String cut = id.length() <= SHOWN_LENGTH ? id : id.substring(0, SHOWN_LENGTH) + "…";
        StringBuilder shown = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> shown.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return shown.toString();
    }
}
