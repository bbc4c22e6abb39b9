package eu.xs2a.security.revocation;

import java.io.IOException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.ocsp.BasicOCSPResp;
import org.bouncycastle.cert.ocsp.CertificateID;
import org.bouncycastle.cert.ocsp.CertificateStatus;
import org.bouncycastle.cert.ocsp.OCSPException;
import org.bouncycastle.cert.ocsp.OCSPReqBuilder;
import org.bouncycastle.cert.ocsp.OCSPResp;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.cert.ocsp.SingleResp;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;

/**
 * Asks an OCSP responder (RFC 6960) for one certificate's status, with BouncyCastle's OCSP classes and the JDK's
 * signature providers. An answer counts only when it is signed by the certificate's issuer, or by a responder
 * certificate the issuer signed for OCSP signing (id-kp-OCSPSigning), and is current: thisUpdate not in the future,
 * nextUpdate not past. No nonce is sent (responders of qualified CAs mostly serve pre-signed answers).
 */
final class OcspClient {

    private static final String CONTENT_TYPE = "application/ocsp-request";
    /** How far a responder's clock may be ahead of ours. */
    private static final Duration SKEW = Duration.ofMinutes(5);

    private final Downloads downloads;
    private final Clock clock;
    private final Duration defaultValidity;

    OcspClient(Downloads downloads, Clock clock, Duration defaultValidity) {
        this.downloads = downloads;
        this.clock = clock;
        this.defaultValidity = defaultValidity;
    }

    /** The responder's answer; a failure to get or trust one is an unknown status naming the responder and why. */
    CompletableFuture<RevocationStatus> status(X509Certificate certificate, X509Certificate issuer, String url,
                                               Duration unknownRetry) {
        CertificateID id;
        byte[] request;
        try {
            id = new CertificateID(new JcaDigestCalculatorProviderBuilder().build().get(CertificateID.HASH_SHA1),
                    new JcaX509CertificateHolder(issuer), certificate.getSerialNumber());
            request = new OCSPReqBuilder().addRequest(id).build().getEncoded();
        } catch (OperatorCreationException | OCSPException | CertificateEncodingException | IOException e) {
            return CompletableFuture.completedFuture(unknown(url, "the request could not be built", unknownRetry));
        }
        String key = HexFormat.of().formatHex(id.getIssuerKeyHash()) + ":" + certificate.getSerialNumber().toString(16);
        return downloads.post(url, key, CONTENT_TYPE, request)
                .thenApply(body -> read(body, id, issuer, url, unknownRetry))
                .exceptionally(failure -> unknown(url, Downloads.why(failure), unknownRetry));
    }

    private RevocationStatus read(byte[] body, CertificateID id, X509Certificate issuer, String url,
                                  Duration unknownRetry) {
        Instant now = clock.instant();
        try {
            OCSPResp response = new OCSPResp(body);
            if (response.getStatus() != OCSPResp.SUCCESSFUL) {
                return unknown(url, "the responder answered status " + response.getStatus(), unknownRetry);
            }
            BasicOCSPResp basic = (BasicOCSPResp) response.getResponseObject();
            if (basic == null || !signedForIssuer(basic, issuer, now)) {
                return unknown(url, "the answer is not signed by the issuer or a responder it authorised",
                        unknownRetry);
            }
            for (SingleResp single : basic.getResponses()) {
                if (single.getCertID().equals(id)) {
                    return status(single, url, now, unknownRetry);
                }
            }
            return unknown(url, "the answer is not about this certificate", unknownRetry);
        } catch (IOException | OCSPException | RuntimeException e) {
            return unknown(url, "the answer is not a valid OCSP response", unknownRetry);
        }
    }

    private RevocationStatus status(SingleResp single, String url, Instant now, Duration unknownRetry) {
        Instant thisUpdate = single.getThisUpdate().toInstant();
        if (thisUpdate.isAfter(now.plus(SKEW))) {
            return unknown(url, "the answer is dated in the future (" + thisUpdate + ")", unknownRetry);
        }
        Date next = single.getNextUpdate();
        Instant validUntil = next == null ? now.plus(defaultValidity) : next.toInstant();
        if (!validUntil.isAfter(now)) {
            return unknown(url, "the answer is out of date (nextUpdate " + validUntil + ")", unknownRetry);
        }
        CertificateStatus status = single.getCertStatus();
        if (status == CertificateStatus.GOOD) {
            return RevocationStatus.good("OCSP " + url, validUntil);
        }
        if (status instanceof RevokedStatus revoked) {
            return RevocationStatus.revoked("OCSP " + url + ", revoked at " + revoked.getRevocationTime().toInstant(),
                    now.plus(defaultValidity));
        }
        return unknown(url, "the responder does not know the certificate", unknownRetry);
    }

    /** Signed by the issuer itself, or by a current responder certificate the issuer signed for OCSP signing. */
    private static boolean signedForIssuer(BasicOCSPResp basic, X509Certificate issuer, Instant now)
            throws OCSPException {
        try {
            JcaContentVerifierProviderBuilder verifiers = new JcaContentVerifierProviderBuilder();
            if (basic.isSignatureValid(verifiers.build(issuer.getPublicKey()))) {
                return true;
            }
            for (X509CertificateHolder responder : basic.getCerts()) {
                if (responder.isSignatureValid(verifiers.build(issuer.getPublicKey()))
                        && responder.isValidOn(Date.from(now))
                        && ocspSigning(responder)
                        && basic.isSignatureValid(verifiers.build(responder))) {
                    return true;
                }
            }
            return false;
        } catch (OperatorCreationException | org.bouncycastle.cert.CertException | java.security.cert.CertificateException e) {
            return false;
        }
    }

    private static boolean ocspSigning(X509CertificateHolder responder) {
        ExtendedKeyUsage usage = ExtendedKeyUsage.fromExtensions(responder.getExtensions());
        return usage != null && usage.hasKeyPurposeId(KeyPurposeId.id_kp_OCSPSigning)
                && responder.getExtension(Extension.extendedKeyUsage) != null;
    }

    private RevocationStatus unknown(String url, String why, Duration unknownRetry) {
        return RevocationStatus.unknown("OCSP " + url + ": " + why, clock.instant().plus(unknownRetry));
    }
}
