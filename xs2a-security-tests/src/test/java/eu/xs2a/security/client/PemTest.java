package eu.xs2a.security.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.testsupport.TestKeys;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.util.List;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.junit.jupiter.api.Test;

/**
 * Pem reads the key and certificate as openssl and BouncyCastle write them, and says what it cannot read; what it
 * writes (PKCS#8, a certificate request) BouncyCastle reads back.
 */
class PemTest {

    private final TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-100002", "Pem TPP", Role.PSP_AI);

    @Test
    void readsAPkcs8AndATraditionalPrivateKey() throws IOException {
        PrivateKey key = tpp.privateKey();
        // PKCS#8 ("BEGIN PRIVATE KEY") and the traditional PKCS#1 form ("BEGIN RSA PRIVATE KEY") of openssl
        String pkcs8 = Pem.pkcs8(key);
        String traditional = pem(key);
        assertTrue(pkcs8.contains("BEGIN PRIVATE KEY") && traditional.contains("BEGIN RSA PRIVATE KEY"), traditional);
        assertArrayEquals(key.getEncoded(), Pem.privateKey(pkcs8).getEncoded());
        assertArrayEquals(key.getEncoded(), Pem.privateKey(traditional).getEncoded());
    }

    @Test
    void writesACertificateRequestSignedWithTheKeyItCertifies() throws Exception {
        for (KeyPair keys : List.of(TestKeys.rsa(), TestKeys.ec())) {
            String pem = Pem.certificationRequest(keys, "Pem TPP");
            assertTrue(pem.startsWith("-----BEGIN CERTIFICATE REQUEST-----"), pem);
            PKCS10CertificationRequest request;
            try (PEMParser parser = new PEMParser(new StringReader(pem))) {
                request = (PKCS10CertificationRequest) parser.readObject();
            }
            assertEquals("CN=Pem TPP", request.getSubject().toString());
            assertArrayEquals(keys.getPublic().getEncoded(), request.getSubjectPublicKeyInfo().getEncoded());
            assertTrue(request.isSignatureValid(new JcaContentVerifierProviderBuilder()
                    .build(request.getSubjectPublicKeyInfo())), keys.getPublic().getAlgorithm());
        }
    }

    @Test
    void readsACertificate() {
        assertEquals(tpp.certificate(), Pem.certificate(RequestSigner.pem(tpp.certificate())));
    }

    @Test
    void whatIsNotAKeyOrACertificateIsRefusedWithTheReason() {
        String certificate = RequestSigner.pem(tpp.certificate());
        assertEquals("not an unencrypted PEM private key",
                assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(certificate)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pem.certificate("-----BEGIN CERTIFICATE-----\nAAAA"))
                .getMessage().startsWith("not a PEM certificate"));
    }

    private static String pem(Object object) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }
}
