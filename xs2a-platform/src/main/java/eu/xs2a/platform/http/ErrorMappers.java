package eu.xs2a.platform.http;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import eu.xs2a.platform.FailureLog;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.JsonBodyError;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.kpi.KpiRecorder;
import eu.xs2a.platform.validation.Violations;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ValidationException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every exception into the standard error body (docs/ARCHITECTURE.md "Error contract"). Texts name the field
 * or value at fault, never a class name or a stack trace. Priorities are below {@link Priorities#USER} so these win
 * over the mappers Quarkus brings for the same types.
 */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);
    /** Mappers elsewhere (the replay answers of xs2a-security) take the same priority. */
    public static final int PRIORITY = Priorities.USER - 100;
    /**
     * Request property naming the caller once a filter has identified it (the signature filter sets the TPP's id), so
     * that a refusal's log line says who was refused.
     */
    public static final String CALLER = "eu.xs2a.caller";
    /**
     * Retry-After of a 503 this mapping makes itself (the database, a dependency or the platform unavailable): about
     * how long a restart of PostgreSQL or a neighbour takes, so a TPP that waits this long usually gets its answer.
     */
    static final int RETRY_AFTER_SECONDS = 5;
    /** A one-time SCA link's token or a callback's state: a bearer secret while it lives, so never in a log. */
    private static final Pattern SCA_SECRET = Pattern.compile("(/sca-(?:redirect|callback))/[^/]+");

    /**
     * Every refusal of the interface's classes is logged, one line with the TPP when the signature filter got that
     * far, so that "which TPP was refused, and why" can be answered from the logs (the access log has neither).
     * A 4xx is the caller's fault: INFO, without a stack trace; a 5xx is ours: WARN, with its cause. The message is
     * logged as the body has it, at most 500 characters, with control characters as '?': a value the TPP sent and a
     * handler quoted whole can neither stretch nor break the line.
     */
    @ServerExceptionMapper(priority = PRIORITY)
    public Response psd2(Psd2Exception e, ContainerRequestContext request) {
        Object tpp = request.getProperty(CALLER);
        if (e.bankCaused()) {
            KpiRecorder.markBankCaused();
        }
        if (e.errorClass().status() >= 500) {
            String line = String.format("%s %s answered %s: %s (X-Request-ID %s, TPP %s)", request.getMethod(),
                    loggedPath(request), e.errorClass().text(), logged(e.getMessage()),
                    RequestIdFilter.requestId(request), tpp == null ? "not identified" : tpp);
            if (e.getCause() == null) {
                LOG.warn(line);
            } else {
                // a dependency down (the database, the bank): one line per request, the trace at DEBUG
                FailureLog.warn(LOG, line, e.getCause());
            }
        } else {
            LOG.infof("%s %s refused %d %s: %s (X-Request-ID %s, TPP %s)", request.getMethod(),
                    loggedPath(request), e.errorClass().status(), e.errorClass().text(), logged(e.getMessage()),
                    RequestIdFilter.requestId(request), tpp == null ? "not identified" : tpp);
        }
        if (e.tppReturnUri() != null) {
            request.setProperty(BrowserPages.TPP_RETURN, e.tppReturnUri()); // for a browser's error page
        }
        Response response = ErrorResponses.of(e);
        return e.errorClass().status() == 405 ? withAllowExcept(response, request.getMethod()) : response;
    }

    /**
     * A 405 of the resource's state (a payment that can no longer be cancelled) names what the resource still allows
     * in Allow, as RFC 9110 requires of every 405: its path's methods but the refused one.
     */
    private static Response withAllowExcept(Response response, String refused) {
        String allow = AllowedMethods.ofCurrentRequest();
        if (allow == null) {
            return response;
        }
        String remaining = Arrays.stream(allow.split(", ")).filter(method -> !method.equals(refused))
                .collect(Collectors.joining(", "));
        return Response.fromResponse(response).header("Allow", remaining).build();
    }

    private static String logged(String message) {
        return ErrorTexts.shown(message, ErrorBody.MAX_TEXT_LENGTH);
    }

    /**
     * The request's path as logs show it: an SCA link's token or a callback's state replaced by "***"; decoded, so
     * its control characters (a {@code %0D%0A} that would start a forged line) as '?', cut at 500 characters.
     */
    static String loggedPath(ContainerRequestContext request) {
        return loggedPath(request.getUriInfo().getPath());
    }

    static String loggedPath(String path) {
        return logged(SCA_SECRET.matcher(path).replaceAll("$1/***"));
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response notFound(NotFoundException e, ContainerRequestContext request) {
        return ErrorResponses.of(ErrorClass.RESOURCE_UNKNOWN, "No resource at " + request.getUriInfo().getPath());
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response notAllowed(NotAllowedException e, ContainerRequestContext request) {
        return methodNotAllowed(request);
    }

    /** The standard body, and the Allow header that RFC 9110 requires of a 405 (Quarkus REST's exception has none). */
    private static Response methodNotAllowed(ContainerRequestContext request) {
        Response response = ErrorResponses.of(ErrorClass.METHOD_NOT_ALLOWED, "Method " + request.getMethod()
                + " is not allowed on " + loggedPath(request));
        String allow = AllowedMethods.ofCurrentRequest();
        return allow == null ? response : Response.fromResponse(response).header("Allow", allow).build();
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response unsupportedMediaType(NotSupportedException e, ContainerRequestContext request) {
        String type = request.getHeaderString("Content-Type");
        return ErrorResponses.of(ErrorClass.FORMAT_ERROR, (type == null ? "Content-Type is missing"
                : "Content-Type '" + abbreviate(type) + "' is not supported") + "; send application/json");
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response notAcceptable(NotAcceptableException e, ContainerRequestContext request) {
        return ErrorResponses.of(ErrorClass.REQUESTED_FORMATS_INVALID,
                "Accept '" + abbreviate(String.valueOf(request.getHeaderString("Accept"))) + "' cannot be served; accept application/json");
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response webApplication(WebApplicationException e, ContainerRequestContext request) {
        Response mapped = mapCauses(e, request);
        if (mapped != null) {
            return mapped;
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        return switch (status) {
            case 404 -> notFound(null, request);
            case 405 -> methodNotAllowed(request);
            case 406 -> notAcceptable(null, request);
            case 413 -> ErrorResponses.of(ErrorClass.PAYLOAD_TOO_LARGE, "The request body is too large");
            case 415 -> unsupportedMediaType(null, request);
            case 503 -> ErrorResponses.of(Psd2Exception.serviceUnavailable("The service is temporarily unavailable",
                    RETRY_AFTER_SECONDS, e));
            default -> status < 500
                    ? ErrorResponses.of(ErrorClass.FORMAT_ERROR, "The request is malformed")
                    : internal(e, request);
        };
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response json(JsonProcessingException e) {
        return ErrorResponses.of(JsonBodyError.of(e));
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response jsonParse(JsonParseException e) {
        return json(e);
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response jsonMismatch(MismatchedInputException e) {
        return json(e);
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response jsonFormat(InvalidFormatException e) {
        return json(e);
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response jsonValue(ValueInstantiationException e) {
        return json(e);
    }

    /**
     * A body's Bean Validation constraints (read by {@link JsonBodies}, or a resource's {@code @Valid} parameter): the
     * error class their payload names, FormatError by default, with the field and what is wrong with it.
     */
    @ServerExceptionMapper(priority = PRIORITY)
    public Response constraintViolation(ConstraintViolationException e, ContainerRequestContext request) {
        return psd2(Violations.refusal(e.getConstraintViolations()), request);
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response validation(ValidationException e, ContainerRequestContext request) {
        if (e instanceof ConstraintViolationException cve) {
            return constraintViolation(cve, request);
        }
        return internal(e, request);
    }

    @ServerExceptionMapper(priority = PRIORITY)
    public Response any(Throwable e, ContainerRequestContext request) {
        Response mapped = mapCauses(e, request);
        return mapped != null ? mapped : internal(e, request);
    }

    /** Looks through wrappers (transactions, CDI, completion stages) for a cause with a meaning of its own. */
    private Response mapCauses(Throwable e, ContainerRequestContext request) {
        int depth = 0;
        for (Throwable t = e.getCause(); t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof Psd2Exception p) {
                return psd2(p, request);
            }
            if (t instanceof JsonProcessingException j) {
                return json(j);
            }
            if (t instanceof ConstraintViolationException c) {
                return constraintViolation(c, request);
            }
        }
        // one line per request while the database or a dependency is down, the trace at DEBUG
        if (databaseUnavailable(e)) {
            FailureLog.warn(LOG, String.format("%s %s: the database is unavailable (X-Request-ID %s)",
                    request.getMethod(), loggedPath(request), RequestIdFilter.requestId(request)), e);
            return ErrorResponses.of(Psd2Exception.serviceUnavailable(
                    "The service's database is temporarily unavailable", RETRY_AFTER_SECONDS, e));
        }
        if (connectionFailed(e)) {
            FailureLog.warn(LOG, String.format("%s %s: a dependency is unreachable (X-Request-ID %s)",
                    request.getMethod(), loggedPath(request), RequestIdFilter.requestId(request)), e);
            return ErrorResponses.of(Psd2Exception.serviceUnavailable(
                    "A service this request depends on is temporarily unavailable", RETRY_AFTER_SECONDS, e));
        }
        return null;
    }

    static boolean databaseUnavailable(Throwable e) {
        int depth = 0;
        for (Throwable t = e; t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof SQLTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                String message = String.valueOf(sql.getMessage());
                if ((state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P03")
                        // a deadlock victim or a serialization failure: nothing was stored, a repeat may succeed
                        || state.equals("40P01") || state.equals("40001")))
                        // Agroal's pool exhausted: "Sorry, acquisition timeout!", "Acquisition timeout while ..."
                        || message.toLowerCase(Locale.ROOT).contains("acquisition timeout")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A connection refused or timed out (typically the bank, when a service did not map it itself). */
    static boolean connectionFailed(Throwable e) {
        int depth = 0;
        for (Throwable t = e; t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof ConnectException || t instanceof java.net.SocketTimeoutException
                    || t instanceof java.net.http.HttpConnectTimeoutException
                    || t instanceof java.util.concurrent.TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private Response internal(Throwable e, ContainerRequestContext request) {
        LOG.errorf(e, "%s %s failed (X-Request-ID %s)", request.getMethod(), loggedPath(request),
                RequestIdFilter.requestId(request));
        return ErrorResponses.of(ErrorClass.INTERNAL_ERROR, "An internal error occurred; quote X-Request-ID "
                + (RequestIdFilter.requestId(request) == null ? "(none sent)" : RequestIdFilter.requestId(request)));
    }

    /** A header value as an error message quotes it: at most 80 characters. */
    static String abbreviate(String value) {
        return ErrorTexts.shown(value);
    }
}
