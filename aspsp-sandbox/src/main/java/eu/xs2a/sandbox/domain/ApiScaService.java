package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.PsuRepository;
import eu.xs2a.sandbox.persistence.ScaLinkRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Embedded and decoupled SCA of a consent, a payment, a payment's cancellation or a signing basket through the bank API (BANK-API.md
 * "SCA through the API"): the gateway passes on the PSU's password, chosen method and OTP, instead of the PSU typing
 * them into the bank's pages. It
 * drives the request's open SCA link through the same states as the pages (NEW → LOGGED_IN → APPROVED → DONE), with
 * the same login check (and lockout), the same OTP attempts and the same end ({@link ScaService#finish}), so the pages
 * and the API cannot disagree. A refusal the PSU caused (wrong password, unknown method, wrong OTP) is an answer, not
 * an error: the step's transaction commits (a failed login or OTP counts).
 */
@ApplicationScoped
public class ApiScaService {

    public static final String PSU_CREDENTIALS_INVALID = "PSU_CREDENTIALS_INVALID";
    public static final String SCA_METHOD_UNKNOWN = "SCA_METHOD_UNKNOWN";
    public static final String SCA_INVALID = "SCA_INVALID";
    public static final String STATUS_INVALID = "STATUS_INVALID";
    public static final String APP_MESSAGE = "Please confirm the request in your SandboxBank app.";

    /**
     * What one step left: the SCA status, the PSU's methods (to select one), the chosen method (a code to type in,
     * or the app), the message for the PSU, the refusal code, and the consents and payments whose status the step
     * changed by ending the SCA (for their status events; a basket's members), empty while it goes on.
     */
    public record Outcome(ScaStatus scaStatus, List<ScaMethod> scaMethods, ScaMethod chosenMethod, String psuMessage,
                          String error, List<String> changed) {

        public Outcome {
            changed = changed == null ? List.of() : List.copyOf(changed);
        }

        static Outcome of(ScaStatus status) {
            return new Outcome(status, null, null, null, null, null);
        }

        Outcome refused(String code) {
            return new Outcome(scaStatus, scaMethods, chosenMethod, psuMessage, code, changed);
        }

        public boolean ended() {
            return !changed.isEmpty();
        }
    }

    @Inject ScaLinkRepository links;
    @Inject PsuRepository psus;
    @Inject ConsentService consents;
    @Inject PaymentService payments;
    @Inject SigningBasketService baskets;
    @Inject eu.xs2a.sandbox.persistence.AccountRepository accounts;
    @Inject ScaService sca;
    @Inject PsuLogin psuLogin;
    @Inject SandboxConfig config;
    @Inject Clock clock;

    /** The SCA methods of a PSU; none for a PSU the bank does not know (the answer tells nothing about who exists). */
    @Transactional
    public List<ScaMethod> methodsOf(String psuId) {
        return Optional.ofNullable(psuId).flatMap(psus::findByIdOptional).map(Psu::methods).orElse(List.of());
    }

    /** The PSU's password: its methods next, or straight to the code (one method) or the app (decoupled). */
    @Transactional
    public Outcome authenticate(ScaLink.Kind kind, String resourceId, String psuId, String password,
                                Map<String, String> psuContext) {
        ScaFlow flow = flowAt(kind, resourceId, ScaLink.State.NEW);
        flow.resource().toldOfTheStep(psuContext);
        PsuLogin.Result result = psuLogin.check(psuId, password);
        if (result instanceof PsuLogin.Refused) {
            return Outcome.of(flow.scaStatus()).refused(PSU_CREDENTIALS_INVALID);
        }
        Psu psu = ((PsuLogin.Accepted) result).psu();
        requireNotSigned(flow, psu.id);
        flow.link().loggedIn(psu.id, Secrets.randomToken());
        if (!sca.mayAuthorise(flow, psu.id)) {
            return ended(flow, false, Payment.REASON_ACCOUNT_NOT_PSUS).refused(PSU_CREDENTIALS_INVALID);
        }
        flow.psuIdentified(psu.id);
        flow.psuAuthenticated();
        List<ScaMethod> methods = psu.methods();
        if (methods.size() == 1) {
            return choose(flow, methods.get(0));
        }
        return new Outcome(ScaStatus.psuAuthenticated, methods, null, null, null, null);
    }

    /** The method the PSU picked of several. */
    @Transactional
    public Outcome select(ScaLink.Kind kind, String resourceId, String methodId, Map<String, String> psuContext) {
        ScaFlow flow = flowAt(kind, resourceId, ScaLink.State.LOGGED_IN);
        flow.resource().toldOfTheStep(psuContext);
        Psu psu = psus.findById(flow.link().psuId);
        return psu.methods().stream().filter(m -> m.id().equals(methodId)).findFirst()
                .map(m -> choose(flow, m))
                .orElseGet(() -> new Outcome(ScaStatus.psuAuthenticated, psu.methods(), null, null, null, null)
                        .refused(SCA_METHOD_UNKNOWN));
    }

    /** The OTP: the sandbox code finalises; a wrong one counts, and the last allowed wrong one fails the SCA. */
    @Transactional
    public Outcome authorise(ScaLink.Kind kind, String resourceId, String otp, Map<String, String> psuContext) {
        ScaFlow flow = flowAt(kind, resourceId, ScaLink.State.APPROVED);
        flow.resource().toldOfTheStep(psuContext);
        ScaMethod chosen = chosen(flow.link());
        if (chosen == null || chosen.decoupled()) {
            throw BankException.conflict(STATUS_INVALID, "this SCA is approved in the PSU's app, not with a code");
        }
        Psu psu = psus.findById(flow.link().psuId);
        // psu-fail: every code is wrong, in every approach
        boolean right = psu.behaviour != Psu.Behaviour.FAIL_SCA && otp != null
                && Secrets.constantTimeEquals(otp.trim(), config.sca().otp());
        if (right) {
            return ended(flow, true, null);
        }
        flow.link().otpFailures++;
        if (flow.link().otpFailures >= config.sca().otpAttempts()) {
            return ended(flow, false, Payment.REASON_SCA_FAILED).refused(SCA_INVALID);
        }
        return new Outcome(ScaStatus.scaMethodSelected, null, chosen, null, null, null).refused(SCA_INVALID);
    }

    /**
     * Decoupled SCA started with the request (the gateway named the PSU and chose DECOUPLED): the push goes to the
     * PSU's app at once, for a consent, a payment or a payment's cancellation. A PSU who may not approve the request
     * ends its SCA failed; one who has no app is a 400.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Outcome startDecoupled(ScaLink link, String psuId) {
        ScaFlow flow = sca.flowOf(link);
        if (psuId == null) {
            throw BankException.badRequest("a decoupled SCA needs psuId");
        }
        Optional<ScaMethod> app = methodsOf(psuId).stream().filter(ScaMethod::decoupled).findFirst();
        if (app.isEmpty()) {
            throw BankException.badRequest("PSU " + psuId + " has no decoupled SCA method");
        }
        requireNotSigned(flow, psuId);
        link.loggedIn(psuId, Secrets.randomToken());
        if (!sca.mayAuthorise(flow, psuId)) {
            return ended(flow, false, Payment.REASON_ACCOUNT_NOT_PSUS);
        }
        flow.psuIdentified(psuId);
        return choose(flow, app.get());
    }

    /**
     * A new SCA of a request still awaiting it (the TPP started a new authorisation explicitly): the open link is
     * replaced (a step on it, or a page opened with it, now says so), a new one starts at {@code received}; for a
     * decoupled SCA the push goes to the PSU's app at once.
     */
    @Transactional
    public Outcome restart(ScaLink.Kind kind, String resourceId, boolean decoupled, String psuId,
                           Map<String, String> psuContext) {
        String id = requireResource(kind, resourceId);
        links.lockAllOf(id);
        ScaLink link = ScaLink.issue(kind, id, clock.instant());
        ScaFlow flow = sca.flowOf(link);
        if (flow.blockedByBasket() && flow.awaitsSca()) {
            throw BankException.conflict(ScaService.RESOURCE_BLOCKED, kind.name().toLowerCase(java.util.Locale.ROOT)
                    + " " + resourceId + " is in a signing basket: the basket's SCA authorises it");
        }
        if (!flow.awaitsSca()) {
            throw BankException.conflict(STATUS_INVALID, kind.name().toLowerCase(java.util.Locale.ROOT) + " "
                    + resourceId + " awaits no SCA");
        }
        links.replaceOpen(id, kind);
        links.persist(link);
        flow.restarted();
        flow.resource().toldOfTheStep(psuContext);
        if (decoupled) {
            return startDecoupled(link, psuId);
        }
        return Outcome.of(ScaStatus.received);
    }

    /**
     * The sandbox's app answers the pushes older than {@code sandbox.decoupled-delay}: psu-decoupled-deny's app
     * denies, every other approves. Returns the consents and payments it ended (committed; a basket's members), for
     * their status events.
     */
    @Transactional
    public List<String> answerDuePushes(int limit) {
        Instant before = clock.instant().minus(config.decoupledDelay());
        List<ScaLink> due = links.lockDecoupledDue(before, limit);
        List<String> changed = new java.util.ArrayList<>();
        for (ScaLink link : due) {
            ScaFlow flow;
            try {
                flow = sca.load(link.token);
            } catch (ScaService.Refused r) {
                continue; // expired or withdrawn meanwhile: load closed it
            }
            Psu psu = psus.findById(link.psuId);
            sca.finish(flow, psu.behaviour != Psu.Behaviour.APP_DENIES, Payment.REASON_PSU_DENIED);
            if (link.state == ScaLink.State.DONE) {
                changed.addAll(flow.changed());
            }
        }
        return changed;
    }

    private Outcome choose(ScaFlow flow, ScaMethod method) {
        flow.link().chosenMethod = method.id();
        flow.link().approved();
        flow.scaMethodSelected();
        if (flow.link().kind == ScaLink.Kind.PAYMENT && flow.payment().debtorAccountId == null) {
            // no page to pick the account on: the PSU pays from its first account (BANK-API.md)
            Account first = accounts.ofPsu(flow.link().psuId).get(0);
            flow.payment().debtorAccountId = first.id;
            flow.payment().debtorIban = first.iban;
        }
        if (method.decoupled()) {
            flow.link().decoupledAt = clock.instant();
            return new Outcome(ScaStatus.scaMethodSelected, null, method, APP_MESSAGE, null, null);
        }
        return new Outcome(ScaStatus.scaMethodSelected, null, method, null, null, null);
    }

    /** The PSU's SCA ended: finalised (their signature, maybe one of several: multilevel SCA) or failed. */
    private Outcome ended(ScaFlow flow, boolean success, String reason) {
        sca.finish(flow, success, reason);
        return new Outcome(success ? ScaStatus.finalised : ScaStatus.failed, null, null, null, null, flow.changed());
    }

    /** Each signatory signs once (multilevel SCA): a second SCA of the same PSU is out of order. */
    private static void requireNotSigned(ScaFlow flow, String psuId) {
        if (flow.signedAlreadyBy(psuId)) {
            throw BankException.conflict(STATUS_INVALID, "PSU " + psuId + " has already signed; another signatory"
                    + " must sign next");
        }
    }

    private static ScaMethod chosen(ScaLink link) {
        return link.chosenMethod == null ? null : ScaMethod.parse(link.chosenMethod).stream().findFirst().orElse(null);
    }

    /** The request's open SCA link of this kind, locked, in the state the step needs; else 409 STATUS_INVALID. */
    private ScaFlow flowAt(ScaLink.Kind kind, String resourceId, ScaLink.State expected) {
        String id = requireResource(kind, resourceId);
        ScaLink link = links.openOf(id, kind).orElseThrow(() ->
                BankException.conflict(STATUS_INVALID, resourceId + " awaits no SCA"));
        ScaFlow flow;
        try {
            flow = sca.load(link.token);
        } catch (ScaService.Refused r) {
            throw BankException.conflict(r.apiCode == null ? STATUS_INVALID : r.apiCode, r.refusal.title());
        }
        if (link.state != expected) {
            throw BankException.conflict(STATUS_INVALID, "this SCA step does not follow " + link.state);
        }
        return flow;
    }

    /** The consent's, payment's or basket's id; 404 CONSENT_UNKNOWN / PAYMENT_UNKNOWN / BASKET_UNKNOWN. */
    private String requireResource(ScaLink.Kind kind, String resourceId) {
        return switch (kind) {
            case CONSENT -> consents.require(resourceId).id;
            case PAYMENT, CANCELLATION -> payments.require(resourceId).id;
            case BASKET -> baskets.require(resourceId).id;
        };
    }
}
