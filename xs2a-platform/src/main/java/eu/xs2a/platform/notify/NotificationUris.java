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

/**
 * The rule for {@code TPP-Notification-URI}: the shape of a redirect URI ({@link RedirectUris}: absolute https, no
 * user info or fragment, at most 500 characters; http only for localhost and only in the sandbox), and a host that
 * belongs to the TPP: one of its QSEAL's domains (the certificate's subjectAltName dNSName entries, a subdomain of one
 * included, {@code *.} wildcards as the domain itself), or, in the sandbox only, localhost where a TPP developer's
 * own receiver listens. Anything else is FormatError, so that the gateway never posts to a host the TPP cannot
 * prove is its own.
 */
public final class NotificationUris {

    public static final String HEADER = "TPP-Notification-URI";

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
                ? "has a host that is not the TPP's: its QSEAL names no domain (subjectAltName dNSName)"
                : "has a host that is none of the TPP's domains " + domains;
    }

    /** The QSEAL's dNSName entries, lowercase, a leading {@code *.} removed. */
    static List<String> domains(X509Certificate certificate) {
        List<String> domains = new ArrayList<>();
        if (certificate == null) {
            return domains;
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

    private static boolean isLocal(String host) {
        return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
    }
}
