package eu.xs2a.registration.sandbox;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.UUID;

/** Software ids as the interface describes them: a Base62-encoded GUID. */
public final class SoftwareIds {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final BigInteger BASE = BigInteger.valueOf(ALPHABET.length());

    private SoftwareIds() {
    }

    public static String generate() {
        UUID uuid = UUID.randomUUID();
        BigInteger value = new BigInteger(1, ByteBuffer.allocate(16)
                .putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits()).array());
        StringBuilder out = new StringBuilder();
        while (value.signum() > 0) {
            BigInteger[] quotientAndRemainder = value.divideAndRemainder(BASE);
            out.append(ALPHABET.charAt(quotientAndRemainder[1].intValue()));
            value = quotientAndRemainder[0];
        }
        return out.reverse().toString();
    }
}
