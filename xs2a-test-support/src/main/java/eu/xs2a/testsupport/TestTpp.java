package eu.xs2a.testsupport;

import eu.xs2a.security.client.RequestSigner;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;

/**
 * A test TPP: a QSEAL certificate issued by a {@link TestPki} and its private key (made at test time, never
 * written to the repository; none when built for a given public key, {@code TppBuilder.publicKey}).
 *
 * @param tppId the organizationIdentifier in the certificate's subject, which is the gateway's TPP id (null when the
 *              subject has none)
 */
public record TestTpp(X509Certificate certificate, PrivateKey privateKey, String tppId) {

    /** Names the TPP only: the private key stays out of test output. */
    @Override
    public String toString() {
        return "TestTpp[" + tppId + "]";
    }

    public RequestSigner signer() {
        return new RequestSigner(privateKey, certificate);
    }

    /** PEM text of the certificate, e.g. for the open-banking certificate endpoint's {@code pem} field. */
    public String certificatePem() {
        return RequestSigner.pem(certificate);
    }

    /** {@code TPP-Signature-Certificate} as base64 of the PEM text (what {@link #signer()} sends). */
    public String certificateHeader() {
        return Base64.getEncoder().encodeToString(certificatePem().getBytes(StandardCharsets.US_ASCII));
    }

    /** {@code TPP-Signature-Certificate} as base64 of the DER bytes (the other accepted spelling). */
    public String certificateHeaderDer() {
        try {
            return Base64.getEncoder().encodeToString(certificate.getEncoded());
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Lowercase hex SHA-256 of the certificate's DER encoding, as in {@code TppIdentity.fingerprint()}. */
    public String fingerprint() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
