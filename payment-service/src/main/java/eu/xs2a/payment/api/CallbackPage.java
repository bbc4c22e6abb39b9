package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.PaymentService.CallbackOutcome;
import eu.xs2a.platform.http.BrowserPages;
import eu.xs2a.platform.sca.ScaStatus;
import jakarta.ws.rs.core.Response;

/** The page a PSU ends on after the bank when the TPP gave no redirect URI: the outcome in a sentence. */
final class CallbackPage {

    private CallbackPage() {
    }

    static Response of(CallbackOutcome outcome) {
        boolean payment = outcome.kind() == AuthorisationKind.PAYMENT;
        String what = payment ? "payment" : "cancellation of the payment";
        String title;
        String message;
        if (outcome.scaStatus() == ScaStatus.finalised) {
            title = payment ? "Payment authorised" : "Cancellation authorised";
            message = "You have authorised the " + what + " at your bank. You may close this window.";
        } else if (outcome.scaStatus() == ScaStatus.failed) {
            title = payment ? "Payment not authorised" : "Cancellation not authorised";
            message = "The " + what + " was not authorised at your bank. You may close this window.";
        } else {
            title = "You are done at your bank";
            message = "Your provider will learn the outcome of the " + what + " from the bank."
                    + " You may close this window.";
        }
        return BrowserPages.page(200, title, message, null);
    }
}
