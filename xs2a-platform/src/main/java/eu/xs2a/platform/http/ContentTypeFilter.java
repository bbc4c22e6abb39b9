package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/**
 * A Content-Encoding other than identity is a FormatError: bodies are taken as sent, and the Digest covers them so.
 * A Content-Type that is not a media type at all ({@code ;;;}, {@code a/b/c}) is a FormatError. Left to Quarkus
 * REST, the first look at the request's entity throws while parsing it, and every endpoint, signed or not, answered
 * 500. A well-formed type other than JSON is still the resource's to refuse, with a message naming what it takes.
 */
@Provider
@PreMatching
@Priority(Priorities.HEADER_DECORATOR + 1) // after RequestIdFilter: the refusal is logged under the request's id
public class ContentTypeFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String encoding = request.getHeaderString(HttpHeaders.CONTENT_ENCODING);
        if (encoding != null && !encoding.isBlank() && !"identity".equalsIgnoreCase(encoding.strip())) {
            // no body is decoded: a gzip body would be read as its compressed bytes, a plain one under a false label
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Encoding '" + ErrorMappers.abbreviate(encoding)
                    + "' is not supported; send the body unencoded");
        }
        String contentType = request.getHeaderString(HttpHeaders.CONTENT_TYPE);
        if (contentType == null || contentType.equals(MediaType.APPLICATION_JSON)) {
            return; // the usual case costs one comparison; anything else is parsed here first
        }
        try {
            MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "Content-Type '" + ErrorMappers.abbreviate(contentType) + "' is not a media type");
        }
    }
}
