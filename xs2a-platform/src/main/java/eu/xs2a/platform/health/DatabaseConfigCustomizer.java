package eu.xs2a.platform.health;

import io.quarkus.runtime.annotations.StaticInitSafe;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.SmallRyeConfigBuilderCustomizer;
import java.util.Map;

/**
 * What every service's database pool and readiness share (docs/ARCHITECTURE.md "What a TPP sees during an
 * outage"), set once here instead of in four application.properties. A config source of its own with a low ordinal: a
 * service's application.properties (250) and the environment (300) still override any key. Registered in
 * META-INF/services.
 *
 * <ul>
 *   <li>{@code validate-on-borrow}: a pooled connection is checked before a request gets it. After PostgreSQL
 *       restarts, every pooled connection is dead; without the check the first request on each one failed (503) although
 *       readiness, on a fresh connection, already said UP.</li>
 *   <li>{@code background-validation-interval} 10 s: idle connections that died are dropped soon, not after the
 *       default 2 minutes; {@code max-lifetime} 30 min renews every connection now and then (a server-side restart or
 *       failover the pool did not notice).</li>
 *   <li>{@code health.enabled=false}: Quarkus's own datasource check puts the database's error, with its host and port,
 *       into the readiness body; {@link DatabaseHealthCheck} says only UP or DOWN.</li>
 *   <li>Hibernate's two WARN lines per failed statement ({@code org.hibernate.orm.jdbc.error}, "SQLState: 08001" and
 *       the driver's message) only from ERROR on: whoever handles the failure logs it, once
 *       ({@code eu.xs2a.platform.FailureLog}), so an outage is one line per failed job run or request.</li>
 * </ul>
 */
@StaticInitSafe
public class DatabaseConfigCustomizer implements SmallRyeConfigBuilderCustomizer {

    /** Below microprofile-config.properties (100) and application.properties (250); above Quarkus's defaults. */
    static final int ORDINAL = 50;
    static final Map<String, String> DEFAULTS = Map.of(
            "quarkus.datasource.jdbc.validate-on-borrow", "true",
            "quarkus.datasource.jdbc.background-validation-interval", "10S",
            "quarkus.datasource.jdbc.max-lifetime", "30M",
            "quarkus.datasource.health.enabled", "false",
            "quarkus.log.category.\"org.hibernate.orm.jdbc.error\".level", "ERROR");

    @Override
    public void configBuilder(SmallRyeConfigBuilder builder) {
        builder.withSources(new PropertiesConfigSource(DEFAULTS, "xs2a-platform database defaults", ORDINAL));
    }
}
