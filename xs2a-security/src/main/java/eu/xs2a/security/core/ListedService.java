package eu.xs2a.security.core;

import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;

/**
 * A CA certificate of a trust service on a trusted list (ETSI TS 119 612), with the service's status history. It is a
 * trust anchor for a seal only when, at the seal's issuance (its notBefore), the service was a qualified CA
 * ({@code CA/QC}) for electronic seals ({@code ForeSeals}, or the {@code QCForESeal} qualifier) with status granted.
 *
 * @param certificate the service's digital identity (the CA certificate)
 * @param service     the service's and its provider's name, for messages
 * @param list        where the list came from (its URL or file), for messages
 * @param history     the service's status, one entry per period, any order
 */
public record ListedService(X509Certificate certificate, String service, String list, List<Status> history) {

    public static final String CA_QC = "http://uri.etsi.org/TrstSvc/Svctype/CA/QC";
    public static final String GRANTED = "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted";
    public static final String FOR_E_SEALS = "http://uri.etsi.org/TrstSvc/TrustedList/SvcInfoExt/ForeSeals";
    public static final String QC_FOR_E_SEAL = "http://uri.etsi.org/TrstSvc/TrustedList/SvcInfoExt/QCForESeal";

    public ListedService {
        history = List.copyOf(history);
    }

    /**
     * One period of the service's status.
     *
     * @param from           the status starting time
     * @param until          when the next status began; null for the current one
     * @param type           the service type identifier
     * @param status         the service status URI
     * @param additionalInfo the additional service information URIs (ForeSeals, ForeSignatures, ...)
     * @param qualifiers     the qualifiers of its Qualifications extension (QCForESeal, ...)
     */
    public record Status(Instant from, Instant until, String type, String status, List<String> additionalInfo,
                         List<String> qualifiers) {

        public Status {
            additionalInfo = List.copyOf(additionalInfo);
            qualifiers = List.copyOf(qualifiers);
        }

        boolean covers(Instant t) {
            return !t.isBefore(from) && (until == null || t.isBefore(until));
        }
    }

    /** The status in force at {@code t}, or null when the service was not listed then. */
    public Status statusAt(Instant t) {
        for (Status s : history) {
            if (s.covers(t)) {
                return s;
            }
        }
        return null;
    }

    /** Whether its certificate is an anchor for a seal issued at {@code issuance}. */
    public boolean anchorsSealsIssuedAt(Instant issuance) {
        return notAnAnchorBecause(issuance) == null;
    }

    /** Null when its certificate anchors a seal issued at {@code issuance}, else why not, in a few words. */
    public String notAnAnchorBecause(Instant issuance) {
        Status s = statusAt(issuance);
        if (s == null) {
            return "the service was not listed at the seal's issuance (" + issuance + ")";
        }
        if (!CA_QC.equals(s.type())) {
            return "the service is of type " + s.type() + ", not " + CA_QC;
        }
        if (!s.additionalInfo().contains(FOR_E_SEALS) && !s.qualifiers().contains(QC_FOR_E_SEAL)) {
            return "the service is not for electronic seals (no ForeSeals)"
                    + (s.additionalInfo().isEmpty() ? "" : ": " + String.join(", ", s.additionalInfo()));
        }
        if (!GRANTED.equals(s.status())) {
            return "its status at the seal's issuance (" + issuance + ") was " + s.status() + " (since " + s.from()
                    + ")";
        }
        return null;
    }
}
