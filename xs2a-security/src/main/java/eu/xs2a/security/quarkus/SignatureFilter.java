package eu.xs2a.security.quarkus;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.http.ErrorMappers;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.RequestHeaders;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.replay.ReplayOutcome;
import eu.xs2a.security.tpp.Role;
import io.quarkus.runtime.BlockingOperationControl;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The request pipeline for every {@link Signed} resource: reads the raw body (and puts it back for the resource),
 * runs the core verifier (steps 1-5), refuses a TPP the bank blocked ({@code psd2.blocked-tpps-file}), the role rule of {@link RequiresRole} (step 6), sets {@link CurrentTpp} and
 * applies the replay rule (step 7). It throws; the exception mappers write the answer.
 *
 * <p>Blocking: reading the entity stream and the replay store's JDBC need a worker thread. Signed endpoints are
 * ordinary (blocking) resource methods, for which Quarkus REST runs filters on the worker thread.
 */
@Signed
@Provider
@Priority(Priorities.AUTHENTICATION)
public class SignatureFilter implements ContainerRequestFilter {

    private static final String TRANSFER_ENCODING = "Transfer-Encoding";


    /** Normal-scoped (a client proxy): providers are created early, the configuration is read at first use. */
    @Inject SignaturePipeline pipeline;

    @Context
    ResourceInfo resourceInfo;

    /**
     * By resource class and method: a method inherited from an abstract resource is one {@link Method} for every
     * subclass, while the role comes from the subclass.
     */
    private final Map<Endpoint, Set<Role>> requiredRoles = new ConcurrentHashMap<>();

    private record Endpoint(Class<?> resourceClass, Method method) {
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!BlockingOperationControl.isBlockingAllowed()) {
            // a @Signed method returning Uni/Multi would run this on the IO thread, where reading the body blocks
            throw new IllegalStateException("@Signed endpoints must be blocking (annotate the method @Blocking): "
                    + resourceInfo.getResourceClass().getSimpleName() + "." + resourceInfo.getResourceMethod().getName());
        }
        byte[] body = readBody(request);
        URI uri = request.getUriInfo().getRequestUri();
        RequestHeaders headers = request::getHeaderString;

        VerifiedRequest verified = pipeline.verifyAndIdentify(request.getMethod(), uri, headers, body);
        request.setProperty(ErrorMappers.CALLER, verified.identity().tppId()); // known now, also to a refusal's log
        RequestVerifier.requireRole(verified.identity(), requiredRoles());
        RequestVerifier.checkHeaderLimits(headers);

        ReplayOutcome outcome = pipeline.replayStore().claim(verified.identity().tppId(), verified.requestId(),
                request.getMethod(), uri.getRawPath(), verified.digest());
        if (outcome instanceof ReplayOutcome.Replay replay) {
            throw new ReplayedResponseException(replay.response());
        }
        pipeline.replayAnswers().claimed(new ReplayAnswers.Claim(verified.identity().tppId(), verified.requestId(),
                request.getMethod()));
    }

    private byte[] readBody(ContainerRequestContext request) {
        // hasEntity() is false for a body sent without Content-Type: its Content-Length or chunking says it is there,
        // and the Digest must be checked over it (the resource then refuses the missing Content-Type)
        if (!request.hasEntity() && request.getLength() <= 0 && request.getHeaderString(TRANSFER_ENCODING) == null) {
            return new byte[0];
        }
        int limit = pipeline.maxBodySize();
        try (InputStream in = request.getEntityStream()) {
            byte[] body = in.readNBytes(limit + 1);
            if (body.length > limit) {
                throw new Psd2Exception(ErrorClass.PAYLOAD_TOO_LARGE, "The request body is larger than " + limit + " bytes");
            }
            request.setEntityStream(new ByteArrayInputStream(body));
            return body;
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).contains("too large")) {
                // quarkus.http.limits.max-body-size reached while streaming a body without Content-Length
                throw new Psd2Exception(ErrorClass.PAYLOAD_TOO_LARGE, "The request body is larger than " + limit + " bytes");
            }
            // a broken chunked encoding, or the client went away: nothing a service could answer otherwise
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body could not be read", e);
        }
    }

    private Set<Role> requiredRoles() {
        Method method = resourceInfo.getResourceMethod();
        if (method == null) {
            return Set.of();
        }
        return requiredRoles.computeIfAbsent(new Endpoint(resourceInfo.getResourceClass(), method), endpoint -> {
            RequiresRole annotation = endpoint.method().getAnnotation(RequiresRole.class);
            if (annotation == null) {
                annotation = endpoint.resourceClass().getAnnotation(RequiresRole.class);
            }
            if (annotation == null || annotation.value().length == 0) {
                return Set.of();
            }
            return Set.copyOf(EnumSet.copyOf(Arrays.asList(annotation.value())));
        });
    }
}
