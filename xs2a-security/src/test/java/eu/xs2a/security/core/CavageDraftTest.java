package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.pkcs.RSAPrivateKey;
import org.junit.jupiter.api.Test;

/**
 * draft-cavage-http-signatures-10, Appendix C "Test Values": the draft's own key, request and signatures.
 * The draft's published test key (public material, 1024-bit RSA) is rebuilt here at run time from its base64
 * numbers; no PEM key block is in the repository.
 */
class CavageDraftTest {

    /** SubjectPublicKeyInfo of the draft's test key. */
    private static final String PUBLIC_KEY = "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDCFENGw33yGihy92pDjZQhl0C3"
            + "6rPJj+CvfSC8+q28hxA161QFNUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6"
            + "Z4UMR7EOcpfdUE9Hf3m/hs+FUR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJw"
            + "oYi+1hqp1fIekaxsyQIDAQAB";

    /** The draft's published PKCS#1 RSAPrivateKey structure of the same test key, as base64 (public test material). */
    private static final String DRAFT_TEST_KEY_PKCS1 = String.join("",
            "MIICXgIBAAKBgQDCFENGw33yGihy92pDjZQhl0C36rPJj+CvfSC8+q28hxA161QF",
            "NUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6Z4UMR7EOcpfdUE9Hf3m/hs+F",
            "UR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJwoYi+1hqp1fIekaxsyQIDAQAB",
            "AoGBAJR8ZkCUvx5kzv+utdl7T5MnordT1TvoXXJGXK7ZZ+UuvMNUCdN2QPc4sBiA",
            "QWvLw1cSKt5DsKZ8UETpYPy8pPYnnDEz2dDYiaew9+xEpubyeW2oH4Zx71wqBtOK",
            "kqwrXa/pzdpiucRRjk6vE6YY7EBBs/g7uanVpGibOVAEsqH1AkEA7DkjVH28WDUg",
            "f1nqvfn2Kj6CT7nIcE3jGJsZZ7zlZmBmHFDONMLUrXR/Zm3pR5m0tCmBqa5RK95u",
            "412jt1dPIwJBANJT3v8pnkth48bQo/fKel6uEYyboRtA5/uHuHkZ6FQF7OUkGogc",
            "mSJluOdc5t6hI1VsLn0QZEjQZMEOWr+wKSMCQQCC4kXJEsHAve77oP6HtG/IiEn7",
            "kpyUXRNvFsDE0czpJJBvL/aRFUJxuRK91jhjC68sA7NsKMGg5OXb5I5Jj36xAkEA",
            "gIT7aFOYBFwGgQAQkWNKLvySgKbAZRTeLBacpHMuQdl1DfdntvAyqpAZ0lY0RKmW",
            "G6aFKaqQfOXKCyWoUiVknQJAXrlgySFci/2ueKlIE1QqIiLSZ8V8OlpFLRnb1pzI",
            "7U1yQXnTAEFYM560yJlzUpOb1V4cScGd365tiSMvxLOvTA==");

    private static final String METHOD = "POST";
    private static final String TARGET = "/foo?param=value&pet=dog";
    private static final byte[] BODY = "{\"hello\": \"world\"}".getBytes(StandardCharsets.UTF_8);
    private static final RequestHeaders HEADERS = RequestHeaders.of(Map.of(
            "Host", "example.com",
            "Date", "Sun, 05 Jan 2014 21:31:40 GMT",
            "Content-Type", "application/json",
            "Digest", "SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=",
            "Content-Length", "18"));

    private static final String C1_SIGNATURE = "SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJmn+ibttBqtifLN7Sazz"
            + "6m79cNfwwb8DMJ5cou1s7uEGKKCs+FLEEaDV5lp7q25WqS+lavg7T8hc0GppauB"
            + "6hbgEKTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM=";
    private static final String C2_SIGNATURE = "qdx+H7PHHDZgy4"
            + "y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn"
            + "7ndmw2iicw3HMbe8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBs"
            + "kLu6kd9Fswtemr3lgdDEmn04swr2Os0=";
    private static final String C3_SIGNATURE = "vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs"
            + "8rgOp+63LEM3v+MFHB32NfpB2bEKBIvB1q52LaEUHFv120V01IL+TAD48XaERZF"
            + "ukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zkly4zKH7s1dE=";

    @Test
    void digestOfTheDraftBody() {
        assertEquals(DigestHeader.Result.MATCHES, DigestHeader.check(HEADERS.get("Digest"), BODY));
    }

    @Test
    void signingStringsAreTheDraftsExactly() {
        assertEquals("date: Sun, 05 Jan 2014 21:31:40 GMT",
                string(List.of("date")));
        assertEquals("(request-target): post /foo?param=value&pet=dog\n"
                + "host: example.com\n"
                + "date: Sun, 05 Jan 2014 21:31:40 GMT", string(List.of("(request-target)", "host", "date")));
        assertEquals("(request-target): post /foo?param=value&pet=dog\n"
                + "host: example.com\n"
                + "date: Sun, 05 Jan 2014 21:31:40 GMT\n"
                + "content-type: application/json\n"
                + "digest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=\n"
                + "content-length: 18",
                string(List.of("(request-target)", "host", "date", "content-type", "digest", "content-length")));
    }

    @Test
    void signaturesReproduceExactlyWithTheDraftKey() throws Exception {
        PrivateKey key = draftPrivateKey();
        assertEquals(C1_SIGNATURE, sign(key, string(List.of("date"))));
        assertEquals(C2_SIGNATURE, sign(key, string(List.of("(request-target)", "host", "date"))));
        assertEquals(C3_SIGNATURE, sign(key, string(List.of("(request-target)", "host", "date", "content-type",
                "digest", "content-length"))));
    }

    @Test
    void draftSignaturesVerifyWithTheDraftPublicKey() throws Exception {
        PublicKey key = KeyFactory.getInstance("RSA").generatePublic(
                new X509EncodedKeySpec(Base64.getDecoder().decode(PUBLIC_KEY)));
        byte[] c3 = string(List.of("(request-target)", "host", "date", "content-type", "digest", "content-length"))
                .getBytes(StandardCharsets.UTF_8);
        assertTrue(RequestVerifier.verifies(key, "SHA-256", c3, Base64.getDecoder().decode(C3_SIGNATURE)));
        assertTrue(RequestVerifier.verifies(key, "SHA-256", "date: Sun, 05 Jan 2014 21:31:40 GMT".getBytes(StandardCharsets.UTF_8),
                Base64.getDecoder().decode(C1_SIGNATURE)));
        // one changed character of the signing string no longer verifies
        byte[] tampered = c3.clone();
        tampered[tampered.length - 1] = '9';
        assertFalse(RequestVerifier.verifies(key, "SHA-256", tampered, Base64.getDecoder().decode(C3_SIGNATURE)));
    }

    @Test
    void theDraftsSignatureHeaderParses() {
        SignatureParameters parsed = SignatureParameters.parse("keyId=\"Test\",algorithm=\"rsa-sha256\",\n"
                + "    headers=\"(request-target) host date content-type digest content-length\",\n"
                + "    signature=\"" + C3_SIGNATURE + "\"");
        assertEquals("Test", parsed.keyId());
        assertEquals("SHA-256", parsed.hash());
        assertEquals(List.of("(request-target)", "host", "date", "content-type", "digest", "content-length"), parsed.headers());
        assertArrayEquals(Base64.getDecoder().decode(C3_SIGNATURE), parsed.signature());
    }

    private static String string(List<String> headers) {
        return new String(RequestVerifier.signingString(headers, METHOD, TARGET, HEADERS), StandardCharsets.UTF_8);
    }

    private static String sign(PrivateKey key, String signingString) throws Exception {
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(key);
        signature.update(signingString.getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder().encodeToString(signature.sign());
    }

    private static PrivateKey draftPrivateKey() throws Exception {
        RSAPrivateKey k = RSAPrivateKey.getInstance(Base64.getDecoder().decode(DRAFT_TEST_KEY_PKCS1));
        return KeyFactory.getInstance("RSA").generatePrivate(new RSAPrivateCrtKeySpec(k.getModulus(),
                k.getPublicExponent(), k.getPrivateExponent(), k.getPrime1(), k.getPrime2(), k.getExponent1(),
                k.getExponent2(), k.getCoefficient()));
    }
}
