package eu.xs2a.testsupport;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.arc.Arc;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every service must show on its management endpoints, checked the same way in each: a service's
 * {@code HealthTest} is a {@code @QuarkusTest} that extends this class. Not used in production code.
 */
public abstract class HealthChecks {

    @Test
    public void readyAndLiveAreUp() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    /**
     * Readiness has xs2a-platform's {@code database} check, and Quarkus's own datasource check is off: that one puts
     * the database's host and port into a body anyone reaching {@code /q/health} can read (the outage tests check the
     * DOWN body with PostgreSQL stopped).
     */
    @Test
    public void readinessNamesTheDatabaseAndNothingAboutIt() {
        String body = given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'database' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'Database connections health check' }", nullValue())
                .extract().asString();
        assertFalse(body.contains("jdbc") || body.contains("5432") || body.contains("localhost"), body);
    }

    @Test
    public void openApiAndMetricsAreServed() {
        given().when().get("/q/openapi").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200);
    }

    @Test
    public void flywayAppliedEveryMigrationToTheRealDatabase() throws Exception {
        // looked up here rather than injected: this class is in a library, where @Inject would ask ArC for a bean
        AgroalDataSource dataSource = Arc.container().instance(AgroalDataSource.class).get();
        List<String> applied = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select script from flyway_schema_history where success order by installed_rank")) {
            while (rs.next()) {
                applied.add(rs.getString(1));
            }
        }
        assertTrue(applied.stream().anyMatch(script -> script.endsWith("V1__init.sql")), "applied: " + applied);
    }
}
