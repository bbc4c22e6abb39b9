package eu.xs2a.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.testsupport.OpenApiCoverage.Route;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every service's {@code OpenApiDocumentTest} checks first, with the document the service serves: every route
 * its resources serve is documented, signed exactly where the resource is {@code @Signed}, and the path parameters
 * have the interface's names. A service's test extends it, names its API package, route count and path parameters,
 * and adds the checks of its own interface, reading {@link #json} and {@link #routes}.
 */
public abstract class OpenApiDocumentChecks {

    private final String apiPackage;
    private final int routeCount;
    private final Set<String> pathParameters;

    protected String json;
    protected List<Route> routes;

    protected OpenApiDocumentChecks(String apiPackage, int routeCount, Set<String> pathParameters) {
        this.apiPackage = apiPackage;
        this.routeCount = routeCount;
        this.pathParameters = pathParameters;
    }

    // not @BeforeAll: RestAssured points at the application only once Quarkus has started it for the first test
    @BeforeEach
    protected void document() {
        json = OpenApiCoverage.servedDocument();
        routes = OpenApiCoverage.routes(apiPackage);
    }

    @Test
    protected void everyRouteIsDocumentedAndSignedExactlyWhereTheResourceIsSigned() {
        assertEquals(routeCount, routes.size(), routes.toString());
        assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
        assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));
    }

    @Test
    protected void pathParametersHaveTheInterfacesNames() {
        assertEquals(pathParameters, OpenApiCoverage.pathParameters(json));
    }
}
