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

    /** A path is logged decoded: a %0D%0A in it must not start a line of its own. */
    @Test
    void aLineBreakOrOtherControlCharacterIsAQuestionMarkAndALongPathIsCut() {
        assertEquals("/p/api/berlingroup/v1/consents/abc??03:00:00.000 ERROR forged",
                ErrorMappers.loggedPath("/p/api/berlingroup/v1/consents/abc\r\n03:00:00.000 ERROR forged"));
        assertEquals(501, ErrorMappers.loggedPath("/p/" + "x".repeat(2_000)).length());
    }
}
