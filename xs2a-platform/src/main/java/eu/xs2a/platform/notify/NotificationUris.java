package eu.xs2a.platform.notify;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.RedirectUris;
import java.net.URI;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * The rule for {@code TPP-Notification-URI}: the shape of a redirect URI ({@link RedirectUris}: absolute https, no
 * user info or fragment, at most 500 characters; http only for localhost and only in the sandbox), and a host that
 * belongs to the TPP: one of its QSEAL's domains (the certificate's subjectAltName dNSName entries and a CN that is a
 * host name, a subdomain of one included, {@code *.} wildcards as the domain itself), or, in the sandbox only, localhost where a TPP developer's
 * own receiver listens. Anything else is FormatError, so that the gateway never posts to a host the TPP cannot
 * prove is its own.
 */
public final class NotificationUris {

    public static final String HEADER = "TPP-Notification-URI";
    /** A DNS host name with at least one dot, optionally a {@code *.} wildcard: what a CN must be to count. */
    private static final Pattern HOST_NAME = Pattern.compile(
            "(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}");

    private NotificationUris() {
    }

    /** The value when it follows the rule for this TPP's certificate; else FormatError. */
    public static String require(String value, X509Certificate qseal) {
        String fault = fault(value, qseal, RedirectUris.localhostAllowed());
        if (fault != null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, HEADER + " " + RedirectUris.shown(value) + " " + fault);
        }
        return value;
    }

    /** Why the value is no notification URI of this TPP, or null; {@code sandbox} as the environment says. */
    public static String fault(String value, X509Certificate qseal, boolean sandbox) {
        String shape = RedirectUris.fault(value, sandbox);
        if (shape != null) {
            return shape;
        }
        String host = URI.create(value).getHost().toLowerCase(Locale.ROOT);
        if (sandbox && isLocal(host)) {
            return null;
        }
        List<String> domains = domains(qseal);
        for (String domain : domains) {
            if (host.equals(domain) || host.endsWith("." + domain)) {
                return null;
            }
        }
        return domains.isEmpty()
                ? "has a host that is not the TPP's: its QSEAL names no domain (subjectAltName dNSName or CN)"
                : "has a host that is none of the TPP's domains " + domains;
    }

    /**
     * The QSEAL's domains, lowercase, a leading {@code *.} removed: its dNSName entries and its subject's CN when that
     * is a host name (Berlin Group 1.3.6: "the domain … in the field CN or SubjectAltName of the certificate").
     */
    static List<String> domains(X509Certificate certificate) {
        List<String> domains = new ArrayList<>();
        if (certificate == null) {
            return domains;
        }
        String cn = commonName(certificate);
        if (cn != null && HOST_NAME.matcher(cn).matches()) {
            domains.add(cn.toLowerCase(Locale.ROOT).startsWith("*.") ? cn.substring(2).toLowerCase(Locale.ROOT)
                    : cn.toLowerCase(Locale.ROOT));
        }
        Collection<List<?>> names;
        try {
            names = certificate.getSubjectAlternativeNames();
        } catch (CertificateParsingException e) {
            return domains;
        }
        if (names == null) {
            return domains;
        }
        for (List<?> name : names) {
            if (name.size() == 2 && Integer.valueOf(2).equals(name.get(0)) && name.get(1) instanceof String dns) {
                String domain = dns.toLowerCase(Locale.ROOT);
                domains.add(domain.startsWith("*.") ? domain.substring(2) : domain);
            }
        }
        return domains;
    }

    private static String commonName(X509Certificate certificate) {
        try {
            for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
                if ("CN".equalsIgnoreCase(rdn.getType())) {
                    return rdn.getValue().toString();
                }
            }
        } catch (InvalidNameException e) {
            return null;
        }
        return null;
    }

    private static boolean isLocal(String host) {
        return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
    }
}
