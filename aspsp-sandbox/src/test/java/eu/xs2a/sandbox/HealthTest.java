package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

@QuarkusTest
class HealthTest {

    @Inject AgroalDataSource dataSource;

    @Test
    void readyAndLiveAreUp() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void openApiAndMetricsAreServed() {
        given().when().get("/q/openapi").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200);
    }

    @Test
    void flywayAppliedEveryMigrationToTheRealDatabase() throws Exception {
        List<String> applied = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select script from flyway_schema_history where success order by installed_rank")) {
            while (rs.next()) {
                applied.add(rs.getString(1));
            }
        }
        Assertions.assertTrue(applied.stream().anyMatch(script -> script.endsWith("V1__init.sql")), "applied: " + applied);
    }
}
