package eu.xs2a.security.core;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.regex.Pattern;
import org.bouncycastle.util.IPAddress;

/**
 * The PSU-IP-Address header, checked the same way wherever it is read: an IPv4 address in dotted decimal (no leading
 * zeros), or an IPv6 address in its text forms (RFC 4291 2.2, BouncyCastle's check: eight groups, or fewer around one
 * {@code ::}, a dotted IPv4 tail; no zone), at most 140 characters. Sent, it says that the PSU is present.
 */
public final class PsuIpAddress {

    public static final String HEADER = "PSU-IP-Address";
    static final int MAX_LENGTH = 140;
    private static final Pattern IPV4 = Pattern.compile(
            "((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])");

    private PsuIpAddress() {
    }

    /** The address without surrounding blanks, or null when the header is absent or blank. */
    public static String parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String ip = value.strip();
        if (ip.length() > MAX_LENGTH || !(IPV4.matcher(ip).matches() || IPAddress.isValidIPv6(ip))) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, HEADER + " is not an IPv4 or IPv6 address");
        }
        return ip;
    }
}
