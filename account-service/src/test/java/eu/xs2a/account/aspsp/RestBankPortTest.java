package eu.xs2a.account.aspsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.account.support.NoNeighboursResource;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.testsupport.RefusingBank;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a bank's error status becomes, over real HTTP: only the bank's judgement of the request (400, 409, 422, and
 * the 404 naming an unknown account) is the TPP's to see as a refusal; a rate limit, a timeout or a refused
 * credential says nothing about the request, so it is ServiceUnavailable and the TPP may ask again.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NoNeighboursResource.class, restrictToAnnotatedClass = true)
class RestBankPortTest {

    @Inject BankPort bank;

    /** NoNeighboursResource points the provider's bank at a closed port; the test bank listens there. */
    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    @ParameterizedTest(name = "bank {0} {1} → {2}")
    @CsvSource({
            "400, FORMAT_ERROR, SERVICE_INVALID",
            "409, CONSENT_INVALID, SERVICE_INVALID",
            "422, CONSENT_INVALID, CONSENT_INVALID",
            "404, ACCOUNT_UNKNOWN, RESOURCE_UNKNOWN",
            "404, NOT_FOUND, SERVICE_UNAVAILABLE",
            "401, UNAUTHORIZED, SERVICE_UNAVAILABLE",
            "403, FORBIDDEN, SERVICE_UNAVAILABLE",
            "408, TIMEOUT, SERVICE_UNAVAILABLE",
            "429, TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE",
            "502, BAD_GATEWAY, SERVICE_UNAVAILABLE"})
    void aBankErrorStatusBecomes(int status, String code, ErrorClass expected) {
        try (RefusingBank refusing = RefusingBank.listen(URI.create(bankUrl).getPort(), status, code)) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> bank.fundsAvailable("sandbox",
                    Map.of("iban", "DE89370400440532013000"), new BankAmount("EUR", "1.00")));
            assertEquals(expected, e.errorClass(), e.getMessage());
            if (expected == ErrorClass.SERVICE_UNAVAILABLE) {
                assertNotNull(e.retryAfterSeconds(), "a 503 tells the TPP when to ask again");
            }
        }
    }
}
