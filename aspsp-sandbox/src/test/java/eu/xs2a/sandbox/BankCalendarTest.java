package eu.xs2a.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The bank's "today" is its own zone's, and the gateway's provider registry names the same zone for every provider
 * this bank stands behind: otherwise, around midnight, the gateway would accept a validUntil or an execution date that
 * the bank refuses as past (or the other way round).
 */
@QuarkusTest
class BankCalendarTest {

    @Inject Clock clock;

    @Test
    void theBankCountsDaysInTheZoneTheGatewaysSandboxProvidersName() throws Exception {
        Properties providers = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("..", "config", "providers.properties"))) {
            providers.load(in);
        }
        for (String code : new String[] {"sandbox", "sandbox2"}) {
            assertEquals(ZoneId.of(providers.getProperty("psd2.providers." + code + ".time-zone")), clock.getZone(), code);
        }
    }
}
