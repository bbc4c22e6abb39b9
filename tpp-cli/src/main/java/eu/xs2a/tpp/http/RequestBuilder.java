package eu.xs2a.tpp.http;

import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.tpp.CliException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Builds a signed Berlin Group request from what the user typed: method, a path (or a full URL), {@code K:V}
 * headers and a body. The signing headers come from xs2a-security's {@link RequestSigner}; headers the user gives
 * explicitly win over them (so that the gateway's error answers can be tried, e.g. a wrong Digest).
 */
public final class RequestBuilder {

    /** Headers java.net.http sets itself and refuses to take from a caller. */
    private static final Set<String> TRANSPORT_HEADERS = caseInsensitive("Host", "Content-Length", "Connection",
            "Expect", "Upgrade", "Transfer-Encoding");

    /** Headers RequestSigner produces. */
    private static final Set<String> SIGNING_HEADERS = caseInsensitive("X-Request-ID", "Date", "Digest", "Signature",
            "TPP-Signature-Certificate");

    private static final Pattern METHOD = Pattern.compile("[A-Z]+");
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    private RequestBuilder() {
    }

    /** One {@code Name:value} argument; the value may contain further colons (URLs). */
    public record Header(String name, String value) {

        public static Header parse(String argument) {
            int colon = argument == null ? -1 : argument.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("header '" + argument + "' must be written Name:value,"
                        + " e.g. TPP-Redirect-Preferred:true");
            }
            String name = argument.substring(0, colon).strip();
            if (!HEADER_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("'" + name + "' is not a valid header name");
            }
            return new Header(name, argument.substring(colon + 1).strip());
        }
    }

    /** The URI of a path relative to the base URL, or of a full http(s) URL as given. */
    public static URI target(String baseUrl, String pathOrUrl) {
        String target = pathOrUrl.strip();
        try {
            if (target.startsWith("http://") || target.startsWith("https://")) {
                return new URI(target);
            }
            String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
            URI uri = new URI(base + (target.startsWith("/") ? "" : "/") + target);
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new CliException("base URL '" + baseUrl + "' is not an http(s) URL");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new CliException("'" + pathOrUrl + "' is not a valid path or URL: " + e.getReason()
                    + " (encode spaces and special characters, e.g. %20)", 2, e);
        }
    }

    /** The unsigned part: user headers, Accept, Content-Type when there is a body, PSU-IP-Address. */
    public static Map<String, String> plainHeaders(List<Header> userHeaders, boolean hasBody, String psuIpAddress) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Header header : userHeaders) {
            if (TRANSPORT_HEADERS.contains(header.name())) {
                throw new CliException("the header " + header.name() + " is set by the HTTP client; leave it out", 2, null);
            }
            if (!header.value().chars().allMatch(c -> c < 0x80)) {
                // Java's HTTP client writes header values in ASCII and turns any other character into '?'
                throw new CliException("the header " + header.name() + " holds characters other than ASCII, which"
                        + " bin/tpp cannot send; the gateway takes them as UTF-8 (curl sends them so)", 2, null);
            }
            headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(header.name()));
            headers.put(header.name(), header.value());
        }
        if (psuIpAddress != null && !psuIpAddress.isBlank()) {
            headers.keySet().removeIf(existing -> existing.equalsIgnoreCase("PSU-IP-Address"));
            headers.put("PSU-IP-Address", psuIpAddress.strip());
        }
        putIfAbsent(headers, "Accept", "application/json");
        if (hasBody) {
            putIfAbsent(headers, "Content-Type", "application/json");
        }
        return headers;
    }

    /**
     * The request signed by {@code signer} (null: sent unsigned, to see what the gateway says; it still carries an
     * X-Request-ID, which every request needs, so that the gateway's answer is about the missing signature). The
     * signed headers are computed over exactly {@code body}.
     */
    public static OutgoingRequest build(RequestSigner signer, String method, URI uri, List<Header> userHeaders,
                                        byte[] body, String psuIpAddress) {
        String verb = method == null ? "" : method.strip().toUpperCase(Locale.ROOT);
        if (!METHOD.matcher(verb).matches()) {
            throw new CliException("'" + method + "' is not an HTTP method (GET, POST, PUT, DELETE, ...)", 2, null);
        }
        byte[] bytes = body == null ? new byte[0] : body;
        Map<String, String> plain = plainHeaders(userHeaders, bytes.length > 0, psuIpAddress);
        if (signer == null) {
            putIfAbsent(plain, "X-Request-ID", UUID.randomUUID().toString());
            return new OutgoingRequest(verb, uri, plain, bytes);
        }
        Map<String, String> toSign = new LinkedHashMap<>(plain);
        Map<String, String> overrides = new LinkedHashMap<>();
        toSign.entrySet().removeIf(e -> {
            if (SIGNING_HEADERS.contains(e.getKey())) {
                overrides.put(e.getKey(), e.getValue());
                return true;
            }
            return false;
        });
        String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String requestId = overrides.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("X-Request-ID"))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        Map<String, String> signed = requestId == null
                ? signer.sign(verb, path, toSign, bytes)
                : signer.sign(verb, path, toSign, bytes, requestId);
        Map<String, String> headers = new LinkedHashMap<>(signed);
        overrides.forEach((name, value) -> {
            headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
            headers.put(name, value);
        });
        return new OutgoingRequest(verb, uri, headers, bytes);
    }

    private static void putIfAbsent(Map<String, String> headers, String name, String value) {
        if (headers.keySet().stream().noneMatch(existing -> existing.equalsIgnoreCase(name))) {
            headers.put(name, value);
        }
    }

    private static Set<String> caseInsensitive(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(List.of(names));
        return set;
    }
}
