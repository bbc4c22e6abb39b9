package eu.xs2a.security.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;

/**
 * A TPP's signing material as PEM text. Read as openssl, BouncyCastle and the sandbox self-service write it: the
 * private key in PKCS#8 or PKCS#1/SEC1 (unencrypted), the certificate in X.509; what cannot be read is an
 * {@link IllegalArgumentException} whose message completes "… is": the caller names the file or field it read.
 * Written: a private key in PKCS#8 and a PKCS#10 certificate request (what a CA, the sandbox's too, certifies a key
 * from without ever seeing the private key).
 */
public final class Pem {

    private Pem() {
    }

    public static PrivateKey privateKey(String pem) {
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            Object object = parser.readObject();
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            if (object instanceof PrivateKeyInfo info) {
                return converter.getPrivateKey(info);
            }
            if (object instanceof PEMKeyPair pair) {
                return converter.getKeyPair(pair).getPrivate();
            }
            throw new IllegalArgumentException("not an unencrypted PEM private key");
        } catch (IOException e) {
            throw new IllegalArgumentException("not a PEM private key: " + e.getMessage(), e);
        }
    }

    /** PKCS#8 PEM text of a private key (what openssl and most TPP libraries read). */
    public static String pkcs8(PrivateKey key) {
        try {
            return write(new JcaPKCS8Generator(key, null));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write this key as PKCS#8: " + e.getMessage(), e);
        }
    }

    /**
     * A PKCS#10 certificate request for the key pair, subject {@code CN=commonName}, signed with its private key
     * (SHA256withRSA or SHA256withECDSA) as the proof that the requester holds it.
     */
    public static String certificationRequest(KeyPair keys, String commonName) {
        String algorithm = "EC".equals(keys.getPrivate().getAlgorithm()) ? "SHA256withECDSA" : "SHA256withRSA";
        try {
            return write(new JcaPKCS10CertificationRequestBuilder(
                    new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, commonName).build(), keys.getPublic())
                    .build(new JcaContentSignerBuilder(algorithm).build(keys.getPrivate())));
        } catch (OperatorCreationException e) {
            throw new IllegalArgumentException("cannot sign a certificate request with this key: " + e.getMessage(), e);
        }
    }

    private static String write(Object object) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    public static X509Certificate certificate(String pem) {
        try {
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException("not a PEM certificate: " + e.getMessage(), e);
        }
    }
}
