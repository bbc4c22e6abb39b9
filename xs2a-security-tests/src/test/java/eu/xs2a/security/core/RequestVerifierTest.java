package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.Scope;
import eu.xs2a.security.tpp.TppIdentity;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Signature;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every step of the request pipeline, its error class, the tolerance rules and tampering (no server). */
class RequestVerifierTest {

    static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    static final String PATH = "/sandbox/api/berlingroup/v1/consents";
    static final byte[] BODY = "{\"access\":{\"balances\":[]},\"recurringIndicator\":true}".getBytes(StandardCharsets.UTF_8);

    static TestPki pki;
    static TestTpp tpp;
    static TestTpp other;
    static RequestVerifier verifier;

    @BeforeAll
    static void setUp() {
        pki = TestPki.shared();
        tpp = pki.tpp("PSDDE-BAFIN-123456", "Alpha TPP", Role.PSP_AI, Role.PSP_PI);
        other = pki.tpp("PSDDE-BAFIN-654321", "Other TPP", Role.PSP_AI);
        verifier = verifierTrusting(pki, false);
    }

    static RequestVerifier verifierTrusting(TestPki ca, boolean live) {
        return new RequestVerifier(VerifierSettings.of(List.of(ca.caCertificate()))
                .withCrls(List.of(TrustMaterial.loadCrls(List.of(TestPki.shared().crlFile()),
                        List.of(TestPki.shared().caCertificate())).get(0)))
                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                .withLive(live));
    }

    /** A signed request that can be changed before verification. */
    static final class Req {
        final Map<String, String> headers = new LinkedHashMap<>();
        byte[] body = BODY;
        String method = "POST";

        Req(Map<String, String> signed) {
            headers.putAll(signed);
        }

        VerifiedRequest verify() {
            return verify(verifier);
        }

        VerifiedRequest verify(RequestVerifier v) {
            return v.verify(method, PATH, RequestHeaders.of(headers), body);
        }

        Req set(String name, String value) {
            headers.remove(name);
            if (value != null) {
                headers.put(name, value);
            }
            return this;
        }

        /** Replaces part of the Signature header (keyId and algorithm are not signed). */
        Req signatureReplace(String from, String to) {
            String signature = headers.get("Signature");
            assertTrue(signature.contains(from), signature + " does not contain " + from);
            headers.put("Signature", signature.replace(from, to));
            return this;
        }

        /** Re-signs with this header list (in this order), as a TPP library with other habits would. */
        Req resign(TestTpp signer, List<String> signedHeaders) {
            headers.put("Signature", signer.signer().signatureHeader(signedHeaders, headers));
            return this;
        }
    }

    static Req signed(TestTpp signer) {
        return signed(signer, Map.of(), BODY);
    }

    static Req signed(TestTpp signer, Map<String, String> extra, byte[] body) {
        Req req = new Req(signer.signer().sign("POST", PATH, extra, body, UUID.randomUUID().toString(), NOW));
        req.body = body;
        return req;
    }

    static Psd2Exception fails(ErrorClass expected, Executable executable) {
        Psd2Exception e = assertThrows(Psd2Exception.class, executable);
        assertEquals(expected, e.errorClass(), e.getMessage());
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
        return e;
    }

    @Nested
    class Identity {
        @Test
        void aGoodRequestYieldsTheTppIdentity() {
            Req req = signed(tpp, Map.of("PSU-ID", "PSU-1", "TPP-Redirect-URI", "https://tpp.example/cb"), BODY);
            VerifiedRequest verified = req.verify();
            TppIdentity id = verified.identity();
            assertEquals("PSDDE-BAFIN-123456", id.tppId());
            assertEquals("Alpha TPP", id.name());
            assertEquals(Set.of(Role.PSP_AI, Role.PSP_PI), id.roles());
            assertEquals(Set.of(Scope.accounts, Scope.transactions, Scope.kyc, Scope.payments, Scope.funds_availability), id.scopes());
            assertEquals("Federal Financial Supervisory Authority", id.ncaName());
            assertEquals("DE-BAFIN", id.ncaId());
            assertEquals(tpp.fingerprint(), id.fingerprint());
            assertEquals(req.headers.get("X-Request-ID"), verified.requestId().toString());
            assertEquals(req.headers.get("Digest"), verified.digest());
        }
    }

    @Nested
    class Step1RequestId {
        @Test
        void missing() {
            fails(ErrorClass.FORMAT_ERROR, () -> signed(tpp).set("X-Request-ID", null).verify());
        }

        @ParameterizedTest
        @ValueSource(strings = {"abc", "12345678-1234-1234-1234-12345678901", "12345678123412341234123456789012", " "})
        void notAUuid(String value) {
            Psd2Exception e = fails(ErrorClass.FORMAT_ERROR, () -> signed(tpp).set("X-Request-ID", value).verify());
            assertEquals(400, e.errorClass().status());
            assertEquals("FORMAT_ERROR", e.errorClass().code());
        }

        @Test
        void winsOverEveryLaterStep() {
            Req req = signed(tpp).set("X-Request-ID", "nope").set("TPP-Signature-Certificate", null).set("Signature", null);
            fails(ErrorClass.FORMAT_ERROR, req::verify);
        }
    }

    @Nested
    class Step2Certificate {
        @Test
        void missing() {
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_MISSING, () -> signed(tpp).set("TPP-Signature-Certificate", null).verify());
            assertEquals(401, e.errorClass().status());
            assertEquals("CERTIFICATE_MISSING", e.errorClass().code());
            fails(ErrorClass.CERTIFICATE_MISSING, () -> signed(tpp).set("TPP-Signature-Certificate", "  ").verify());
        }

        @Test
        void notBase64OrNotACertificate() {
            fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(tpp).set("TPP-Signature-Certificate", "***not base64***").verify());
            fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(tpp).set("TPP-Signature-Certificate",
                    Base64.getEncoder().encodeToString("hello world".getBytes(StandardCharsets.UTF_8))).verify());
            fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(tpp).set("TPP-Signature-Certificate",
                    Base64.getEncoder().encodeToString("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
                            .getBytes(StandardCharsets.UTF_8))).verify());
            fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(tpp).set("TPP-Signature-Certificate",
                    Base64.getEncoder().encodeToString(new byte[] {0x30, 0x03, 0x02, 0x01, 0x01})).verify());
        }

        @Test
        void fromAnUntrustedCa() {
            TestTpp mallory = TestPki.untrusted().tpp("PSDDE-BAFIN-666666", "Mallory", Role.PSP_AI);
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(mallory).verify());
            assertEquals("CERTIFICATE_INVALID", e.errorClass().code());
        }

        @Test
        void expiredOrNotYetValid() {
            TestTpp expired = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-222222").roles(Role.PSP_AI).expired().build();
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_EXPIRED, () -> signed(expired).verify());
            assertEquals(401, e.errorClass().status());
            assertEquals("CERTIFICATE_EXPIRED", e.errorClass().code());
            TestTpp future = pki.tppBuilder().roles(Role.PSP_AI).notYetValid().build();
            fails(ErrorClass.CERTIFICATE_EXPIRED, () -> signed(future).verify());
        }

        @Test
        void untrustedWinsOverExpired() {
            TestTpp both = TestPki.untrusted().tppBuilder().roles(Role.PSP_AI).expired().build();
            fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(both).verify());
        }

        @Test
        void revokedOnAConfiguredCrl() {
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_REVOKED, () -> signed(pki.revokedTpp()).verify());
            assertTrue(e.getMessage().contains("revoked"), e.getMessage());
            // the interface's class, with Berlin Group's code for a revoked certificate
            assertEquals("CertificateInvalid", e.errorClass().text());
            assertEquals(401, e.errorClass().status());
            assertEquals("CERTIFICATE_REVOKE", e.errorClass().code());
        }

        @Test
        void withoutOrganizationIdentifier() {
            TestTpp anonymous = pki.tppBuilder().withoutOrganizationIdentifier().roles(Role.PSP_AI).build();
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(anonymous).verify());
            assertTrue(e.getMessage().contains("organizationIdentifier"));
        }

        @Test
        void withAnOrganizationIdentifierLongerThanTheTppIdColumns() {
            // 140 characters is the widest tpp_id every service stores; one more failed at the replay claim as a 503
            String longest = "PSDDE-BAFIN-" + "9".repeat(TppIdentity.MAX_ID_LENGTH - "PSDDE-BAFIN-".length());
            TestTpp widest = pki.tppBuilder().organizationIdentifier(longest).roles(Role.PSP_AI).build();
            assertEquals(longest, signed(widest).verify().identity().tppId());
            TestTpp tooWide = pki.tppBuilder().organizationIdentifier(longest + "9").roles(Role.PSP_AI).build();
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(tooWide).verify());
            assertTrue(e.getMessage().contains("longer than 140 characters"), e.getMessage());
        }

        @Test
        void withAnOrganizationNameLongerThanTheTppNameColumns() {
            // 255 characters is the widest tpp_name the services and the bank keep with a consent or payment
            String longest = "N".repeat(TppIdentity.MAX_NAME_LENGTH);
            TestTpp widest = pki.tppBuilder().name(longest).roles(Role.PSP_AI).build();
            assertEquals(longest, signed(widest).verify().identity().name());
            TestTpp tooWide = pki.tppBuilder().name(longest + "N").roles(Role.PSP_AI).build();
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(tooWide).verify());
            assertTrue(e.getMessage().contains("organization name is longer than 255 characters"), e.getMessage());
        }

        @Test
        void withoutPsd2StatementHasNoRolesInTheSandboxAndIsRefusedLive() {
            TestTpp plain = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-333333").withoutQcStatement().build();
            TppIdentity identity = signed(plain).verify().identity();
            assertEquals(Set.of(), identity.roles());
            fails(ErrorClass.ROLE_INVALID, () -> RequestVerifier.requireRole(identity, Set.of(Role.PSP_AI)));
            fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(plain).verify(verifierTrusting(pki, true)));
            signed(tpp).verify(verifierTrusting(pki, true));
        }

        @Test
        void liveAcceptsOnlyAQualifiedSealAndTheSandboxAnyProfile() {
            RequestVerifier live = verifierTrusting(pki, true);
            TestTpp qseal = pki.tppBuilder().profile(TestPki.QcProfile.QSEAL).roles(Role.PSP_AI).build();
            assertEquals(qseal.tppId(), signed(qseal).verify(live).identity().tppId());

            TestTpp qwac = pki.tppBuilder().qwac().roles(Role.PSP_AI, Role.PSP_PI).build();
            Psd2Exception web = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(qwac).verify(live));
            assertTrue(web.getMessage().contains("QWAC") && web.getMessage().contains("QcType eseal"), web.getMessage());

            TestTpp notQualified = pki.tppBuilder().profile(TestPki.QcProfile.NOT_QUALIFIED).roles(Role.PSP_AI).build();
            Psd2Exception plain = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(notQualified).verify(live));
            assertTrue(plain.getMessage().contains("QcCompliance"), plain.getMessage());

            // the sandbox stays as lenient as it was: roles from the PSD2 statement, whatever the profile
            assertEquals(Set.of(Role.PSP_AI, Role.PSP_PI), signed(qwac).verify().identity().roles());
            assertEquals(Set.of(Role.PSP_AI), signed(notQualified).verify().identity().roles());
        }

        /** Weak keys are refused in every environment, before any signature is checked with them. */
        @Test
        void rsaKeysOfAtLeast2048BitsAndEcKeysOnTheNistCurvesOnly() {
            for (boolean live : List.of(false, true)) {
                RequestVerifier v = verifierTrusting(pki, live);
                TestTpp weak = pki.tppBuilder().rsaBits(1024).roles(Role.PSP_AI).build();
                Psd2Exception rsa = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(weak).verify(v));
                assertEquals("TPP-Signature-Certificate has an RSA key of 1024 bits; at least 2048 are required",
                        rsa.getMessage());

                // the JDK cannot sign with secp256k1: another key signs, the certificate is refused first
                TestTpp k1 = pki.tppBuilder().ecCurve("secp256k1").roles(Role.PSP_AI).build();
                Psd2Exception ec = fails(ErrorClass.CERTIFICATE_INVALID,
                        () -> signed(tpp).set("TPP-Signature-Certificate", k1.certificateHeader()).verify(v));
                assertEquals("TPP-Signature-Certificate has an EC key on curve secp256k1 (1.3.132.0.10); only P-256,"
                        + " P-384 and P-521 are accepted", ec.getMessage());
                fails(ErrorClass.CERTIFICATE_INVALID, () -> v.validateCertificate(k1.certificatePem(), NOW));

                for (String curve : List.of("secp256r1", "secp384r1", "secp521r1")) {
                    TestTpp good = pki.tppBuilder().ecCurve(curve).roles(Role.PSP_AI).build();
                    assertEquals(good.tppId(), signed(good).verify(v).identity().tppId(), curve);
                }
                TestTpp rsa3072 = pki.tppBuilder().rsaBits(3072).roles(Role.PSP_AI).build();
                assertEquals(rsa3072.tppId(), signed(rsa3072).verify(v).identity().tppId());
            }
        }

        /** ETSI TS 119 495: organizationIdentifier PSD + NCA id + "-" + number; the PSD2 statement's NCA id agrees. */
        @Test
        void liveRequiresTheNcaIdToMatchTheOrganizationIdentifier() {
            RequestVerifier live = verifierTrusting(pki, true);
            TestTpp french = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-424242")
                    .nca("Autorite de controle prudentiel et de resolution", "FR-ACPR").roles(Role.PSP_AI).build();
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(french).verify(live));
            assertEquals("TPP-Signature-Certificate's organizationIdentifier 'PSDDE-BAFIN-424242' names the NCA"
                    + " 'DE-BAFIN', but its PSD2 statement names the NCA id 'FR-ACPR' (ETSI TS 119 495)", e.getMessage());

            TestTpp notPsd = pki.tppBuilder().organizationIdentifier("NTRDE-HRB424242").roles(Role.PSP_AI).build();
            Psd2Exception form = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(notPsd).verify(live));
            assertTrue(form.getMessage().contains("'NTRDE-HRB424242'") && form.getMessage().contains("'DE-BAFIN'"),
                    form.getMessage());

            TestTpp noNca = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-424243").nca("BaFin", "BAFIN")
                    .roles(Role.PSP_AI).build();
            Psd2Exception id = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(noNca).verify(live));
            assertTrue(id.getMessage().contains("no valid NCA id ('BAFIN')"), id.getMessage());

            TestTpp consistent = pki.tppBuilder().organizationIdentifier("PSDFR-ACPR-17")
                    .nca("Autorite de controle prudentiel et de resolution", "FR-ACPR").roles(Role.PSP_AI).build();
            assertEquals("PSDFR-ACPR-17", signed(consistent).verify(live).identity().tppId());
            // the sandbox does not judge the NCA id (its test seals name made-up authorities)
            assertEquals("PSDDE-BAFIN-424242", signed(french).verify().identity().tppId());
        }

        @Test
        void twoOrganizationIdentifiersInTheSubjectAreRefused() {
            X500Name twice = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE")
                    .addMultiValuedRDN(new ASN1ObjectIdentifier[] {BCStyle.O, BCStyle.ORGANIZATION_IDENTIFIER},
                            new String[] {"Example GmbH", "PSDDE-BAFIN-100001"})
                    .addRDN(BCStyle.ORGANIZATION_IDENTIFIER, "PSDDE-BAFIN-100002").addRDN(BCStyle.CN, "Example").build();
            TestTpp ambiguous = pki.tppBuilder().subject(twice).roles(Role.PSP_AI).build();
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_INVALID, () -> signed(ambiguous).verify());
            assertTrue(e.getMessage().contains("2 organizationIdentifier"), e.getMessage());
        }

        @Test
        void certificateErrorWinsOverSignatureErrors() {
            TestTpp expired = pki.tppBuilder().roles(Role.PSP_AI).expired().build();
            fails(ErrorClass.CERTIFICATE_EXPIRED, () -> signed(expired).set("Signature", null).verify());
            fails(ErrorClass.CERTIFICATE_MISSING, () -> signed(tpp).set("TPP-Signature-Certificate", null)
                    .set("Signature", "garbage").set("Digest", null).verify());
        }

        @Test
        void certificateCheckOnItsOwn() {
            assertEquals("PSDDE-BAFIN-123456", verifier.validateCertificate(tpp.certificatePem(), NOW).tppId());
            assertEquals("PSDDE-BAFIN-123456", verifier.validateCertificate(tpp.certificateHeaderDer(), NOW).tppId());
            fails(ErrorClass.CERTIFICATE_EXPIRED, () -> verifier.validateCertificate(tpp.certificateHeader(),
                    tpp.certificate().getNotAfter().toInstant().plusSeconds(1)));
            fails(ErrorClass.CERTIFICATE_INVALID, () -> verifier.validateCertificate(
                    TestPki.untrusted().tpp("PSDDE-X-1", "X", Role.PSP_AI).certificatePem(), NOW));
            fails(ErrorClass.CERTIFICATE_MISSING, () -> verifier.validateCertificate(null, NOW));
        }

        @Test
        void parsedOnceWhetherSentAsPemOrDer() {
            RequestVerifier fresh = verifierTrusting(pki, false);
            signed(other).verify(fresh);
            signed(other).verify(fresh);
            signed(other).set("TPP-Signature-Certificate", other.certificateHeaderDer()).verify(fresh);
            assertEquals(1, fresh.cachedCertificates());
        }

        @Test
        void theCacheStaysWithinItsSizeUnderManyDistinctCertificates() {
            RequestVerifier small = new RequestVerifier(VerifierSettings.of(List.of(pki.caCertificate()))
                    .withClock(Clock.fixed(NOW, ZoneOffset.UTC)).withCacheSize(4));
            for (int i = 0; i < 20; i++) {
                TestTpp distinct = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-77" + i).name("Many " + i)
                        .roles(Role.PSP_AI).ec().build();
                assertEquals("PSDDE-BAFIN-77" + i, signed(distinct).verify(small).identity().tppId());
            }
            assertTrue(small.cachedCertificates() <= 4, small.cachedCertificates() + " certificates held");
            // an evicted certificate is simply checked again
            assertEquals("PSDDE-BAFIN-123456", signed(tpp).verify(small).identity().tppId());
        }

        @Test
        void aCachedCertificateIsRefusedRightAfterNewCrlsRevokeIt() {
            TestTpp soon = pki.tpp("PSDDE-BAFIN-500888", "Soon Revoked", Role.PSP_AI);
            RequestVerifier v = verifierTrusting(pki, false);
            signed(soon).verify(v);
            signed(soon).verify(v);
            assertEquals(1, v.cachedCertificates());
            v.replaceCrls(List.of(pki.crl(soon.certificate())));
            Psd2Exception e = fails(ErrorClass.CERTIFICATE_REVOKED, () -> signed(soon).verify(v));
            assertTrue(e.getMessage().contains("revoked"), e.getMessage());
            fails(ErrorClass.CERTIFICATE_REVOKED, () -> signed(soon).set("TPP-Signature-Certificate",
                    soon.certificateHeaderDer()).verify(v));
            v.replaceCrls(List.of(pki.crl()));
            signed(soon).verify(v);
        }
    }

    @Nested
    class Step3Signature {
        @Test
        void missing() {
            Psd2Exception e = fails(ErrorClass.SIGNATURE_MISSING, () -> signed(tpp).set("Signature", null).verify());
            assertEquals(401, e.errorClass().status());
            assertEquals("SIGNATURE_MISSING", e.errorClass().code());
        }

        @Test
        void malformed() {
            Req good = signed(tpp);
            String signature = good.headers.get("Signature");
            List<String> broken = List.of(
                    "garbage",
                    signature.replaceFirst("keyId=\"[^\"]*\",", ""),
                    signature.replaceFirst("algorithm=\"[^\"]*\",", ""),
                    signature.replaceFirst("headers=\"[^\"]*\",", ""),
                    signature.replaceFirst(",signature=\"[^\"]*\"", ""),
                    signature.replaceFirst("algorithm=\"[^\"]*\"", "algorithm=\"hmac-sha1\""),
                    signature.replaceFirst("signature=\"[^\"]*\"", "signature=\"%%%not-base64%%%\""),
                    signature.replaceFirst("keyId=\"[^\"]*\"", "keyId=\"Test\""),
                    signature.replaceFirst("keyId=\"SN=[0-9A-F]+", "keyId=\"SN=XYZ"),
                    signature.substring(0, signature.length() - 1));
            for (String value : broken) {
                Psd2Exception e = fails(ErrorClass.SIGNATURE_MALFORMED, () -> new Req(good.headers).set("Signature", value).verify());
                assertEquals(401, e.errorClass().status());
            }
        }

        @Test
        void keyIdOfAnotherCertificate() {
            Req req = signed(tpp);
            String serial = tpp.certificate().getSerialNumber().toString(16).toUpperCase();
            fails(ErrorClass.SIGNATURE_INVALID, () -> req.signatureReplace("SN=" + serial, "SN=" + serial + "0").verify());
            Req otherIssuer = signed(tpp);
            fails(ErrorClass.SIGNATURE_INVALID, () -> otherIssuer.signatureReplace("CN=XS2A Sandbox Test CA",
                    "CN=Another CA").verify());
        }

        @Test
        void digestAndRequestIdMustBeSigned() {
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp).resign(tpp, List.of("x-request-id", "date")).verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp).resign(tpp, List.of("digest", "date")).verify());
        }

        @Test
        void sentHeadersOfTheListMustBeSigned() {
            Map<String, String> extra = Map.of("PSU-ID", "PSU-1", "TPP-Redirect-URI", "https://tpp.example/cb",
                    "PSU-Corporate-ID", "CORP-1");
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp, extra, BODY)
                    .resign(tpp, List.of("digest", "x-request-id", "date", "tpp-redirect-uri", "psu-corporate-id")).verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp, extra, BODY)
                    .resign(tpp, List.of("digest", "x-request-id", "date", "psu-id", "psu-corporate-id")).verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp, extra, BODY)
                    .resign(tpp, List.of("digest", "x-request-id", "date", "psu-id", "tpp-redirect-uri")).verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp).resign(tpp, List.of("digest", "x-request-id")).verify());
            // an unsigned PSU-ID added by someone on the way
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp).set("PSU-ID", "PSU-2").verify());
            // a date-less request may leave date out of the list (and then fails at step 5, not here)
            fails(ErrorClass.FORMAT_ERROR, () -> signed(tpp).set("Date", null).resign(tpp, List.of("digest", "x-request-id")).verify());
        }

        @Test
        void listedHeaderNotSent() {
            Req req = signed(tpp).resign(tpp, List.of("digest", "x-request-id", "date"));
            req.headers.put("Signature", req.headers.get("Signature").replace("headers=\"digest x-request-id date\"",
                    "headers=\"digest x-request-id date psu-id\""));
            fails(ErrorClass.SIGNATURE_INVALID, req::verify);
        }

        @Test
        void tamperedSignedHeaders() {
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp).set("X-Request-ID", UUID.randomUUID().toString()).verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp, Map.of("PSU-ID", "PSU-1"), BODY).set("PSU-ID", "PSU-2").verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp, Map.of("TPP-Redirect-URI", "https://tpp.example/cb"), BODY)
                    .set("TPP-Redirect-URI", "https://evil.example/cb").verify());
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(tpp).set("Date",
                    eu.xs2a.security.client.HttpDates.format(NOW.minusSeconds(1))).verify());
        }

        @Test
        void signatureFromAnotherKey() {
            Req req = signed(tpp);
            req.headers.put("Signature", other.signer().signatureHeader(List.of("digest", "x-request-id", "date"), req.headers)
                    .replace(other.signer().keyId(), tpp.signer().keyId()));
            fails(ErrorClass.SIGNATURE_INVALID, req::verify);
        }

        @Test
        void signatureOfOtherBytes() {
            Req req = signed(tpp);
            byte[] sig = Base64.getDecoder().decode(req.headers.get("Signature").replaceAll(".*signature=\"([^\"]*)\".*", "$1"));
            sig[10] ^= 1;
            req.headers.put("Signature", req.headers.get("Signature").replaceAll("signature=\"[^\"]*\"",
                    "signature=\"" + Base64.getEncoder().encodeToString(sig) + "\""));
            fails(ErrorClass.SIGNATURE_INVALID, req::verify);
        }

        @Test
        void signatureErrorWinsOverDigestAndDate() {
            Req req = signed(tpp).set("X-Request-ID", UUID.randomUUID().toString()).set("Digest", "SHA-256=AAAA");
            req.body = "other".getBytes(StandardCharsets.UTF_8);
            fails(ErrorClass.SIGNATURE_INVALID, req::verify);
            Req stale = new Req(tpp.signer().sign("POST", PATH, Map.of(), BODY, UUID.randomUUID().toString(),
                    NOW.minusSeconds(3600)));
            stale.set("Signature", null);
            fails(ErrorClass.SIGNATURE_MISSING, stale::verify);
        }
    }

    @Nested
    class Step4Digest {
        @Test
        void missing() {
            Psd2Exception e = fails(ErrorClass.SIGNATURE_MISSING, () -> signed(tpp).set("Digest", null).verify());
            assertTrue(e.getMessage().contains("Digest"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"MD5=1B2M2Y8AsgTpgAmY7PhCfg==", "SHA-256", "SHA-256=!!!notbase64!!!", "nonsense"})
        void malformed(String digest) {
            Req req = signed(tpp).set("Digest", digest).resign(tpp, List.of("digest", "x-request-id", "date"));
            Psd2Exception e = fails(ErrorClass.SIGNATURE_MALFORMED, req::verify);
            assertEquals("SIGNATURE_INVALID", e.errorClass().code());
        }

        @Test
        void changedBody() {
            Req req = signed(tpp);
            req.body = "{\"access\":{\"balances\":[]},\"recurringIndicator\":false}".getBytes(StandardCharsets.UTF_8);
            fails(ErrorClass.SIGNATURE_INVALID, req::verify);
            Req empty = signed(tpp);
            empty.body = new byte[0];
            fails(ErrorClass.SIGNATURE_INVALID, empty::verify);
        }

        @Test
        void emptyBodyIsTheHashOfTheEmptyString() {
            Req req = signed(tpp, Map.of(), new byte[0]);
            assertEquals("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", req.headers.get("Digest"));
            req.verify();
        }
    }

    @Nested
    class Step5Date {
        Req at(Instant date) {
            Req req = new Req(tpp.signer().sign("POST", PATH, Map.of(), BODY, UUID.randomUUID().toString(), date));
            req.body = BODY;
            return req;
        }

        @Test
        void skewLimits() {
            at(NOW.minusSeconds(299)).verify();
            at(NOW.plusSeconds(299)).verify();
            at(NOW.minusSeconds(300)).verify();
            Psd2Exception old = fails(ErrorClass.SIGNATURE_INVALID, () -> at(NOW.minusSeconds(301)).verify());
            assertTrue(old.getMessage().contains("301"), old.getMessage());
            fails(ErrorClass.SIGNATURE_INVALID, () -> at(NOW.plusSeconds(301)).verify());
        }

        @Test
        void configurableSkew() {
            RequestVerifier strict = new RequestVerifier(VerifierSettings.of(List.of(pki.caCertificate()))
                    .withClock(Clock.fixed(NOW, ZoneOffset.UTC)).withMaxClockSkew(java.time.Duration.ofSeconds(30)));
            at(NOW.minusSeconds(29)).verify(strict);
            fails(ErrorClass.SIGNATURE_INVALID, () -> at(NOW.minusSeconds(31)).verify(strict));
        }

        @Test
        void missingOrNotAnHttpDate() {
            fails(ErrorClass.FORMAT_ERROR, () -> signed(tpp).set("Date", null).resign(tpp, List.of("digest", "x-request-id")).verify());
            for (String bad : List.of("2026-01-01T00:00:00Z", "yesterday", "Sun, 06 Nov 1994 08:49:37 CET")) {
                Req req = signed(tpp).set("Date", bad).resign(tpp, List.of("digest", "x-request-id", "date"));
                Psd2Exception e = fails(ErrorClass.FORMAT_ERROR, req::verify);
                assertEquals(400, e.errorClass().status());
            }
        }

        @Test
        void obsoleteHttpDateFormsAreRead() {
            assertEquals(Instant.parse("1994-11-06T08:49:37Z"), HttpDateParser.parse("Sun, 06 Nov 1994 08:49:37 GMT"));
            assertEquals(Instant.parse("1994-11-06T08:49:37Z"), HttpDateParser.parse("Sunday, 06-Nov-94 08:49:37 GMT"));
            assertEquals(Instant.parse("1994-11-06T08:49:37Z"), HttpDateParser.parse("Sun Nov  6 08:49:37 1994"));
        }

        @Test
        void remembersRecentDatesWithoutMixingThemUp() {
            // more distinct texts than the cache has slots, interleaved: each must still read as its own instant
            Instant start = Instant.parse("2026-11-22T10:00:00Z");
            for (int round = 0; round < 3; round++) {
                for (int second = 0; second < 40; second++) {
                    Instant expected = start.plusSeconds(second);
                    String text = DateTimeFormatter.RFC_1123_DATE_TIME.format(expected.atOffset(ZoneOffset.UTC));
                    assertEquals(expected, HttpDateParser.parse(text), text);
                }
            }
            assertNull(HttpDateParser.parse("Sun, 06 Nov 1994 08:49:37 CET"));
        }
    }

    @Nested
    class Step6Roles {
        @Test
        void rolesMustCoverTheEndpoint() {
            TppIdentity identity = signed(other).verify().identity();
            RequestVerifier.requireRole(identity, Set.of(Role.PSP_AI));
            Psd2Exception e = fails(ErrorClass.ROLE_INVALID, () -> RequestVerifier.requireRole(identity, Set.of(Role.PSP_PI)));
            assertEquals(401, e.errorClass().status());
            assertEquals("ROLE_INVALID", e.errorClass().code());
            RequestVerifier.requireRole(signed(tpp).verify().identity(), Set.of(Role.PSP_IC, Role.PSP_PI));
            TestTpp icOnly = pki.tpp("PSDDE-BAFIN-444444", "IC", Role.PSP_IC);
            TppIdentity ic = signed(icOnly).verify().identity();
            assertEquals(Set.of(Scope.funds_availability), ic.scopes());
            RequestVerifier.requireRole(ic, Set.of(Role.PSP_IC, Role.PSP_PI));
            fails(ErrorClass.ROLE_INVALID, () -> RequestVerifier.requireRole(ic, Set.of(Role.PSP_AI)));
        }
    }

    @Nested
    class HeaderLimits {
        @Test
        void headerLimits() {
            RequestVerifier.checkHeaderLimits(RequestHeaders.of(Map.of("PSU-ID", "x".repeat(50),
                    "TPP-Redirect-URI", "https://t.example/" + "x".repeat(482), "PSU-IP-Address", "192.0.2.10",
                    "PSU-Geo-Location", "GEO:52.506931;13.144558",
                    "PSU-Device-ID", "99435c7e-ad88-49ec-a2ad-99ddcb1f7721")));
            fails(ErrorClass.FORMAT_ERROR, () -> RequestVerifier.checkHeaderLimits(RequestHeaders.of(Map.of("psu-id", "x".repeat(51)))));
            fails(ErrorClass.FORMAT_ERROR, () -> RequestVerifier.checkHeaderLimits(RequestHeaders.of(
                    Map.of("TPP-Redirect-URI", "x".repeat(501)))));
            fails(ErrorClass.FORMAT_ERROR, () -> RequestVerifier.checkHeaderLimits(RequestHeaders.of(
                    Map.of("PSU-IP-Address", "1".repeat(141)))));
            // the PSU's context in its formats on every operation, not only where it goes to the bank
            fails(ErrorClass.FORMAT_ERROR, () -> RequestVerifier.checkHeaderLimits(RequestHeaders.of(
                    Map.of("PSU-IP-Address", "::1::"))));
            fails(ErrorClass.FORMAT_ERROR, () -> RequestVerifier.checkHeaderLimits(RequestHeaders.of(
                    Map.of("psu-geo-location", "GEO:52.5;13.1"))));
            fails(ErrorClass.FORMAT_ERROR, () -> RequestVerifier.checkHeaderLimits(RequestHeaders.of(
                    Map.of("PSU-Http-Method", "TRACE"))));
        }
    }

    @Nested
    class Tolerance {
        @Test
        void dnInsteadOfCa() {
            signed(tpp).signatureReplace(",CA=", ",DN=").verify();
        }

        @Test
        void percentEncodedDn() {
            String issuer = tpp.certificate().getIssuerX500Principal().getName();
            String encoded = issuer.replace(" ", "%20").replace("=", "%3D");
            signed(tpp).signatureReplace("CA=" + issuer, "CA=" + encoded.replaceFirst("%3D", "=")).verify();
            signed(tpp).signatureReplace("CA=" + issuer, "CA=" + issuer.replace(" ", "%20")).verify();
        }

        @Test
        void dnInOtherRdnOrderAndSpacing() {
            String issuer = tpp.certificate().getIssuerX500Principal().getName();
            signed(tpp).signatureReplace("CA=" + issuer, "CA=C=DE, O=XS2A Test PKI, CN=XS2A Sandbox Test CA").verify();
            signed(tpp).signatureReplace("CA=" + issuer, "CA=cn=xs2a sandbox test ca, o=XS2A Test PKI, c=DE").verify();
        }

        @Test
        void dnWithUnescapedCommas() {
            TestPki commaCa = TestPki.create("Bank, Inc. Qualified CA");
            TestTpp t = commaCa.tpp("PSDDE-BAFIN-777777", "Comma TPP", Role.PSP_AI);
            RequestVerifier v = verifierTrusting(commaCa, false);
            String issuer = t.certificate().getIssuerX500Principal().getName();
            assertTrue(issuer.contains("\\,"), issuer);
            signed(t).verify(v);
            signed(t).signatureReplace("CA=" + issuer, "CA=" + issuer.replace("\\,", ",")).verify(v);
            signed(t).signatureReplace("CA=" + issuer, "CA=" + issuer.replace("\\,", "%2C").replace(" ", "%20")).verify(v);
        }

        /** The keyId names the issuer in the Signature header, whose octets a client sends as UTF-8 or Latin-1. */
        @Test
        void dnWithCharactersOtherThanAscii() {
            TestPki umlautCa = TestPki.create("Prüfstelle Qualified CA");
            TestTpp t = umlautCa.tpp("PSDDE-BAFIN-676767", "Umlaut TPP", Role.PSP_AI);
            RequestVerifier v = verifierTrusting(umlautCa, false);
            String issuer = t.certificate().getIssuerX500Principal().getName();
            String utf8 = HeaderText.wireForm(issuer);
            assertTrue(t.signer().sign("GET", "/x", Map.of(), new byte[0]).get("Signature").contains("CA=" + utf8));
            signed(t).verify(v);
            signed(t).signatureReplace("CA=" + utf8, "CA=" + issuer).verify(v);
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(t).signatureReplace("CA=" + utf8,
                    "CA=" + utf8.replace("Pr", "Br")).verify(v));
        }

        @Test
        void qualifiedCaDnWithOrganizationIdentifier() {
            TestPki qtsp = TestPki.createWithSubject(
                    "CN=Test QTSP CA 2-1 2019,O=Test QTSP GmbH,organizationIdentifier=NTRDE-HRB000000,C=DE");
            TestTpp t = qtsp.tpp("PSDDE-BAFIN-121212", "QTSP customer", Role.PSP_AI);
            RequestVerifier v = verifierTrusting(qtsp, false);
            String issuer = t.certificate().getIssuerX500Principal().getName();
            // the JDK prints the unknown attribute as 2.5.4.97=#<hex DER>; that form is what RequestSigner sends
            assertTrue(issuer.contains("2.5.4.97=#"), issuer);
            signed(t).verify(v);
            signed(t).signatureReplace("CA=" + issuer,
                    "CA=CN=Test QTSP CA 2-1 2019,O=Test QTSP GmbH,organizationIdentifier=NTRDE-HRB000000,C=DE").verify(v);
            signed(t).signatureReplace("CA=" + issuer,
                    "CA=CN=Test QTSP CA 2-1 2019, O=Test QTSP GmbH, 2.5.4.97=NTRDE-HRB000000, C=DE").verify(v);
            signed(t).signatureReplace("CA=" + issuer,
                    "CA=C=DE,2.5.4.97=NTRDE-HRB000000,O=Test QTSP GmbH,CN=Test QTSP CA 2-1 2019").verify(v);
            fails(ErrorClass.SIGNATURE_INVALID, () -> signed(t).signatureReplace("CA=" + issuer,
                    "CA=CN=Test QTSP CA 2-1 2019,O=Test QTSP GmbH,organizationIdentifier=NTRDE-HRB999999,C=DE").verify(v));
        }

        @Test
        void serialSpellings() {
            TestTpp t = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-888888").roles(Role.PSP_AI)
                    .serial(new BigInteger("00ABCDEF0123", 16)).build();
            String sn = "SN=ABCDEF0123";
            assertTrue(t.signer().keyId().startsWith(sn), t.signer().keyId());
            signed(t).verify();
            signed(t).signatureReplace(sn, "SN=abcdef0123").verify();
            signed(t).signatureReplace(sn, "SN=0000ABCDEF0123").verify();
            signed(t).signatureReplace(sn, "SN=00abcdef0123").verify();
            signed(t).signatureReplace(sn, "SN=" + new BigInteger("ABCDEF0123", 16)).verify(); // decimal
            signed(t).signatureReplace(sn, "sn=0xABCDEF0123").verify();
            // a decimal-looking serial that is really hex
            TestTpp d = pki.tppBuilder().roles(Role.PSP_AI).serial(new BigInteger("12345678", 16)).build();
            signed(d).verify();
            signed(d).signatureReplace("SN=12345678", "SN=" + new BigInteger("12345678", 16)).verify();
        }

        @ParameterizedTest
        @ValueSource(strings = {"rsa-sha256", "rsa-sha-256", "SHA256withRSA", "RSA-SHA256", "sha256WithRSA"})
        void algorithmSpellings256(String algorithm) {
            signed(tpp).signatureReplace("algorithm=\"rsa-sha256\"", "algorithm=\"" + algorithm + "\"").verify();
        }

        @ParameterizedTest
        @ValueSource(strings = {"rsa-sha512", "rsa-sha-512", "SHA512withRSA"})
        void algorithmSpellings512(String algorithm) {
            Req req = new Req(tpp.signer().withSha512().sign("POST", PATH, Map.of(), BODY, UUID.randomUUID().toString(), NOW));
            req.body = BODY;
            assertTrue(req.headers.get("Digest").startsWith("SHA-512="));
            req.signatureReplace("algorithm=\"rsa-sha512\"", "algorithm=\"" + algorithm + "\"").verify();
        }

        @Test
        void headerOrderAndNameCase() {
            Map<String, String> extra = Map.of("PSU-ID", "PSU-1", "TPP-Redirect-URI", "https://tpp.example/cb");
            signed(tpp, extra, BODY).resign(tpp, List.of("date", "tpp-redirect-uri", "x-request-id", "psu-id", "digest")).verify();
            // the TPP writes the list in capitals; the signing string still uses lowercase names
            Req capitals = signed(tpp, extra, BODY);
            String lower = "digest x-request-id date psu-id tpp-redirect-uri";
            capitals.headers.put("Signature", capitals.headers.get("Signature").replace("headers=\"" + lower + "\"",
                    "headers=\"Digest X-Request-ID Date PSU-ID TPP-Redirect-URI\""));
            capitals.verify();
            // header names of the request in any case
            Req mixed = signed(tpp, extra, BODY);
            Map<String, String> renamed = new LinkedHashMap<>();
            mixed.headers.forEach((k, v) -> renamed.put(k.toUpperCase(), v));
            mixed.headers.clear();
            mixed.headers.putAll(renamed);
            mixed.verify();
        }

        @Test
        void signatureParameterOrderAndSpacing() {
            Req req = signed(tpp);
            String s = req.headers.get("Signature");
            List<String> parts = new ArrayList<>(List.of(s.split(",(?=[a-zA-Z]+=\")")));
            java.util.Collections.reverse(parts);
            req.set("Signature", String.join(", ", parts)).verify();
        }

        @Test
        void lowercaseDigestAlgorithm() {
            Req req = signed(tpp);
            req.set("Digest", req.headers.get("Digest").replace("SHA-256=", "sha-256="))
                    .resign(tpp, List.of("digest", "x-request-id", "date")).verify();
            Req sha512 = signed(tpp);
            sha512.set("Digest", "sha-512=" + Base64.getEncoder().encodeToString(sha("SHA-512", BODY)))
                    .resign(tpp, List.of("digest", "x-request-id", "date")).verify();
        }

        @Test
        void certificateAsPemOrDer() {
            signed(tpp).set("TPP-Signature-Certificate", tpp.certificateHeaderDer()).verify();
            signed(tpp).set("TPP-Signature-Certificate", tpp.certificateHeader()).verify();
            // line-wrapped base64 (some libraries wrap at 76)
            String wrapped = tpp.certificateHeader().replaceAll("(.{76})", "$1\r\n");
            signed(tpp).set("TPP-Signature-Certificate", wrapped).verify();
        }

        @Test
        void crlfPrettyPrintedBodyWithTrailingNewline() {
            byte[] body = "{\r\n  \"access\" : {\r\n    \"balances\" : [ ]\r\n  },\r\n  \"recurringIndicator\" : true\r\n}\r\n"
                    .getBytes(StandardCharsets.UTF_8);
            signed(tpp, Map.of(), body).verify();
        }

        @Test
        void ecKeys() {
            TestTpp ec = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-999001").roles(Role.PSP_PI).ec().build();
            Req req = signed(ec);
            assertTrue(req.headers.get("Signature").contains("algorithm=\"ecdsa-sha256\""));
            assertEquals("PSDDE-BAFIN-999001", req.verify().identity().tppId());
            // "the certificate's key decides": an rsa-sha256 label on an EC signature is read as SHA-256
            signed(ec).signatureReplace("ecdsa-sha256", "rsa-sha256").verify();
            // IEEE P1363 (r||s) signatures, as some EC libraries produce
            Req p1363 = signed(ec);
            p1363.headers.put("Signature", p1363.headers.get("Signature").replaceAll("signature=\"[^\"]*\"",
                    "signature=\"" + Base64.getEncoder().encodeToString(p1363Sign(ec, p1363)) + "\""));
            p1363.verify();
        }

        /** One r in 256 starts with 0x30, DER's first byte: such a P1363 signature must verify as well. */
        @Test
        void p1363SignaturesThatStartLikeDer() throws Exception {
            TestTpp ec = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-999002").roles(Role.PSP_PI).ec().build();
            byte[] data = "digest: SHA-256=x".getBytes(StandardCharsets.UTF_8);
            Signature signer = Signature.getInstance("SHA256withECDSAinP1363Format");
            signer.initSign(ec.privateKey());
            byte[] signature;
            do {
                signer.update(data);
                signature = signer.sign();
            } while (signature[0] != 0x30);
            assertTrue(RequestVerifier.verifies(ec.certificate().getPublicKey(), "SHA-256", data, signature));
        }
    }

    private static byte[] p1363Sign(TestTpp ec, Req req) {
        try {
            Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
            s.initSign(ec.privateKey());
            s.update(RequestSigner.signingString(List.of("digest", "x-request-id", "date"), req.headers)
                    .getBytes(StandardCharsets.UTF_8));
            return s.sign();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] sha(String algorithm, byte[] data) {
        try {
            return MessageDigest.getInstance(algorithm).digest(data);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
