package eu.xs2a.security.trust;

import eu.europa.esig.dss.model.DSSDocument;
import eu.europa.esig.dss.model.InMemoryDocument;
import eu.europa.esig.dss.model.SignatureValue;
import eu.europa.esig.dss.model.ToBeSigned;
import eu.europa.esig.dss.model.x509.CertificateToken;
import eu.europa.esig.dss.spi.validation.CommonCertificateVerifier;
import eu.europa.esig.dss.token.DSSPrivateKeyEntry;
import eu.europa.esig.dss.token.KeyStoreSignatureTokenConnection;
import eu.europa.esig.dss.xades.XAdESSignatureParameters;
import eu.europa.esig.dss.xades.signature.XAdESService;
import eu.europa.esig.dss.xades.tsl.TrustedListV5SignatureParametersBuilder;
import eu.xs2a.testsupport.TestKeys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A small ETSI TS 119 612 trusted list made at test time: a national list (one trust service provider and its
 * services, each with a status history), or a list of trusted lists pointing to national lists; signed as a real list
 * is, with an enveloped XAdES signature made by DSS ({@code dss-xades}, the key in a {@code dss-token} PKCS#12 token
 * built in memory). Keys and certificates are generated here; nothing is committed.
 */
final class TestTrustedList {

    static final String FOR_E_SEALS = "http://uri.etsi.org/TrstSvc/TrustedList/SvcInfoExt/ForeSeals";
    static final String FOR_WEB = "http://uri.etsi.org/TrstSvc/TrustedList/SvcInfoExt/ForWebSiteAuthentication";
    static final String GRANTED = "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted";
    static final String WITHDRAWN = "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/withdrawn";
    static final String CA_QC = "http://uri.etsi.org/TrstSvc/Svctype/CA/QC";
    private static final String EU_GENERIC = "http://uri.etsi.org/TrstSvc/TrustedList/TSLType/EUgeneric";
    private static final String EU_LOTL = "http://uri.etsi.org/TrstSvc/TrustedList/TSLType/EUlistofthelists";

    /** A list operator's signing key and certificate. */
    record Signer(PrivateKey key, X509Certificate certificate) {

        static Signer create(String commonName) {
            try {
                KeyPair keys = TestKeys.rsa();
                X500Name name = new X500Name("CN=" + commonName + ",O=Test Supervisory Body,C=DE");
                Instant now = Instant.now();
                JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name,
                        new BigInteger(64, new SecureRandom()).setBit(62), Date.from(now.minus(Duration.ofDays(1))),
                        Date.from(now.plus(Duration.ofDays(730))), name, keys.getPublic());
                builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
                builder.addExtension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.digitalSignature | KeyUsage.nonRepudiation));
                X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                        builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate())));
                return new Signer(keys.getPrivate(), certificate);
            } catch (GeneralSecurityException | IOException | org.bouncycastle.operator.OperatorCreationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** One period of a service's status. */
    record Status(Instant from, String status, List<String> additionalInfo) {
    }

    /** A CA/QC service: its certificate and its statuses (any order; the latest is the current one). */
    record Service(String name, X509Certificate certificate, List<Status> history) {
    }

    private TestTrustedList() {
    }

    /** A national list (territory DE) of one QTSP with {@code services}, valid for half a year. */
    static String nationalList(int sequence, List<Service> services) {
        StringBuilder xml = head(sequence, EU_GENERIC, "DE");
        xml.append("<tsl:ListIssueDateTime>").append(time(Instant.now().minus(Duration.ofHours(1))))
                .append("</tsl:ListIssueDateTime><tsl:NextUpdate><tsl:dateTime>")
                .append(time(Instant.now().plus(Duration.ofDays(180)))).append("</tsl:dateTime></tsl:NextUpdate>")
                .append("</tsl:SchemeInformation><tsl:TrustServiceProviderList><tsl:TrustServiceProvider>")
                .append("<tsl:TSPInformation><tsl:TSPName><tsl:Name xml:lang=\"en\">Test QTSP GmbH</tsl:Name>")
                .append("</tsl:TSPName><tsl:TSPAddress>").append(address())
                .append("</tsl:TSPAddress><tsl:TSPInformationURI><tsl:URI xml:lang=\"en\">https://qtsp.example/")
                .append("</tsl:URI></tsl:TSPInformationURI></tsl:TSPInformation><tsl:TSPServices>");
        for (Service service : services) {
            List<Status> history = new ArrayList<>(service.history());
            history.sort(Comparator.comparing(Status::from).reversed());
            xml.append("<tsl:TSPService><tsl:ServiceInformation>");
            serviceStatus(xml, service, history.get(0));
            xml.append("</tsl:ServiceInformation>");
            if (history.size() > 1) {
                xml.append("<tsl:ServiceHistory>");
                for (Status older : history.subList(1, history.size())) {
                    xml.append("<tsl:ServiceHistoryInstance>");
                    serviceStatus(xml, service, older);
                    xml.append("</tsl:ServiceHistoryInstance>");
                }
                xml.append("</tsl:ServiceHistory>");
            }
            xml.append("</tsl:TSPService>");
        }
        xml.append("</tsl:TSPServices></tsl:TrustServiceProvider></tsl:TrustServiceProviderList>")
                .append("</tsl:TrustServiceStatusList>");
        return xml.toString();
    }

    /** A list of trusted lists pointing to one national list (DE) at {@code location}, signed by {@code tlSigner}. */
    static String listOfLists(int sequence, String location, X509Certificate tlSigner) {
        StringBuilder xml = head(sequence, EU_LOTL, "EU");
        xml.append("<tsl:PointersToOtherTSL><tsl:OtherTSLPointer><tsl:ServiceDigitalIdentities>")
                .append("<tsl:ServiceDigitalIdentity><tsl:DigitalId><tsl:X509Certificate>").append(base64(tlSigner))
                .append("</tsl:X509Certificate></tsl:DigitalId></tsl:ServiceDigitalIdentity>")
                .append("</tsl:ServiceDigitalIdentities><tsl:TSLLocation>").append(location)
                .append("</tsl:TSLLocation><tsl:AdditionalInformation>")
                .append("<tsl:OtherInformation><tsl:TSLType>").append(EU_GENERIC).append("</tsl:TSLType>")
                .append("</tsl:OtherInformation><tsl:OtherInformation><tsl:SchemeOperatorName>")
                .append("<tsl:Name xml:lang=\"en\">Test Supervisory Body</tsl:Name></tsl:SchemeOperatorName>")
                .append("</tsl:OtherInformation><tsl:OtherInformation><tsl:SchemeTypeCommunityRules>")
                .append("<tsl:URI xml:lang=\"en\">http://uri.etsi.org/TrstSvc/TrustedList/schemerules/DE</tsl:URI>")
                .append("</tsl:SchemeTypeCommunityRules></tsl:OtherInformation><tsl:OtherInformation>")
                .append("<tsl:SchemeTerritory>DE</tsl:SchemeTerritory></tsl:OtherInformation>")
                .append("<tsl:OtherInformation><ns3:MimeType>application/vnd.etsi.tsl+xml</ns3:MimeType>")
                .append("</tsl:OtherInformation></tsl:AdditionalInformation></tsl:OtherTSLPointer>")
                .append("</tsl:PointersToOtherTSL>");
        xml.append("<tsl:ListIssueDateTime>").append(time(Instant.now().minus(Duration.ofHours(1))))
                .append("</tsl:ListIssueDateTime><tsl:NextUpdate><tsl:dateTime>")
                .append(time(Instant.now().plus(Duration.ofDays(180)))).append("</tsl:dateTime></tsl:NextUpdate>")
                .append("</tsl:SchemeInformation></tsl:TrustServiceStatusList>");
        return xml.toString();
    }

    /** The list signed as TS 119 612 requires: enveloped XAdES over the whole document, by {@code signer}. */
    static byte[] sign(String xml, Signer signer) {
        try {
            char[] password = "test".toCharArray();
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            keyStore.load(null, null);
            keyStore.setKeyEntry("tl", signer.key(), password, new Certificate[] {signer.certificate()});
            ByteArrayOutputStream p12 = new ByteArrayOutputStream();
            keyStore.store(p12, password);
            try (KeyStoreSignatureTokenConnection token = new KeyStoreSignatureTokenConnection(p12.toByteArray(),
                    "PKCS12", new KeyStore.PasswordProtection(password))) {
                DSSPrivateKeyEntry key = token.getKeys().get(0);
                DSSDocument document = new InMemoryDocument(xml.getBytes(StandardCharsets.UTF_8), "tl.xml");
                XAdESSignatureParameters parameters = new TrustedListV5SignatureParametersBuilder(
                        new CertificateToken(signer.certificate()), document).build();
                XAdESService service = new XAdESService(new CommonCertificateVerifier());
                ToBeSigned toBeSigned = service.getDataToSign(document, parameters);
                SignatureValue value = token.sign(toBeSigned, parameters.getDigestAlgorithm(), key);
                DSSDocument signed = service.signDocument(document, parameters, value);
                try (InputStream in = signed.openStream()) {
                    return in.readAllBytes();
                }
            }
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static StringBuilder head(int sequence, String type, String territory) {
        return new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
                .append("<tsl:TrustServiceStatusList xmlns:tsl=\"http://uri.etsi.org/02231/v2#\" ")
                .append("xmlns:ns3=\"http://uri.etsi.org/02231/v2/additionaltypes#\" ")
                .append("Id=\"TrustServiceStatusList-1\" TSLTag=\"http://uri.etsi.org/19612/TSLTag\">")
                .append("<tsl:SchemeInformation><tsl:TSLVersionIdentifier>5</tsl:TSLVersionIdentifier>")
                .append("<tsl:TSLSequenceNumber>").append(sequence).append("</tsl:TSLSequenceNumber>")
                .append("<tsl:TSLType>").append(type).append("</tsl:TSLType>")
                .append("<tsl:SchemeOperatorName><tsl:Name xml:lang=\"en\">Test Supervisory Body</tsl:Name>")
                .append("</tsl:SchemeOperatorName><tsl:SchemeOperatorAddress>").append(address())
                .append("</tsl:SchemeOperatorAddress><tsl:SchemeName><tsl:Name xml:lang=\"en\">").append(territory)
                .append(":Test trusted list</tsl:Name></tsl:SchemeName><tsl:SchemeInformationURI>")
                .append("<tsl:URI xml:lang=\"en\">https://tl.example/</tsl:URI></tsl:SchemeInformationURI>")
                .append("<tsl:StatusDeterminationApproach>http://uri.etsi.org/TrstSvc/TrustedList/StatusDetn/")
                .append("EUappropriate</tsl:StatusDeterminationApproach><tsl:SchemeTypeCommunityRules>")
                .append("<tsl:URI xml:lang=\"en\">http://uri.etsi.org/TrstSvc/TrustedList/schemerules/EUcommon")
                .append("</tsl:URI></tsl:SchemeTypeCommunityRules><tsl:SchemeTerritory>").append(territory)
                .append("</tsl:SchemeTerritory><tsl:PolicyOrLegalNotice><tsl:TSLLegalNotice xml:lang=\"en\">")
                .append("For tests only</tsl:TSLLegalNotice></tsl:PolicyOrLegalNotice>")
                .append("<tsl:HistoricalInformationPeriod>65535</tsl:HistoricalInformationPeriod>");
    }

    private static String address() {
        return "<tsl:PostalAddresses><tsl:PostalAddress xml:lang=\"en\"><tsl:StreetAddress>Teststrasse 1"
                + "</tsl:StreetAddress><tsl:Locality>Berlin</tsl:Locality><tsl:CountryName>DE</tsl:CountryName>"
                + "</tsl:PostalAddress></tsl:PostalAddresses><tsl:ElectronicAddress><tsl:URI xml:lang=\"en\">"
                + "mailto:tl@example.org</tsl:URI></tsl:ElectronicAddress>";
    }

    private static void serviceStatus(StringBuilder xml, Service service, Status status) {
        xml.append("<tsl:ServiceTypeIdentifier>").append(CA_QC).append("</tsl:ServiceTypeIdentifier>")
                .append("<tsl:ServiceName><tsl:Name xml:lang=\"en\">").append(service.name())
                .append("</tsl:Name></tsl:ServiceName><tsl:ServiceDigitalIdentity><tsl:DigitalId>")
                .append("<tsl:X509Certificate>").append(base64(service.certificate()))
                .append("</tsl:X509Certificate></tsl:DigitalId></tsl:ServiceDigitalIdentity>")
                .append("<tsl:ServiceStatus>").append(status.status()).append("</tsl:ServiceStatus>")
                .append("<tsl:StatusStartingTime>").append(time(status.from())).append("</tsl:StatusStartingTime>");
        if (!status.additionalInfo().isEmpty()) {
            xml.append("<tsl:ServiceInformationExtensions>");
            for (String info : status.additionalInfo()) {
                xml.append("<tsl:Extension Critical=\"false\"><tsl:AdditionalServiceInformation>")
                        .append("<tsl:URI xml:lang=\"en\">").append(info)
                        .append("</tsl:URI></tsl:AdditionalServiceInformation></tsl:Extension>");
            }
            xml.append("</tsl:ServiceInformationExtensions>");
        }
    }

    private static String time(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static String base64(X509Certificate certificate) {
        try {
            return Base64.getEncoder().encodeToString(certificate.getEncoded());
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
