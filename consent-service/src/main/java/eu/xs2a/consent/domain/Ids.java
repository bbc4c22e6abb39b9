package eu.xs2a.consent.domain;

import eu.xs2a.platform.error.ErrorTexts;

/**
 * Consent and authorisation ids as they arrive from a path or a body: any length, any characters. An id longer than
 * the id columns cannot exist, so it is unknown without a query; one quoted in an error text (which the error mapper
 * also logs) is shown as xs2a-platform's {@link ErrorTexts} shows every value.
 */
final class Ids {

    /** Width of the id columns (consent.id, consent_authorisation.id); ours are 32 characters. */
    static final int MAX_LENGTH = 64;
    private Ids() {
    }

    /** Whether an id could name a stored row at all. */
    static boolean fits(String id) {
        return id != null && id.length() <= MAX_LENGTH;
    }

    /** The id as an error text quotes it. */
    static String shown(String id) {
        return ErrorTexts.shown(id);
    }
}
