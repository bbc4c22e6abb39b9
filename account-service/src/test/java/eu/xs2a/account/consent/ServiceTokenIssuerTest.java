package eu.xs2a.account.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.config.ConsentLookupConfig;
import eu.xs2a.testsupport.SettingsCheck;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A renewal as long as the token's lifetime, or longer, would sign a token per lookup: said at start. */
class ServiceTokenIssuerTest {

    private static ConsentLookupConfig.Token token(Map<String, String> settings) {
        return SettingsCheck.read(ConsentLookupConfig.class, settings).token();
    }

    @Test
    void theDefaultsRenewWellBeforeExpiry() {
        assertEquals(Optional.empty(), ServiceTokenIssuer.warning(token(Map.of())));
        assertEquals(Optional.empty(), ServiceTokenIssuer.warning(
                token(Map.of("psd2.consent-lookup.token.renew-before", "0S"))));
    }

    @Test
    void aRenewalNotShorterThanTheLifetimeIsNamed() {
        String warning = ServiceTokenIssuer.warning(token(Map.of("psd2.consent-lookup.token.renew-before", "5M")))
                .orElseThrow();
        assertTrue(warning.startsWith("psd2.consent-lookup.token.renew-before (PT5M) is not shorter than"
                + " psd2.consent-lookup.token.lifetime (PT5M): every consent lookup signs a new service token"),
                warning);
        assertTrue(ServiceTokenIssuer.warning(token(Map.of("psd2.consent-lookup.token.lifetime", "30S"))).isPresent());
    }
}
