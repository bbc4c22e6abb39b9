package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;

/**
 * Certificates that do not arrive in {@code TPP-Signature-Certificate} (a registration JWS's {@code x5c}, the
 * open-banking certificate endpoint's {@code pem}) are checked by xs2a-security's certificate validation, the very
 * step 2 of the signed-request pipeline ({@link RequestVerifier#validateCertificate}): decoding (PEM or base64 of
 * PEM/DER), chain to the trust anchors, revocation, validity, QCStatement roles and organizationIdentifier, with the
 * same cache. Errors are CertificateMissing / CertificateInvalid / CertificateExpired. There is no second
 * certificate parser in this service.
 */
@ApplicationScoped
public class TrustedCertificates {

    private static final String HEADER_NAME = "TPP-Signature-Certificate";

    @Inject RequestVerifier verifier;

    /**
     * @param certificate base64 DER (an {@code x5c} element), base64 of PEM, or PEM text
     * @param what        how the certificate is named in error messages, e.g. {@code data.certificate.pem}
     */
    public TppIdentity validate(String certificate, Instant now, String what) {
        try {
            return verifier.validateCertificate(certificate, now);
        } catch (Psd2Exception e) {
            // xs2a-security's texts name the request header; here the certificate came in another field
            String message = e.getMessage() == null ? "" : e.getMessage().replace(HEADER_NAME, what);
            throw new Psd2Exception(e.errorClass(), message, e);
        }
    }
}
