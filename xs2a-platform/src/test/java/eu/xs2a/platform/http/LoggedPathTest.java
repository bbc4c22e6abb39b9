package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LoggedPathTest {

    @Test
    void anScaTokenOrCallbackStateNeverReachesALog() {
        assertEquals("/p/api/berlingroup/v1/consents/c/authorisations/a/sca-redirect/***",
                ErrorMappers.loggedPath("/p/api/berlingroup/v1/consents/c/authorisations/a/sca-redirect/s3cr3t"));
        assertEquals("/p/api/berlingroup/v1/consents/c/authorisations/a/sca-callback/***",
                ErrorMappers.loggedPath("/p/api/berlingroup/v1/consents/c/authorisations/a/sca-callback/st4te"));
        assertEquals("/p/api/berlingroup/v1/accounts/a1/balances",
                ErrorMappers.loggedPath("/p/api/berlingroup/v1/accounts/a1/balances"));
    }
}
