package eu.xs2a.platform.sca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import org.junit.jupiter.api.Test;

/** One embedded step per body; each refusal is a FormatError, pointing at its field when there is one. */
class UpdatePsuDataRequestTest {

    private static Psd2Exception step(UpdatePsuDataRequest body) {
        return assertThrows(Psd2Exception.class, () -> body.toUpdate("psu1", PsuContext.NONE));
    }

    @Test
    void noneOrSeveralStepsAreRefusedWithoutAPath() {
        Psd2Exception none = step(new UpdatePsuDataRequest(null, null, null));
        assertEquals(ErrorClass.FORMAT_ERROR, none.errorClass());
        assertNull(none.path());
        assertNull(step(new UpdatePsuDataRequest(new UpdatePsuDataRequest.PsuData("sandbox"), null, "123456")).path());
    }

    @Test
    void aValueOutOfItsLengthNamesItsField() {
        Psd2Exception method = step(new UpdatePsuDataRequest(null, "m".repeat(36), null));
        assertEquals("authenticationMethodId must be 1 to 35 characters", method.getMessage());
        assertEquals("authenticationMethodId", method.path());
        assertEquals("scaAuthenticationData", step(new UpdatePsuDataRequest(null, null, " ")).path());
        assertEquals("scaAuthenticationData", step(new UpdatePsuDataRequest(null, null, "1".repeat(141))).path());
        assertEquals("psuData.password", assertThrows(Psd2Exception.class,
                () -> new UpdatePsuDataRequest(new UpdatePsuDataRequest.PsuData(""), null, null).passwordOfAStart())
                .path());
    }

    @Test
    void oneStepWithinItsLengthIsTaken() {
        new UpdatePsuDataRequest(null, "m".repeat(35), null).toUpdate("psu1", PsuContext.NONE);
        new UpdatePsuDataRequest(null, null, "1".repeat(140)).toUpdate("psu1", PsuContext.NONE);
        assertEquals("sandbox", new UpdatePsuDataRequest(new UpdatePsuDataRequest.PsuData("sandbox"), null, null)
                .passwordOfAStart());
    }
}
