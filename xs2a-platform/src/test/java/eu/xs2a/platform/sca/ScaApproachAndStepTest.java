package eu.xs2a.platform.sca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The choice of an SCA approach per request, and the order of an embedded authorisation's steps. */
class ScaApproachAndStepTest {

    private static final BankScaMethod SMS = new BankScaMethod("sms", "SMS_OTP", "SMS", false);
    private static final BankScaMethod APP = new BankScaMethod("app", "PUSH_OTP", "App", true);
    private static final Set<ScaApproach> ALL = EnumSet.allOf(ScaApproach.class);

    @Test
    void theBankIsAskedOnlyWhenTheTppDoesNotPreferRedirect() {
        Supplier<List<BankScaMethod>> never = () -> {
            throw new AssertionError("the bank must not be asked");
        };
        assertEquals(ScaApproach.REDIRECT, ScaApproach.choose(ALL, true, never));
        // a provider offering only redirect keeps it, whatever the TPP prefers
        assertEquals(ScaApproach.REDIRECT, ScaApproach.choose(Set.of(ScaApproach.REDIRECT), false, never));
        assertEquals(ScaApproach.EMBEDDED, ScaApproach.choose(ALL, false, () -> List.of(SMS)));
        assertEquals(ScaApproach.EMBEDDED, ScaApproach.choose(ALL, false, List::of));
        assertEquals(ScaApproach.DECOUPLED, ScaApproach.choose(ALL, false, () -> List.of(APP)));
        assertEquals(ScaApproach.EMBEDDED, ScaApproach.choose(ALL, false, () -> List.of(SMS, APP)));
        assertEquals(ScaApproach.REDIRECT, ScaApproach.choose(Set.of(ScaApproach.REDIRECT, ScaApproach.DECOUPLED),
                false, () -> List.of(SMS)));
        assertEquals(ScaApproach.DECOUPLED, ScaApproach.choose(Set.of(ScaApproach.EMBEDDED, ScaApproach.DECOUPLED),
                true, () -> List.of(APP)));
    }

    @Test
    void embeddedStepsComeInOrderAndNeverOnAnotherApproach() {
        assertTrue(ScaStep.AUTHENTICATE_PSU.allowedAt(ScaApproach.EMBEDDED, ScaStatus.received));
        assertTrue(ScaStep.SELECT_METHOD.allowedAt(ScaApproach.EMBEDDED, ScaStatus.psuAuthenticated));
        assertTrue(ScaStep.AUTHORISE_TRANSACTION.allowedAt(ScaApproach.EMBEDDED, ScaStatus.scaMethodSelected));
        for (ScaStatus status : ScaStatus.values()) {
            for (ScaStep step : ScaStep.values()) {
                assertFalse(step.allowedAt(ScaApproach.REDIRECT, status));
                assertFalse(step.allowedAt(ScaApproach.DECOUPLED, status));
                if (status.isFinal()) {
                    assertFalse(step.allowedAt(ScaApproach.EMBEDDED, status), step + " at " + status);
                }
            }
        }
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> ScaStep.AUTHORISE_TRANSACTION.requireAllowedAt(ScaApproach.EMBEDDED, ScaStatus.psuAuthenticated));
        assertEquals(ErrorClass.STATUS_INVALID, refused.errorClass());
        assertEquals(409, refused.errorClass().status());
    }
}
