package eu.xs2a.security.core;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CRL;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/** Loads trust anchors and CRLs from files (configuration); a broken file fails start-up, never a request. */
public final class TrustMaterial {

    private TrustMaterial() {
    }

    /** Every certificate of every PEM (or DER) file. */
    public static List<X509Certificate> loadCertificates(List<Path> files) {
        List<X509Certificate> certificates = new ArrayList<>();
        for (Path file : files) {
            try (InputStream in = new ByteArrayInputStream(Files.readAllBytes(file))) {
                for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    certificates.add((X509Certificate) c);
                }
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalStateException("Cannot read trust anchors from " + file + ": " + e.getMessage(), e);
            }
            if (certificates.isEmpty()) {
                throw new IllegalStateException("No certificate in trust anchor file " + file);
            }
        }
        return certificates;
    }

    /**
     * Every CRL of the given files (PEM or DER), each checked to be signed by one of the anchors: a CRL that
     * no anchor signed would let anyone revoke anything, so it fails start-up.
     */
    public static List<X509CRL> loadCrls(List<Path> files, List<X509Certificate> anchors) {
        List<X509CRL> crls = new ArrayList<>();
        for (Path file : files) {
            try (InputStream in = new ByteArrayInputStream(Files.readAllBytes(file))) {
                for (CRL c : CertificateFactory.getInstance("X.509").generateCRLs(in)) {
                    X509CRL crl = (X509CRL) c;
                    crl.verify(issuerOf(crl, anchors, file).getPublicKey());
                    crls.add(crl);
                }
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalStateException("Cannot read CRL file " + file + ": " + e.getMessage(), e);
            }
        }
        return crls;
    }

    private static X509Certificate issuerOf(X509CRL crl, List<X509Certificate> anchors, Path file) {
        for (X509Certificate anchor : anchors) {
            if (anchor.getSubjectX500Principal().equals(crl.getIssuerX500Principal())) {
                return anchor;
            }
        }
        throw new IllegalStateException("CRL in " + file + " is issued by " + crl.getIssuerX500Principal()
                + ", which is not a configured trust anchor");
    }
}
