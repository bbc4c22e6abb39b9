package eu.xs2a.security.core;

import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;

/**
 * What a seal's key and identity must be beyond its chain (docs/ARCHITECTURE.md "Trust and environments"):
 * <ul>
 *   <li>in every environment an RSA key of at least 2048 bits or an EC key on P-256, P-384 or P-521 (the curves of
 *       ETSI TS 119 312 that the JDK verifies); a weak key is refused before any signature is checked with it;</li>
 *   <li>in {@code live} the NCA id of the ETSI TS 119 495 PSD2 statement matches the organizationIdentifier: the
 *       latter is {@code PSD} + country + {@code -} + NCA + {@code -} + authorisation number (TS 119 495 5.2.1), the
 *       former country + {@code -} + NCA (e.g. {@code DE-BAFIN}).</li>
 * </ul>
 * The curve is read from the key's own SubjectPublicKeyInfo (BouncyCastle ASN.1 only), so that a curve the JDK cannot
 * even decode (secp256k1) is named in the refusal.
 */
public final class SealRules {

    static final int MIN_RSA_BITS = 2048;
    /** The named curves accepted, by OID. */
    private static final Map<String, String> CURVES = Map.of(
            "1.2.840.10045.3.1.7", "P-256",
            "1.3.132.0.34", "P-384",
            "1.3.132.0.35", "P-521");
    private static final String EC_PUBLIC_KEY = "1.2.840.10045.2.1";
    private static final String RSA_ENCRYPTION = "1.2.840.113549.1.1.1";
    /** TS 119 495's NCA id: two letters of the country, a dash, 2 to 8 upper-case letters (no separator). */
    private static final Pattern NCA_ID = Pattern.compile("[A-Z]{2}-[A-Z]{2,8}");
    private static final Pattern PSD_IDENTIFIER = Pattern.compile("PSD([A-Z]{2}-[A-Z]{2,8})-.+");

    private SealRules() {
    }

    /**
     * Why the key is not accepted, or null; {@code holder} names what carries it ("TPP-Signature-Certificate", or the
     * sandbox's certificate request), as the message's subject. Public so that the sandbox CA certifies no key the
     * gateway would then refuse.
     */
    public static String keyProblem(PublicKey key, String holder) {
        SubjectPublicKeyInfo info;
        try {
            info = SubjectPublicKeyInfo.getInstance(key.getEncoded());
        } catch (RuntimeException e) {
            return holder + " has a public key that cannot be read";
        }
        String algorithm = info.getAlgorithm().getAlgorithm().getId();
        if (RSA_ENCRYPTION.equals(algorithm)) {
            if (!(key instanceof RSAPublicKey rsa)) {
                return holder + " has an RSA key that cannot be read";
            }
            int bits = rsa.getModulus().bitLength();
            return bits >= MIN_RSA_BITS ? null : holder + " has an RSA key of " + bits
                    + " bits; at least " + MIN_RSA_BITS + " are required";
        }
        if (EC_PUBLIC_KEY.equals(algorithm)) {
            ASN1Encodable parameters = info.getAlgorithm().getParameters();
            if (!(parameters instanceof ASN1ObjectIdentifier curve)) {
                return holder + " has an EC key with explicit curve parameters; only the named curves"
                        + " P-256, P-384 and P-521 are accepted";
            }
            if (CURVES.containsKey(curve.getId())) {
                return null;
            }
            String name = ECNamedCurveTable.getName(curve);
            return holder + " has an EC key on curve " + (name == null ? curve.getId()
                    : name + " (" + curve.getId() + ")") + "; only P-256, P-384 and P-521 are accepted";
        }
        return holder + " has a " + key.getAlgorithm() + " key; only RSA and EC keys are accepted";
    }

    /**
     * Why the PSD2 statement's NCA id and the organizationIdentifier disagree, or null when they match. Both are named
     * in the message, so that the TPP can tell its QTSP what is wrong with the seal.
     */
    static String ncaMismatch(String organizationIdentifier, String ncaId) {
        if (ncaId == null || !NCA_ID.matcher(ncaId).matches()) {
            return "TPP-Signature-Certificate's PSD2 statement has no valid NCA id (" + (ncaId == null ? "none"
                    : "'" + ncaId + "'") + "); ETSI TS 119 495 requires country-NCA, e.g. DE-BAFIN";
        }
        Matcher psd = PSD_IDENTIFIER.matcher(organizationIdentifier);
        if (!psd.matches()) {
            return "TPP-Signature-Certificate's organizationIdentifier '" + organizationIdentifier + "' is not of the"
                    + " form PSD + NCA id + '-' + authorisation number required with the NCA id '" + ncaId
                    + "' of its PSD2 statement (ETSI TS 119 495)";
        }
        if (!psd.group(1).equals(ncaId)) {
            return "TPP-Signature-Certificate's organizationIdentifier '" + organizationIdentifier + "' names the NCA '"
                    + psd.group(1) + "', but its PSD2 statement names the NCA id '" + ncaId + "' (ETSI TS 119 495)";
        }
        return null;
    }
}
