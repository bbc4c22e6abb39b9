package eu.xs2a.registration.sandbox;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.SealRules;
import java.io.IOException;
import java.io.StringReader;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.bouncycastle.pkcs.PKCSException;

/**
 * A TPP's PKCS#10 certificate request, as {@code openssl req -new} writes it in PEM, read for the sandbox CA: the key
 * it certifies, once the request's own signature proves that the requester holds the private key and the key is one
 * the gateway accepts in a seal. Its subject is not read: the sandbox names the organisation from the request's fields.
 */
public final class CertificationRequests {

    /** The JSON field that carries the request, named in every refusal. */
    public static final String FIELD = "csr";
    /** A PEM certificate request of an RSA-4096 key is under 2 kB; more is not one. */
    private static final int MAX_LENGTH = 16_384;

    private CertificationRequests() {
    }

    /** The key to certify, or FormatError 400 at {@link #FIELD} saying why the request is not taken. */
    public static PublicKey publicKey(String pem) {
        PKCS10CertificationRequest request = parse(pem);
        PublicKey key;
        try {
            key = new JcaPEMKeyConverter().getPublicKey(request.getSubjectPublicKeyInfo());
        } catch (IOException | RuntimeException e) {
            throw refused("its public key cannot be read");
        }
        String keyProblem = SealRules.keyProblem(key, FIELD);
        if (keyProblem != null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, keyProblem).at(FIELD);
        }
        boolean signed;
        try {
            signed = request.isSignatureValid(new JcaContentVerifierProviderBuilder().build(key));
        } catch (OperatorCreationException | PKCSException | RuntimeException e) {
            signed = false;
        }
        if (!signed) {
            throw refused("its signature does not verify with the key it asks to certify, so it does not prove that "
                    + "the requester holds the private key");
        }
        return key;
    }

    private static PKCS10CertificationRequest parse(String pem) {
        if (pem.length() > MAX_LENGTH) {
            throw refused("it has " + pem.length() + " characters, more than " + MAX_LENGTH);
        }
        Object object;
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            object = parser.readObject();
        } catch (IOException | RuntimeException e) {
            object = null;
        }
        if (object instanceof PKCS10CertificationRequest request) {
            return request;
        }
        throw refused("it is not a PEM certificate request (PKCS#10, the CERTIFICATE REQUEST block that openssl req "
                + "-new writes)");
    }

    private static Psd2Exception refused(String why) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, FIELD + " is not taken: " + why).at(FIELD);
    }
}
