package eu.xs2a.platform.kpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A request's service class comes from the route table's prefixes, matched as the ingress matches them. */
class ServiceClassTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "none", value = {
        "/sandbox/api/berlingroup/v1/consents, AIS",
        "/sandbox/api/berlingroup/v1/consents/abc/authorisations/x/sca-redirect/t, AIS",
        "/sandbox/api/berlingroup/v1/accounts/a1/transactions, AIS",
        "/p-2/api/berlingroup/v1/aspsps/product_templates, AIS",
        "/sandbox/api/berlingroup/v2/consents/confirmation-of-funds/c1/status, PIIS",
        "/sandbox/api/berlingroup/v1/funds-confirmations, PIIS",
        "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers, PIS",
        "/sandbox/api/berlingroup/v1/bulk-payments/sepa-credit-transfers/7, PIS",
        "/sandbox/api/berlingroup/v1/periodic-payments/sepa-credit-transfers/7/status, PIS",
        "/sandbox/api/berlingroup/v1/signing-baskets/b1/authorisations, PIS",
        "/sandbox/api/berlingroup/v1/card-accounts/c1/transactions, AIS",
        "/sandbox/oauth/token, REGISTRATION",
        "/sandbox-oauth/oauth/.well-known/oauth-authorization-server, REGISTRATION",
        "/api/open-banking/v3.3/register, REGISTRATION",
        "/api/berlingroup/v1/tpp, REGISTRATION",
        "/api/sandbox/certificates, REGISTRATION",
        "/sandbox/api/berlingroup/v1/consents-x, none",
        "/sandbox/api/berlingroup/v1/paymentsx, none",
        "/sandbox/api/berlingroup/v1/card-accountsx, none",
        "/sandbox/oauthx, none",
        "/oauth/token, none",
        "/api/berlingroup/v1/tppx, none",
        "/api/other, none",
        "/q/metrics, none",
        "/internal/v1/consent-checks, none",
        "/internal/v1/kpi, none",
        "/, none",
        "/sandbox, none"})
    void ofPath(String path, ServiceClass expected) {
        assertEquals(expected, ServiceClass.of(path));
    }
}
