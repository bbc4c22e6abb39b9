package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.domain.ScaStep.Line;
import eu.xs2a.sandbox.domain.ScaStep.Redirect;
import eu.xs2a.sandbox.domain.ScaStep.Refusal;
import eu.xs2a.sandbox.domain.ScaStep.ShowDecision;
import eu.xs2a.sandbox.domain.ScaStep.ShowLogin;
import eu.xs2a.sandbox.domain.ScaStep.ShowOtp;
import eu.xs2a.sandbox.domain.ScaStep.Summary;
import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.ConsentRepository;
import eu.xs2a.sandbox.persistence.PaymentRepository;
import eu.xs2a.sandbox.persistence.PsuRepository;
import eu.xs2a.sandbox.persistence.ScaLinkRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The PSU's side of SCA for consents, payments and payment cancellations: login → decision → OTP, on a
 * one-time link bound to the browser by a cookie at login (BANK-API.md, "The PSU's browser").
 */
@ApplicationScoped
public class ScaService {

    /** Stops a step with a refusal page; the transaction still commits (e.g. a link closed on the way). */
    static final class Refused extends RuntimeException {
        final transient Refusal refusal;
        /** The bank API's code for this refusal when an API step meets it; null: STATUS_INVALID. */
        final String apiCode;

        Refused(int status, String title, String message) {
            this(status, title, message, null);
        }

        Refused(int status, String title, String message, String apiCode) {
            super(title, null, false, false);
            this.refusal = new Refusal(status, title, message);
            this.apiCode = apiCode;
        }
    }

    /** The bank API's code for a consent's or payment's own SCA step while it is in a signing basket. */
    public static final String RESOURCE_BLOCKED = "RESOURCE_BLOCKED";

    @Inject ScaLinkRepository links;
    @Inject ConsentRepository consents;
    @Inject PaymentRepository payments;
    @Inject SigningBasketService basketService;
    @Inject PsuRepository psus;
    @Inject AccountRepository accounts;
    @Inject ConsentService consentService;
    @Inject PaymentService paymentService;
    @Inject SandboxConfig config;
    @Inject PsuLogin psuLogin;
    @Inject Clock clock;

    /** {@code GET /sca/{token}}: the login form, or back to the current step for the browser that logged in. */
    @Transactional(dontRollbackOn = Refused.class)
    public ScaStep open(String token, String session) {
        return refusable(() -> {
            ScaFlow flow = load(token);
            return switch (flow.link().state) {
                case NEW -> new ShowLogin(flow.resource().tppShownName(), null);
                case LOGGED_IN -> bound(flow, session, new Redirect(stepPath(token, "decision"), null));
                case APPROVED -> bound(flow, session, new Redirect(stepPath(token, "otp"), null));
                case DONE -> throw used();
                case REPLACED -> throw replaced();
            };
        });
    }

    /** {@code POST /sca/{token}/login}. */
    @Transactional(dontRollbackOn = Refused.class)
    public ScaStep login(String token, String session, String username, String password) {
        return refusable(() -> {
            ScaFlow flow = load(token);
            if (flow.link().state != ScaLink.State.NEW) {
                return open(token, session);
            }
            PsuLogin.Result result = psuLogin.check(username, password);
            if (result instanceof PsuLogin.Refused refused) {
                return new ShowLogin(flow.resource().tppShownName(), refused.message());
            }
            String psuId = ((PsuLogin.Accepted) result).psu().id;
            if (flow.signedAlreadyBy(psuId)) {
                throw new Refused(409, "You have already approved this request",
                        "It needs the approval of another signatory of the account too, who logs in with this link.");
            }
            String newSession = Secrets.randomToken();
            flow.link().loggedIn(psuId, newSession);
            if (!mayAuthorise(flow, psuId)) {
                return finish(flow, false, Payment.REASON_ACCOUNT_NOT_PSUS);
            }
            flow.psuIdentified(psuId);
            return new Redirect(stepPath(token, "decision"), newSession);
        });
    }

    /** {@code GET /sca/{token}/decision}. */
    @Transactional(dontRollbackOn = Refused.class)
    public ScaStep decisionPage(String token, String session) {
        return refusable(() -> {
            ScaFlow flow = loadAt(token, session, ScaLink.State.LOGGED_IN);
            return new ShowDecision(summary(flow), null);
        });
    }

    /**
     * {@code POST /sca/{token}/decision}: approve (→ OTP) or deny (→ back to the gateway, failed). For a bank-offered
     * consent {@code access} carries the PSU's choice ({@link ConsentService#choose}).
     */
    @Transactional(dontRollbackOn = Refused.class)
    public ScaStep decide(String token, String session, String decision, String debtorIban, List<String> access) {
        return refusable(() -> {
            ScaFlow flow = loadAt(token, session, ScaLink.State.LOGGED_IN);
            if ("deny".equals(decision)) {
                return finish(flow, false, Payment.REASON_PSU_DENIED);
            }
            if (!"approve".equals(decision)) {
                return new ShowDecision(summary(flow), "Please choose Approve or Deny.");
            }
            if (flow.link().kind == ScaLink.Kind.PAYMENT && flow.payment().debtorAccountId == null) {
                Optional<Account> chosen = Optional.ofNullable(debtorIban).flatMap(accounts::byIban)
                        .filter(a -> a.heldBy(flow.link().psuId));
                if (chosen.isEmpty()) {
                    return new ShowDecision(summary(flow), "Please choose the account to pay from.");
                }
                flow.payment().debtorAccountId = chosen.get().id;
                flow.payment().debtorIban = chosen.get().iban;
            }
            if (flow.link().kind == ScaLink.Kind.CONSENT && flow.consent().requestedAccess.bankOffered()
                    && consentService.choose(flow.consent(), flow.link().psuId, access).isEmpty()) {
                return new ShowDecision(summary(flow), "Please choose the accounts and the access to give.");
            }
            flow.scaStarted();
            flow.link().approved();
            return new Redirect(stepPath(token, "otp"), null);
        });
    }

    /** {@code GET /sca/{token}/otp}. */
    @Transactional(dontRollbackOn = Refused.class)
    public ScaStep otpPage(String token, String session) {
        return refusable(() -> {
            ScaFlow flow = loadAt(token, session, ScaLink.State.APPROVED);
            return new ShowOtp(summary(flow), null);
        });
    }

    /** {@code POST /sca/{token}/otp}: the sandbox code finalises; psu-fail and too many wrong codes fail. */
    @Transactional(dontRollbackOn = Refused.class)
    public ScaStep confirm(String token, String session, String otp) {
        return refusable(() -> {
            ScaFlow flow = loadAt(token, session, ScaLink.State.APPROVED);
            Psu psu = psus.findById(flow.link().psuId);
            if (psu.behaviour == Psu.Behaviour.FAIL_SCA) {
                return finish(flow, false, Payment.REASON_SCA_FAILED);
            }
            if (otp != null && Secrets.constantTimeEquals(otp.trim(), config.sca().otp())) {
                return finish(flow, true, null);
            }
            flow.link().otpFailures++;
            int left = config.sca().otpAttempts() - flow.link().otpFailures;
            if (left <= 0) {
                return finish(flow, false, Payment.REASON_SCA_FAILED);
            }
            return new ShowOtp(summary(flow), "Wrong code. " + left + (left == 1 ? " attempt" : " attempts") + " left.");
        });
    }

    /** Runs a step, answering a {@link Refused} as its refusal page (inside the step's transaction, which commits). */
    private static ScaStep refusable(Supplier<ScaStep> step) {
        try {
            return step.get();
        } catch (Refused r) {
            return r.refusal;
        }
    }

    /**
     * Ends the flow: applies the outcome to the resource and sends the browser back to the gateway. A signature that
     * leaves others still needed (multilevel SCA) partially authorises the consent or payment and opens the link
     * again for the next signatory.
     */
    ScaStep finish(ScaFlow flow, boolean success, String reason) {
        if (success && signaturesMissing(flow) > 0) {
            switch (flow.link().kind) {
                case CONSENT -> flow.consent().partiallyAuthorise(clock.instant());
                case PAYMENT -> flow.payment().partiallyAuthorise();
                case CANCELLATION, BASKET -> throw new IllegalStateException("needs one signature");
            }
            flow.link().reopened();
            return new Redirect(flow.returnUrl(), null, flow.changed());
        }
        switch (flow.link().kind) {
            case CONSENT -> {
                if (success) {
                    consentService.approve(flow.consent());
                } else {
                    flow.consent().reject(clock.instant());
                }
            }
            case PAYMENT -> {
                if (success) {
                    paymentService.execute(flow.payment());
                } else {
                    flow.payment().rejectSca(reason);
                }
            }
            case CANCELLATION -> {
                if (success) {
                    paymentService.cancelAuthorised(flow.payment());
                } else {
                    flow.payment().cancellationRefused();
                }
            }
            case BASKET -> {
                // one SCA for every member: each is authorised (or rejected) as its own SCA would have done
                if (success) {
                    flow.basket().authorise();
                    flow.basketConsents().forEach(consentService::approve);
                    flow.basketPayments().forEach(paymentService::execute);
                } else {
                    flow.basket().reject();
                    flow.basketConsents().forEach(c -> c.reject(clock.instant()));
                    flow.basketPayments().forEach(p -> p.rejectSca(reason));
                }
            }
        }
        flow.link().done();
        return new Redirect(flow.returnUrl(), null, flow.changed());
    }

    /**
     * The signatures still needed after the logged-in PSU's: the most any account of the request needs (its
     * signatories, multilevel SCA), less those given. A cancellation needs one.
     */
    private int signaturesMissing(ScaFlow flow) {
        int required = switch (flow.link().kind) {
            case CONSENT -> consentService.signaturesRequired(flow.consent(), flow.link().psuId);
            case PAYMENT -> accounts.findById(flow.payment().debtorAccountId).signaturesRequired;
            case CANCELLATION, BASKET -> 1; // a basket's payments need one signature (BANK-API.md)
        };
        return required - flow.resource().signatories().size() - 1;
    }

    /** The PSU who logged in must be the one the gateway named and must hold every account the request names. */
    boolean mayAuthorise(ScaFlow flow, String psuId) {
        return switch (flow.link().kind) {
            case CONSENT -> mayAuthorise(flow.consent(), psuId);
            case PAYMENT -> mayAuthorise(flow.payment(), psuId);
            case CANCELLATION -> psuId.equals(flow.payment().psuId);
            case BASKET -> flow.basket().mayBeApprovedBy(psuId)
                    && flow.basketConsents().stream().allMatch(c -> mayAuthorise(c, psuId))
                    && flow.basketPayments().stream().allMatch(p -> mayAuthorise(p, psuId));
        };
    }

    private boolean mayAuthorise(Consent consent, String psuId) {
        return consent.mayBeApprovedBy(psuId) && consentService.accountsNotOwnedBy(consent, psuId).isEmpty();
    }

    private boolean mayAuthorise(Payment payment, String psuId) {
        return payment.mayBeApprovedBy(psuId) && (payment.debtorIban == null || (payment.debtorAccountId != null
                && accounts.findById(payment.debtorAccountId).heldBy(psuId)));
    }

    ScaFlow load(String token) {
        ScaLink link = Optional.ofNullable(token).flatMap(links::lock).orElseThrow(() ->
                new Refused(404, "This link is not valid", "Please go back to the provider that sent you here and start again."));
        if (link.state == ScaLink.State.DONE) {
            throw used();
        }
        if (link.state == ScaLink.State.REPLACED) {
            throw replaced();
        }
        if (link.expired(clock.instant(), config.sca().linkValidity())) {
            throw new Refused(410, "This link has expired",
                    "Links for approving a request work for " + config.sca().linkValidity().toMinutes()
                            + " minutes. Please go back to the provider and start again.");
        }
        ScaFlow flow = flowOf(link);
        if (flow.blockedByBasket() && flow.awaitsSca()) {
            throw inBasket();
        }
        if (!flow.awaitsSca()) {
            link.done();
            throw new Refused(410, "This request is no longer open", "It was completed or withdrawn in the meantime. Nothing was changed.");
        }
        return flow;
    }

    /** The link with what it authorises. */
    ScaFlow flowOf(ScaLink link) {
        return switch (link.kind) {
            case CONSENT -> new ScaFlow(link, consents.findById(link.resourceId), null);
            case PAYMENT, CANCELLATION -> new ScaFlow(link, null, payments.findById(link.resourceId));
            case BASKET -> {
                SigningBasketService.BasketView basket = basketService.view(basketService.require(link.resourceId));
                yield new ScaFlow(link, null, null, basket.basket(), basket.payments(), basket.consents());
            }
        };
    }

    /** A consent's or payment's own SCA while it is in a signing basket: the basket's SCA authorises it. */
    static Refused inBasket() {
        return new Refused(409, "This request is in a signing basket",
                "Your provider asked you to approve it together with other requests: please use the link for all of"
                        + " them. Nothing was changed.", RESOURCE_BLOCKED);
    }

    /** Loads the flow for a step that needs the logged-in browser and the given state. */
    private ScaFlow loadAt(String token, String session, ScaLink.State expected) {
        ScaFlow flow = load(token);
        ScaLink link = flow.link();
        if (link.state == ScaLink.State.NEW) {
            throw new Refused(409, "Please log in first", "Open the link you were given and log in with your online banking details.");
        }
        if (!link.boundTo(session)) {
            throw used();
        }
        if (link.state != expected) {
            throw link.state == ScaLink.State.APPROVED
                    ? new Refused(409, "Please enter your code", "You already approved this request; enter the one-time code to confirm it.")
                    : new Refused(409, "Please approve or deny first", "Choose Approve or Deny before entering a code.");
        }
        return flow;
    }

    private ScaStep bound(ScaFlow flow, String session, ScaStep step) {
        if (!flow.link().boundTo(session)) {
            throw used();
        }
        return step;
    }

    private static Refused used() {
        return new Refused(410, "This link has already been used",
                "Each link works once. If you still want to approve the request, go back to the provider and start again.");
    }

    private static Refused replaced() {
        return new Refused(410, "This link was replaced",
                "The provider has asked for this approval again and sent a newer link. Please use the newest link, or go "
                        + "back to the provider.");
    }

    private Summary summary(ScaFlow flow) {
        Psu psu = psus.findById(flow.link().psuId);
        if (flow.link().kind == ScaLink.Kind.BASKET) {
            List<Line> lines = new ArrayList<>();
            flow.basketPayments().forEach(p -> lines.add(new Line("Payment of " + p.amount.setScale(2).toPlainString()
                    + " " + p.currency + " to " + p.creditorName + " (" + p.creditorIban + ")", "from " + p.debtorIban)));
            flow.basketConsents().forEach(c -> lines.add(new Line(Consent.PIIS.equals(c.type)
                    ? "Confirmation of funds" : "Access to your accounts", consentLines(c).stream()
                    .map(l -> l.account() + ": " + l.access()).reduce((a, b) -> a + "; " + b).orElse(""))));
            return new Summary("BASKET", flow.basket().tppShownName(), psu.fullName, lines, null, 0,
                    null, null, null, null, null, null, List.of(), null, List.of(), List.of());
        }
        if (flow.link().kind == ScaLink.Kind.CONSENT) {
            Consent consent = flow.consent();
            return new Summary(consent.type.equals(Consent.PIIS) ? "PIIS" : "AIS", consent.tppShownName(), psu.fullName,
                    consentLines(consent), consent.validUntil.toString(), consent.frequencyPerDay,
                    null, null, null, null, null, null, List.of(), null, List.of(), accountChoices(consent, psu));
        }
        Payment payment = flow.payment();
        List<String> choices = payment.debtorAccountId == null
                ? accounts.ofPsu(psu.id).stream().filter(a -> !a.isCard()).map(a -> a.iban).toList() : List.of();
        return new Summary(flow.link().kind.name(), payment.tppShownName(), psu.fullName, List.of(), null, 0,
                payment.amount.setScale(2).toPlainString(), payment.currency, payment.creditorName, payment.creditorIban,
                payment.remittance, payment.debtorIban, choices,
                flow.link().kind == ScaLink.Kind.PAYMENT ? ScaStep.PayeeNotice.of(payment) : null,
                paymentService.entriesOf(payment).stream()
                        .map(e -> ScaStep.EntryLine.of(e, flow.link().kind == ScaLink.Kind.PAYMENT)).toList(),
                List.of());
    }

    /** A bank-offered consent awaiting the PSU's choice: every account the PSU holds (not deleted), else none. */
    private List<ScaStep.AccountChoice> accountChoices(Consent consent, Psu psu) {
        if (!consent.requestedAccess.bankOffered()) {
            return List.of();
        }
        return accounts.ofPsu(psu.id).stream().filter(a -> !Account.DELETED.equals(a.status))
                .map(a -> new ScaStep.AccountChoice(a.id, a.ref().label(), a.name)).toList();
    }

    private List<Line> consentLines(Consent consent) {
        ConsentAccess access = consent.requestedAccess;
        if (Consent.PIIS.equals(consent.type)) {
            return List.of(new Line(access.account().label(), "confirmation that funds are available"));
        }
        // The owner name is delivered only with an explicit consent to it (Berlin Group): the PSU sees where it is asked.
        boolean ownerName = access.ownerNameOfEveryAccountRequested();
        if (access.bankOffered()) {
            return List.of(new Line("The accounts you choose below", "the access you choose below"));
        }
        if (access.allPsd2Requested()) {
            return List.of(new Line("All your accounts", ownerName
                    ? "account details, the account owner's name, balances and transactions"
                    : "account details, balances and transactions"));
        }
        if (access.accountListRequested()) {
            String list = ownerName ? "the list of your accounts with the account owner's name" : "the list of your accounts";
            return List.of(new Line("All your accounts", access.availableAccountsWithBalanceRequested()
                    ? list + ", balances (no transactions)" : list + " (no balances, no transactions)"));
        }
        Map<String, List<String>> byAccount = new LinkedHashMap<>();
        access.accountsOrEmpty().forEach(r -> byAccount.computeIfAbsent(r.label(), k -> new ArrayList<>()).add("account details"));
        access.balancesOrEmpty().forEach(r -> byAccount.computeIfAbsent(r.label(), k -> new ArrayList<>()).add("balances"));
        access.transactionsOrEmpty().forEach(r -> byAccount.computeIfAbsent(r.label(), k -> new ArrayList<>()).add("transactions"));
        access.explicitRefs().stream().filter(access::ownerNameRequestedFor)
                .forEach(r -> byAccount.computeIfAbsent(r.label(), k -> new ArrayList<>()).add("the account owner's name"));
        return byAccount.entrySet().stream()
                .map(e -> new Line(e.getKey(), String.join(", ", e.getValue().stream().distinct().toList()))).toList();
    }

    private static String stepPath(String token, String step) {
        return "/sca/" + token + "/" + step;
    }
}
