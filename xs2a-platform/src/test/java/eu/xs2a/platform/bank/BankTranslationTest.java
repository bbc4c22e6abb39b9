package eu.xs2a.platform.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one table from a bank's failure to the gateway's error, and what counts against a bank's circuit. */
class BankTranslationTest {

    private static final int RETRY_AFTER = 7;

    @ParameterizedTest(name = "{0} {1} {2} → {3}")
    @CsvSource({
            "NO_ANSWER,  0,   '',                   SERVICE_UNAVAILABLE",
            "NOT_CALLED, 0,   '',                   SERVICE_UNAVAILABLE",
            "ANSWERED,   400, FORMAT_ERROR,         SERVICE_INVALID",
            "ANSWERED,   409, STATUS_INVALID,       SERVICE_INVALID",
            "ANSWERED,   422, CONSENT_INVALID,      SERVICE_INVALID",
            "ANSWERED,   401, UNAUTHORIZED,         SERVICE_UNAVAILABLE",
            "ANSWERED,   403, FORBIDDEN,            SERVICE_UNAVAILABLE",
            "ANSWERED,   404, NOT_FOUND,            SERVICE_UNAVAILABLE",
            "ANSWERED,   405, METHOD_NOT_ALLOWED,   SERVICE_UNAVAILABLE",
            "ANSWERED,   408, TIMEOUT,              SERVICE_UNAVAILABLE",
            "ANSWERED,   429, TOO_MANY_REQUESTS,    SERVICE_UNAVAILABLE",
            "ANSWERED,   500, '',                   SERVICE_UNAVAILABLE",
            "ANSWERED,   503, SERVICE_UNAVAILABLE,  SERVICE_UNAVAILABLE"})
    void aFailureBecomes(BankFailure.Kind kind, int status, String code, ErrorClass expected) {
        RuntimeException cause = new ProcessingException("the cause");
        Psd2Exception e = BankTranslation.translate("sandbox", "read the consent",
                new BankFailure(kind, status, code, "the bank's words", cause), BankRefusals.NONE, RETRY_AFTER);
        assertEquals(expected, e.errorClass());
        assertSame(cause, e.getCause(), "kept for the log and the consent's failure record");
        assertTrue(e.bankCaused(), "the KPIs count it as the bank's");
        if (expected == ErrorClass.SERVICE_UNAVAILABLE) {
            assertEquals(RETRY_AFTER, e.retryAfterSeconds());
            assertTrue(e.getMessage().endsWith("try again later"), e.getMessage());
        } else {
            assertEquals(null, e.retryAfterSeconds());
            assertEquals("The bank refused to read the consent: the bank's words", e.getMessage());
        }
    }

    @Test
    void aPortsOwnTranslationComesFirstAndOnlyForAnswers() {
        Psd2Exception own = new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "no longer");
        BankRefusals cancellation = answered -> answered.is(409, "CANCELLATION_INVALID") ? own : null;
        Psd2Exception translated = BankTranslation.translate("sandbox", "cancel the payment", new BankFailure(
                BankFailure.Kind.ANSWERED, 409, "CANCELLATION_INVALID", "", null), cancellation, RETRY_AFTER);
        // the port's own error, marked as the bank's for the KPIs
        assertEquals(own.errorClass(), translated.errorClass());
        assertEquals(own.getMessage(), translated.getMessage());
        assertTrue(translated.bankCaused());
        assertFalse(own.bankCaused());
        assertEquals(ErrorClass.SERVICE_INVALID, BankTranslation.translate("sandbox", "cancel the payment",
                new BankFailure(BankFailure.Kind.ANSWERED, 409, "STATUS_INVALID", "", null), cancellation,
                RETRY_AFTER).errorClass());
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, BankTranslation.translate("sandbox", "cancel the payment",
                new BankFailure(BankFailure.Kind.NO_ANSWER, 0, "", "", new ProcessingException("refused")),
                failure -> own, RETRY_AFTER).errorClass());
    }

    @ParameterizedTest(name = "HTTP {0} counts against the bank: {1}")
    @CsvSource({"400, false", "401, false", "404, false", "409, false", "422, false", "408, true", "429, true",
            "500, true", "502, true", "503, true"})
    void whatCountsAgainstABanksCircuit(int status, boolean counts) {
        assertEquals(counts, BankTranslation.countsAgainstBank(new WebApplicationException(Response.status(status)
                .build())));
    }

    @Test
    void noAnswerCountsAgainstTheBankAndTheGatewaysOwnRefusalDoesNot() {
        assertTrue(BankTranslation.countsAgainstBank(new ProcessingException(new ConnectException("refused"))));
        assertFalse(BankTranslation.countsAgainstBank(new Psd2Exception(ErrorClass.SERVICE_INVALID, "ours")));
    }

    @Test
    void aCallTheGuardRefusedIsNotCalled() {
        assertEquals(BankFailure.Kind.NOT_CALLED, BankFailure.of(new CallGuard.NotCalled("open", null)).kind());
        assertEquals(BankFailure.Kind.NO_ANSWER, BankFailure.of(new ProcessingException("reset")).kind());
    }
}
