package eu.xs2a.security.core;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;

/**
 * TPP-Brand-Logging-Information: the brand under which the TPP meets the PSU (its app's name, often not its legal
 * name). Sent to the bank with a payment and a consent, so that the bank's pages and its records name the TPP as the
 * PSU knows it. Optional; text (as {@link HeaderText} reads it) of at most 140 characters, else FormatError.
 */
public final class TppBrand {

    public static final String HEADER = "TPP-Brand-Logging-Information";
    static final int MAX_LENGTH = 140;

    private TppBrand() {
    }

    /** The brand without surrounding blanks, or null when the header is absent or blank. */
    public static String parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String brand = HeaderText.text(value.strip());
        if (brand.codePointCount(0, brand.length()) > MAX_LENGTH) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, HEADER + " is longer than " + MAX_LENGTH + " characters");
        }
        return brand;
    }
}
