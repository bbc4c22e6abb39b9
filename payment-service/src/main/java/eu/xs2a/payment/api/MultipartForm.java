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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The named parts of a {@code multipart/form-data} body (RFC 7578), read with Netty's decoder (the HTTP stack's own)
 * from the exact bytes received, which the Digest covers; parts are kept in memory, within the body size limit every
 * body has. Each part must be named once, and only the names expected; else a FormatError.
 */
final class MultipartForm {

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

    /** A TPP's part name as a log-safe text: at most 40 characters, no control characters. */
    private static String printable(String name) {
        String clean = name.replaceAll("\\p{Cntrl}", "?");
        return clean.length() <= 40 ? clean : clean.substring(0, 40) + "…";
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
