package eu.xs2a.platform.error;

/**
 * A value the caller sent, as an error text quotes it: cut to a length (the caller may have sent kilobytes, and the
 * error mapper logs the text) and with control characters replaced by '?', so that a quoted value can neither break
 * a log line nor stretch the error body.
 */
public final class ErrorTexts {

    /** What a text quotes of a value unless told otherwise. */
    public static final int SHOWN_LENGTH = 80;
    private static final String CUT = "…";

    private ErrorTexts() {
    }

    /** The value cut to {@link #SHOWN_LENGTH} characters; "null" for none. */
    public static String shown(String value) {
        return shown(value, SHOWN_LENGTH);
    }

    /** The value cut to {@code max} characters, with "…" when cut; "null" for none. */
    public static String shown(String value, int max) {
        if (value == null) {
            return "null";
        }
        String cut = value.length() <= max ? value : value.substring(0, max) + CUT;
        StringBuilder shown = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> shown.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return shown.toString();
    }
}
