package eu.xs2a.registration.domain;

import java.util.regex.Pattern;

/** A pragmatic e-mail address check: one @, a local part, a dotted domain, no spaces; at most 254 characters. */
public final class EmailAddresses {

    /** RFC 5321's limit of a forward path; the e-mail columns of V1__init.sql are varchar(254) (see TextLimits). */
    public static final int MAX_LENGTH = 254;
    private static final Pattern ADDRESS = Pattern.compile(
            "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                    + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    private EmailAddresses() {
    }

    public static boolean valid(String address) {
        return address != null && address.length() <= MAX_LENGTH && ADDRESS.matcher(address).matches()
                && !address.startsWith(".") && !address.contains("..");
    }
}
