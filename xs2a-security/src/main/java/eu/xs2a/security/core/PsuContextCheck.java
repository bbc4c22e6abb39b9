package eu.xs2a.security.core;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PSU-context headers checked to the standard's formats, into a {@link PsuContext}: on every signed operation
 * (step 6 of the pipeline) and where an operation forwards them to the bank. A value off its format is FormatError
 * naming the header.
 */
public final class PsuContextCheck {

    public static final String IP_PORT = "PSU-IP-Port";
    public static final String USER_AGENT = "PSU-User-Agent";
    public static final String ACCEPT = "PSU-Accept";
    public static final String ACCEPT_CHARSET = "PSU-Accept-Charset";
    public static final String ACCEPT_ENCODING = "PSU-Accept-Encoding";
    public static final String ACCEPT_LANGUAGE = "PSU-Accept-Language";
    public static final String HTTP_METHOD = "PSU-Http-Method";
    public static final String DEVICE_ID = "PSU-Device-ID";
    public static final String GEO_LOCATION = "PSU-Geo-Location";
    /** The PSU's own headers are forwarded as sent; longer than this is no browser's or app's header. */
    static final int MAX_TEXT = 512;

    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");
    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    /** The standard's pattern, with the latitude and longitude kept as groups for their ranges. */
    private static final Pattern GEO = Pattern.compile("GEO:(-?[0-9]{1,2}\\.[0-9]{6});(-?[0-9]{1,3}\\.[0-9]{6})");

    private PsuContextCheck() {
    }

    /**
     * The headers as received ({@code ipAddress} already checked by {@link PsuIpAddress}), each checked when sent, a
     * blank one taken as absent; a value off its format is FormatError naming the header.
     */
    public static PsuContext of(String ipAddress, String ipPort, String userAgent, String accept, String acceptCharset,
                                String acceptEncoding, String acceptLanguage, String httpMethod, String deviceId,
                                String geoLocation) {
        return new PsuContext(blankToNull(ipAddress), port(ipPort), text(USER_AGENT, userAgent), text(ACCEPT, accept),
                text(ACCEPT_CHARSET, acceptCharset), text(ACCEPT_ENCODING, acceptEncoding),
                text(ACCEPT_LANGUAGE, acceptLanguage), method(httpMethod), deviceId(deviceId), geo(geoLocation));
    }

    /** The PSU's context of a request, every header checked by {@link PsuIpAddress} and {@link #of}. */
    public static PsuContext read(RequestHeaders headers) {
        return of(PsuIpAddress.parse(headers.get(PsuIpAddress.HEADER)), headers.get(IP_PORT), headers.get(USER_AGENT),
                headers.get(ACCEPT), headers.get(ACCEPT_CHARSET), headers.get(ACCEPT_ENCODING),
                headers.get(ACCEPT_LANGUAGE), headers.get(HTTP_METHOD), headers.get(DEVICE_ID),
                headers.get(GEO_LOCATION));
    }

    private static String port(String value) {
        String port = blankToNull(value);
        if (port != null && (!PORT.matcher(port).matches() || Integer.parseInt(port) < 1
                || Integer.parseInt(port) > 65535)) {
            throw invalid(IP_PORT, "is not a port number (1 to 65535)");
        }
        return port;
    }

    private static String method(String value) {
        String method = blankToNull(value);
        if (method != null && !METHODS.contains(method.toUpperCase(Locale.ROOT))) {
            throw invalid(HTTP_METHOD, "must be GET, POST, PUT, PATCH or DELETE");
        }
        return method == null ? null : method.toUpperCase(Locale.ROOT);
    }

    private static String deviceId(String value) {
        String id = blankToNull(value);
        if (id != null && !UUID.matcher(id).matches()) {
            throw invalid(DEVICE_ID, "is not a UUID");
        }
        return id == null ? null : id.toLowerCase(Locale.ROOT);
    }

    private static String geo(String value) {
        String geo = blankToNull(value);
        if (geo == null) {
            return null;
        }
        Matcher matcher = GEO.matcher(geo);
        if (!matcher.matches() || Math.abs(Double.parseDouble(matcher.group(1))) > 90
                || Math.abs(Double.parseDouble(matcher.group(2))) > 180) {
            throw invalid(GEO_LOCATION, "must be GEO:latitude;longitude with six decimals each"
                    + " (latitude -90 to 90, longitude -180 to 180), such as GEO:52.506931;13.144558");
        }
        return geo;
    }

    private static String text(String header, String value) {
        String text = HeaderText.text(blankToNull(value));
        if (text != null && text.codePointCount(0, text.length()) > MAX_TEXT) {
            throw invalid(header, "is longer than " + MAX_TEXT + " characters");
        }
        return text;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static Psd2Exception invalid(String header, String rule) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, header + " " + rule);
    }
}
