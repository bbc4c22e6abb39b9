package eu.xs2a.sandbox.domain;

import java.util.List;

/** What the PSU's browser gets next in the SCA flow; the api layer turns it into a page or a redirect. */
public sealed interface ScaStep {

    /** The login form, with an error after a failed attempt. */
    record ShowLogin(String tppName, String error) implements ScaStep {
    }

    /** What the TPP asks for, with Approve / Deny. */
    record ShowDecision(Summary summary, String error) implements ScaStep {
    }

    /** The one-time code form. */
    record ShowOtp(Summary summary, String error) implements ScaStep {
    }

    /**
     * A 303 to a bank page or to the resource's returnUrl; {@code newSession} is a cookie to set, if any;
     * {@code finished} the consent or payment whose SCA this step ended (its status changed: the gateway is told once
     * the step committed), else null.
     */
    record Redirect(String location, String newSession, List<String> finished) implements ScaStep {

        Redirect(String location, String newSession) {
            this(location, newSession, List.of());
        }
    }

    /** The link cannot be used (unknown, expired, used, step out of order). */
    record Refusal(int status, String title, String message) implements ScaStep {
    }

    /** Everything the decision page shows. */
    record Summary(String kind, String tppName, String psuName, List<Line> consentLines, String validUntil,
                   int frequencyPerDay, String amount, String currency, String creditorName, String creditorIban,
                   String remittance, String debtorIban, List<String> debtorChoices, PayeeNotice payeeNotice,
                   List<EntryLine> entries, List<AccountChoice> accountChoices) {
    }

    /**
     * One of the PSU's accounts to choose for a bank-offered consent: {@code id} the bank's account id (the form's
     * values are {@code <id>:accounts}, {@code <id>:balances}, {@code <id>:transactions}).
     */
    record AccountChoice(String id, String label, String name) {
    }

    /** One credit transfer of a bulk payment on the decision page, with its own Verification of Payee. */
    record EntryLine(String amount, String currency, String creditorName, String creditorIban, String remittance,
                     PayeeNotice payeeNotice) {

        static EntryLine of(PaymentEntry entry, boolean payeeCheck) {
            return new EntryLine(entry.amount.setScale(2).toPlainString(), entry.currency, entry.creditorName,
                    entry.creditorIban, entry.remittance,
                    payeeCheck ? PayeeNotice.of(entry.payeeVerification, entry.payeeMatchedName) : null);
        }
    }

    /**
     * What Verification of Payee found, in words for the PSU before approving a payment ({@code result}: the EPC code,
     * kept for the page's styling and tests).
     */
    record PayeeNotice(String result, String text) {

        static PayeeNotice of(Payment payment) {
            return of(payment.payeeVerification, payment.payeeMatchedName);
        }

        static PayeeNotice of(String result, String matchedName) {
            if (result == null) {
                return null;
            }
            return new PayeeNotice(result, switch (result) {
                case "MTCH" -> "The name matches the account holder.";
                case "CMTC" -> "The name you entered is close to, but not the same as, the account holder's name: "
                        + matchedName + ". Please check it before you approve.";
                case "NMTC" -> "The name you entered does not match the account holder. If you approve, the money "
                        + "may go to someone you did not intend to pay.";
                default -> "The name could not be checked against the account holder: the account is held at "
                        + "another bank that cannot confirm it.";
            });
        }
    }

    /** One account of a consent, and the access asked for it. */
    record Line(String account, String access) {
    }
}
