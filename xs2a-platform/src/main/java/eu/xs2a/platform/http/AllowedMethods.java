package eu.xs2a.platform.http;

import io.quarkus.resteasy.reactive.server.runtime.ResteasyReactiveRecorder;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.resteasy.reactive.server.core.CurrentRequestManager;
import org.jboss.resteasy.reactive.server.core.Deployment;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.handlers.ClassRoutingHandler;
import org.jboss.resteasy.reactive.server.handlers.RestInitialHandler;
import org.jboss.resteasy.reactive.server.mapping.RequestMapper;
import org.jboss.resteasy.reactive.server.mapping.URITemplate;
import org.jboss.resteasy.reactive.server.spi.ServerRestHandler;

/**
 * The methods the current request's path allows, for the {@code Allow} header a 405 must carry (RFC 9110, 15.5.6).
 * Quarkus REST refuses the method without naming them; they are known only to its routing, so this asks the same
 * route tables, through their public accessors, the way its own routing walks them: the resource classes whose path
 * matches, then in each the methods whose sub-path matches the rest. Only a 405 pays for it.
 */
final class AllowedMethods {

    /** The class-level route table, built once per deployment (tests restart the application in one JVM). */
    private record Routes(Deployment deployment, RequestMapper<RestInitialHandler.InitialMatch> classes) {
    }

    private static volatile Routes routes;

    private AllowedMethods() {
    }

    /** "GET, HEAD, OPTIONS" and the like, or null when the routing cannot say (no request, no deployment). */
    static String ofCurrentRequest() {
        ResteasyReactiveRequestContext request = CurrentRequestManager.get();
        RequestMapper<RestInitialHandler.InitialMatch> mapper = classMapper();
        if (request == null || mapper == null) {
            return null;
        }
        String path = request.getPathWithoutPrefix();
        Set<String> allowed = new TreeSet<>();
        for (RequestMapper.RequestMatch<RestInitialHandler.InitialMatch> match = mapper.map(path); match != null;
             match = mapper.continueMatching(path, match)) {
            String remaining = match.remaining == null || match.remaining.isEmpty() ? "/" : match.remaining;
            for (ServerRestHandler handler : match.value.handlers) {
                if (handler instanceof ClassRoutingHandler routing) {
                    routing.getMappers().forEach((method, methods) -> {
                        if (method != null && methods.map(remaining) != null) {
                            allowed.add(method);
                        }
                    });
                }
            }
        }
        if (allowed.isEmpty()) {
            return null;
        }
        if (allowed.contains("GET")) {
            allowed.add("HEAD"); // Quarkus REST answers a HEAD with the GET method
        }
        allowed.add("OPTIONS"); // and an OPTIONS itself, with the class's methods
        return String.join(", ", allowed);
    }

    /**
     * The value of a path parameter of the current request's resource class, by the same route table: Quarkus REST
     * names a request's path parameters only once a resource method is matched, and its own OPTIONS answer has none.
     * Null when no class matches or its path has no such parameter.
     */
    static String classPathParameter(String name) {
        ResteasyReactiveRequestContext request = CurrentRequestManager.get();
        RequestMapper<RestInitialHandler.InitialMatch> mapper = classMapper();
        RequestMapper.RequestMatch<RestInitialHandler.InitialMatch> match =
                request == null || mapper == null ? null : mapper.map(request.getPathWithoutPrefix());
        if (match == null) {
            return null;
        }
        int index = 0; // the values stand in the order of the template's captures
        for (URITemplate.TemplateComponent component : match.template.components) {
            String[] names = switch (component.type) {
                case LITERAL -> new String[0];
                case DEFAULT_REGEX -> new String[] {component.name};
                case CUSTOM_REGEX -> component.names;
            };
            for (String captured : names) {
                if (captured.equals(name)) {
                    return index < match.pathParamValues.length ? match.pathParamValues[index] : null;
                }
                index++;
            }
        }
        return null;
    }

    private static RequestMapper<RestInitialHandler.InitialMatch> classMapper() {
        Deployment deployment = ResteasyReactiveRecorder.getCurrentDeployment();
        if (deployment == null) {
            return null;
        }
        Routes current = routes;
        if (current == null || current.deployment() != deployment) {
            current = new Routes(deployment, new RequestMapper<>(deployment.getClassMappers()));
            routes = current;
        }
        return current.classes();
    }
}
