package eu.xs2a.security.revocation;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bouncycastle.asn1.ASN1IA5String;
import org.bouncycastle.asn1.x509.AccessDescription;
import org.bouncycastle.asn1.x509.AuthorityInformationAccess;
import org.bouncycastle.asn1.x509.CRLDistPoint;
import org.bouncycastle.asn1.x509.DistributionPoint;
import org.bouncycastle.asn1.x509.DistributionPointName;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;

/**
 * Where a certificate says its revocation status is published: the OCSP responders of its Authority Information Access
 * and the CRLs of its distribution points. Only http and https URLs are used (an LDAP distribution point is not).
 *
 * @param ocsp the OCSP responders
 * @param crls the CRL distribution points
 */
record RevocationSources(List<String> ocsp, List<String> crls) {

    boolean none() {
        return ocsp.isEmpty() && crls.isEmpty();
    }

    /** The sources a certificate names; a malformed extension names none (and the status is then unknown). */
    static RevocationSources of(X509Certificate certificate) {
        return new RevocationSources(ocspUrls(certificate), crlUrls(certificate));
    }

    private static List<String> ocspUrls(X509Certificate certificate) {
        List<String> urls = new ArrayList<>();
        byte[] value = certificate.getExtensionValue(Extension.authorityInfoAccess.getId());
        if (value == null) {
            return urls;
        }
        try {
            AuthorityInformationAccess access = AuthorityInformationAccess.getInstance(
                    JcaX509ExtensionUtils.parseExtensionValue(value));
            for (AccessDescription description : access.getAccessDescriptions()) {
                if (AccessDescription.id_ad_ocsp.equals(description.getAccessMethod())) {
                    addHttp(urls, description.getAccessLocation());
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return List.of();
        }
        return urls;
    }

    private static List<String> crlUrls(X509Certificate certificate) {
        List<String> urls = new ArrayList<>();
        byte[] value = certificate.getExtensionValue(Extension.cRLDistributionPoints.getId());
        if (value == null) {
            return urls;
        }
        try {
            CRLDistPoint points = CRLDistPoint.getInstance(JcaX509ExtensionUtils.parseExtensionValue(value));
            for (DistributionPoint point : points.getDistributionPoints()) {
                DistributionPointName name = point.getDistributionPoint();
                if (name != null && name.getType() == DistributionPointName.FULL_NAME) {
                    for (GeneralName general : GeneralNames.getInstance(name.getName()).getNames()) {
                        addHttp(urls, general);
                    }
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return List.of();
        }
        return urls;
    }

    private static void addHttp(List<String> urls, GeneralName name) {
        if (name.getTagNo() != GeneralName.uniformResourceIdentifier) {
            return;
        }
        String url = ASN1IA5String.getInstance(name.getName()).getString();
        String lower = url.toLowerCase(Locale.ROOT);
        if ((lower.startsWith("http://") || lower.startsWith("https://")) && !urls.contains(url)) {
            urls.add(url);
        }
    }
}
