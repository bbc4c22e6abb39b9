package eu.xs2a.payment.api;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.HttpData;
import io.netty.handler.codec.http.multipart.HttpPostMultipartRequestDecoder;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The named parts of a {@code multipart/form-data} body (RFC 7578), read with Netty's decoder (the HTTP stack's own)
 * from the exact bytes received, which the Digest covers; parts are kept in memory, within the body size limit every
 * body has. Each part must be named once, and only the names expected; else a FormatError. A form the gateway answers
 * is written here too.
 */
final class MultipartForm {

    /** A part to write: its name, its Content-Type and its bytes. */
    record Part(String name, String contentType, byte[] content) {
    }

    /** A written form: its Content-Type, which names the boundary, and its bytes. */
    record Written(String contentType, byte[] body) {
    }

    private MultipartForm() {
    }

    /** {@code multipart/form-data} with a boundary, parameters allowed; else a FormatError naming what is wanted. */
    static void requireMultipart(String contentType, String wanted) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            type = null;
        }
        if (type == null || !MediaType.MULTIPART_FORM_DATA_TYPE.isCompatible(type) || type.isWildcardSubtype()
                || type.getParameters().get("boundary") == null) {
            throw format("Content-Type must be multipart/form-data with a boundary " + wanted);
        }
    }

    /** The body's parts by name, exactly the {@code names} given. */
    static Map<String, byte[]> parts(String contentType, byte[] body, Set<String> names) {
        DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/",
                Unpooled.wrappedBuffer(body == null ? new byte[0] : body));
        request.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        HttpPostMultipartRequestDecoder decoder = null;
        try {
            decoder = new HttpPostMultipartRequestDecoder(new DefaultHttpDataFactory(false), request,
                    StandardCharsets.UTF_8);
            Map<String, byte[]> parts = new LinkedHashMap<>();
            for (InterfaceHttpData data : decoder.getBodyHttpDatas()) {
                if (!(data instanceof HttpData part)) {
                    continue;
                }
                if (!names.contains(part.getName())) {
                    throw format("The multipart body has a part named '" + printable(part.getName())
                            + "'; its parts are " + String.join(" and ", names));
                }
                if (parts.put(part.getName(), part.get()) != null) {
                    throw format("The multipart body has the part " + part.getName() + " more than once");
                }
            }
            for (String name : names) {
                if (!parts.containsKey(name)) {
                    throw format("The multipart body lacks its part " + name);
                }
            }
            return parts;
        } catch (HttpPostRequestDecoder.ErrorDataDecoderException e) {
            throw format("The body is not a well-formed multipart/form-data body");
        } catch (IOException e) {
            throw new IllegalStateException("a part held in memory is always readable", e);
        } finally {
            if (decoder != null) {
                decoder.destroy();
            }
            request.release();
        }
    }

    /**
     * The form of these parts, in their order, between a random boundary that none of them holds. Written by hand:
     * Netty's encoder gives a part that is no file upload the type text/plain, and a file upload a file name.
     */
    static Written write(List<Part> parts) {
        String boundary;
        do {
            boundary = "xs2a-" + HexFormat.of().formatHex(randomBytes());
        } while (anyHolds(parts, boundary.getBytes(StandardCharsets.US_ASCII)));
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Part part : parts) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part.name()
                    + "\"\r\nContent-Type: " + part.contentType() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            body.writeBytes(part.content());
            body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return new Written(MediaType.MULTIPART_FORM_DATA + "; boundary=" + boundary, body.toByteArray());
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[12];
        ThreadLocalRandom.current().nextBytes(bytes);
        return bytes;
    }

    private static boolean anyHolds(List<Part> parts, byte[] boundary) {
        for (Part part : parts) {
            byte[] content = part.content();
            for (int at = 0; at + boundary.length <= content.length; at++) {
                if (Arrays.equals(content, at, at + boundary.length, boundary, 0, boundary.length)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A TPP's part name as a log-safe text: at most 40 characters, no control characters. */
    private static String printable(String name) {
        String clean = name.replaceAll("\\p{Cntrl}", "?");
        return clean.length() <= 40 ? clean : clean.substring(0, 40) + "…";
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
