package eu.xs2a.account.api;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * The formats of a transaction report (Berlin Group: application/json, application/xml for camt.052/053, text/plain
 * for MT940), chosen by Accept. Quarkus REST has already refused (406 REQUESTED_FORMATS_INVALID) an Accept that names
 * none of them; of those it names, the first in the order of its quality values is served, JSON for a wildcard.
 */
public enum ReportFormat {
    JSON, CAMT, MT940;

    static final String XML_UTF8 = MediaType.APPLICATION_XML + ";charset=UTF-8";
    static final String TEXT_UTF8 = MediaType.TEXT_PLAIN + ";charset=UTF-8";

    public static ReportFormat of(HttpHeaders headers) {
        for (MediaType type : headers.getAcceptableMediaTypes()) {
            if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                return JSON;
            }
            if (type.isCompatible(MediaType.APPLICATION_XML_TYPE)) {
                return CAMT;
            }
            if (type.isCompatible(MediaType.TEXT_PLAIN_TYPE)) {
                return MT940;
            }
        }
        return JSON;
    }
}
