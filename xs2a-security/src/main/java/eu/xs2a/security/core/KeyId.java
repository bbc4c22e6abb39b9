package eu.xs2a.security.core;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;

/**
 * The Berlin Group keyId {@code SN=<serial>,CA=<issuer DN>} (or {@code DN=}): split at the first {@code ,CA=} or
 * {@code ,DN=}; the serial compared as an integer (hex of any case with or without leading zeros, or decimal);
 * the DN possibly percent-encoded and with unescaped commas, compared to the certificate's issuer as an X.500
 * name (BouncyCastle's comparison: attribute values normalised, RDN order either way).
 */
final class KeyId {

    private static final Pattern ATTRIBUTE_START = Pattern.compile("^\\s*[A-Za-z][A-Za-z0-9-]*\\s*=.*|^\\s*\\d+(\\.\\d+)+\\s*=.*",
            Pattern.DOTALL);

    enum Match { MATCHES, SERIAL_DIFFERS, ISSUER_DIFFERS }

    private KeyId() {
    }

    /** @throws IllegalArgumentException with a text for SignatureMalformed */
    static Match match(String keyId, X509Certificate certificate) {
        String k = keyId.strip();
        if (!k.regionMatches(true, 0, "SN=", 0, 3)) {
            throw new IllegalArgumentException("keyId must be SN=<serial>,CA=<issuer> (or DN=)");
        }
        int split = indexOfIssuer(k);
        if (split < 0) {
            throw new IllegalArgumentException("keyId must be SN=<serial>,CA=<issuer> (or DN=)");
        }
        String serial = k.substring(3, split).strip();
        String issuer = percentDecode(k.substring(split + 4).strip());
        if (serial.regionMatches(true, 0, "0x", 0, 2)) {
            serial = serial.substring(2);
        }
        BigInteger actual = certificate.getSerialNumber();
        BigInteger hex = parse(serial, 16);
        BigInteger decimal = parse(serial, 10);
        if (hex == null && decimal == null) {
            throw new IllegalArgumentException("keyId serial '" + serial + "' is neither hex nor decimal");
        }
        if (!actual.equals(hex) && !actual.equals(decimal)) {
            return Match.SERIAL_DIFFERS;
        }
        X500Name expected = X500Name.getInstance(certificate.getIssuerX500Principal().getEncoded());
        X500Name given;
        try {
            given = new X500Name(BCStyle.INSTANCE, escapeLooseCommas(issuer));
        } catch (RuntimeException e) {
            return Match.ISSUER_DIFFERS;
        }
        return BCStyle.INSTANCE.areEqual(expected, given) ? Match.MATCHES : Match.ISSUER_DIFFERS;
    }

    private static int indexOfIssuer(String k) {
        String upper = k.toUpperCase(Locale.ROOT);
        int ca = upper.indexOf(",CA=");
        int dn = upper.indexOf(",DN=");
        if (ca < 0) {
            return dn;
        }
        return dn < 0 ? ca : Math.min(ca, dn);
    }

    private static BigInteger parse(String s, int radix) {
        if (s.isEmpty()) {
            return null;
        }
        try {
            return new BigInteger(s, radix);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** %XX sequences as UTF-8; a '+' stays a '+' (this is not form encoding). */
    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length() && Character.digit(s.charAt(i + 1), 16) >= 0 && Character.digit(s.charAt(i + 2), 16) >= 0) {
                out.write(Character.digit(s.charAt(i + 1), 16) * 16 + Character.digit(s.charAt(i + 2), 16));
                i += 2;
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * {@code CN=Bank, Inc,O=X} is meant as CN "Bank, Inc": a comma not followed by {@code attr=} belongs to the
     * value and is escaped before parsing.
     */
    static String escapeLooseCommas(String dn) {
        List<String> parts = splitUnescaped(dn);
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            if (out.length() == 0) {
                out.append(part);
            } else if (ATTRIBUTE_START.matcher(part).matches()) {
                out.append(',').append(part);
            } else {
                out.append("\\,").append(part);
            }
        }
        return out.toString();
    }

    private static List<String> splitUnescaped(String dn) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < dn.length(); i++) {
            char c = dn.charAt(i);
            if (c == '\\' && i + 1 < dn.length()) {
                current.append(c).append(dn.charAt(++i));
            } else if (c == '"') {
                quoted = !quoted;
                current.append(c);
            } else if (c == ',' && !quoted) {
                parts.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString());
        return parts;
    }
}
