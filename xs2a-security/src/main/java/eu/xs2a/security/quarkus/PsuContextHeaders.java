package eu.xs2a.security.quarkus;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.security.core.PsuContextCheck;
import eu.xs2a.security.core.PsuIpAddress;
import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The PSU-context headers besides PSU-IP-Address (which each operation declares with its own rule), as a
 * {@code @BeanParam} so that every operation that forwards them to the bank declares and documents them once.
 */
public record PsuContextHeaders(
        @Parameter(description = "the port of the PSU's device, 1 to 65535")
        @HeaderParam(PsuContextCheck.IP_PORT) String ipPort,
        @Parameter(description = "the PSU's browser's or app's User-Agent, as the TPP received it (at most 512"
                + " characters)")
        @HeaderParam(PsuContextCheck.USER_AGENT) String userAgent,
        @Parameter(description = "the PSU's Accept header (at most 512 characters)")
        @HeaderParam(PsuContextCheck.ACCEPT) String accept,
        @Parameter(description = "the PSU's Accept-Charset header (at most 512 characters)")
        @HeaderParam(PsuContextCheck.ACCEPT_CHARSET) String acceptCharset,
        @Parameter(description = "the PSU's Accept-Encoding header (at most 512 characters)")
        @HeaderParam(PsuContextCheck.ACCEPT_ENCODING) String acceptEncoding,
        @Parameter(description = "the PSU's Accept-Language header (at most 512 characters)")
        @HeaderParam(PsuContextCheck.ACCEPT_LANGUAGE) String acceptLanguage,
        @Parameter(description = "the method of the PSU's request to the TPP",
                schema = @Schema(enumeration = {"GET", "POST", "PUT", "PATCH", "DELETE"}))
        @HeaderParam(PsuContextCheck.HTTP_METHOD) String httpMethod,
        @Parameter(description = "a UUID of the PSU's device or app installation, the same for every request from it",
                schema = @Schema(format = "uuid"))
        @HeaderParam(PsuContextCheck.DEVICE_ID) String deviceId,
        @Parameter(description = "where the PSU is, as GEO:latitude;longitude with six decimals each",
                example = "GEO:52.506931;13.144558",
                schema = @Schema(pattern = "GEO:-?[0-9]{1,2}\\.[0-9]{6};-?[0-9]{1,3}\\.[0-9]{6}"))
        @HeaderParam(PsuContextCheck.GEO_LOCATION) String geoLocation) {

    /** How an operation whose PSU-IP-Address is optional documents it (a required one says so in its own words). */
    public static final String IP_ADDRESS_PASSED_ON = "the PSU's IP address, when the PSU is present; passed on to"
            + " the bank with this request, as the other PSU-* headers are";

    /** These headers and PSU-IP-Address as received (optional: null or blank is none), each checked when sent. */
    public PsuContext withIpAddressHeader(String psuIpAddress) {
        return context(PsuIpAddress.parse(psuIpAddress));
    }

    /** These headers checked (FormatError naming the first one off its format), with the checked PSU-IP-Address. */
    public PsuContext context(String checkedIpAddress) {
        return PsuContextCheck.of(checkedIpAddress, ipPort, userAgent, accept, acceptCharset, acceptEncoding,
                acceptLanguage, httpMethod, deviceId, geoLocation);
    }
}
