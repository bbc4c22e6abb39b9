package eu.xs2a.account.api;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * The formats of a transaction report (Berlin Group: application/json, application/xml for camt.052/053, text/plain
 * for MT940), chosen by Accept. Quarkus REST has already refused (406 REQUESTED_FORMATS_INVALID) an Accept that names
 * none of them; of those it names, the first in the order of its quality values is served, JSON for a wildcard. A
 * range with q=0 refuses its types (RFC 9110, 12.4.2): an Accept that leaves none of the three is 406 too.
 */
public enum ReportFormat {
    JSON, CAMT, MT940;

    static final String XML_UTF8 = MediaType.APPLICATION_XML + ";charset=UTF-8";
    static final String TEXT_UTF8 = MediaType.TEXT_PLAIN + ";charset=UTF-8";

    public static ReportFormat of(HttpHeaders headers) {
        List<MediaType> acceptable = headers.getAcceptableMediaTypes();
        for (MediaType type : acceptable) {
            if (refused(type)) {
                continue; // q=0: "not acceptable" (RFC 9110, 12.4.2), not the least wanted
            }
            for (ReportFormat format : values()) {
                if (type.isCompatible(format.mediaType()) && !refusedExplicitly(acceptable, format.mediaType())) {
                    return format;
                }
            }
        }
        throw new Psd2Exception(ErrorClass.REQUESTED_FORMATS_INVALID, "Accept " + headers.getHeaderString(
                HttpHeaders.ACCEPT) + " refuses every format of the report: application/json, application/xml"
                + " (camt) or text/plain (MT940)");
    }

    MediaType mediaType() {
        return switch (this) {
            case JSON -> MediaType.APPLICATION_JSON_TYPE;
            case CAMT -> MediaType.APPLICATION_XML_TYPE;
            case MT940 -> MediaType.TEXT_PLAIN_TYPE;
        };
    }

    /** A range with q=0. */
    private static boolean refused(MediaType type) {
        String q = type.getParameters().get("q");
        try {
            return q != null && Double.parseDouble(q) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The exact type named with q=0, which a wildcard beside it does not bring back. */
    private static boolean refusedExplicitly(List<MediaType> acceptable, MediaType format) {
        return acceptable.stream().anyMatch(type -> refused(type) && !type.isWildcardType()
                && !type.isWildcardSubtype() && type.isCompatible(format));
    }
}
