package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.OAuthLoginRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The PSU's login for a gateway's OAuth authorize step: made by the gateway, decided once by the PSU on the login
 * page (log in and allow, or deny), read by the gateway. The link works for {@code sandbox.sca.link-validity} and
 * until the PSU decided; wrong passwords count towards the PSU's lock ({@link PsuLogin}) as on every login page.
 */
@ApplicationScoped
public class OAuthLoginService {

    /** A new login: its id for the gateway and the page link's token for the PSU. */
    public record Created(OAuthLogin login, String token) {
    }

    /** The page's outcome: where the browser goes, or what the login page tells the PSU. */
    public sealed interface Decision permits Decided, Retry {
    }

    public record Decided(String returnUrl) implements Decision {
    }

    public record Retry(String message) implements Decision {
    }

    /** A redeemed login and the consent or payment it finalised now (null when it was redeemed before). */
    public record Redeemed(OAuthLogin login, String resourceId) {
    }

    /** A scope naming a consent or a payment by the gateway's id (its idempotency key at this bank). */
    private static final java.util.regex.Pattern RESOURCE = java.util.regex.Pattern.compile("(AIS|PIS):(\\S{1,100})");

    @Inject OAuthLoginRepository logins;
    @Inject PsuLogin psuLogin;
    @Inject SandboxConfig config;
    @Inject Clock clock;
    @Inject ScaService sca;
    @Inject eu.xs2a.sandbox.persistence.ConsentRepository consents;
    @Inject eu.xs2a.sandbox.persistence.PaymentRepository payments;
    @Inject eu.xs2a.sandbox.persistence.ScaLinkRepository links;
    @Inject eu.xs2a.sandbox.persistence.AccountRepository accounts;

    @Transactional
    public Created create(String tppId, String tppName, String scope, String returnUrl) {
        if (tppName == null || tppName.isBlank() || tppName.length() > 255) {
            throw BankException.badRequest("tppName is required, at most 255 characters");
        }
        if (scope == null || scope.isBlank() || scope.length() > 200) {
            throw BankException.badRequest("scope is required, at most 200 characters");
        }
        if (returnUrl == null || returnUrl.length() > 2500 || !absoluteHttp(returnUrl)) {
            throw BankException.badRequest("returnUrl must be an absolute http(s) URL of at most 2500 characters");
        }
        String token = Secrets.randomToken();
        OAuthLogin login = new OAuthLogin();
        login.id = UUID.randomUUID();
        login.tokenHash = Secrets.sha256(token);
        login.tppId = tppId;
        login.tppName = tppName;
        login.scope = scope;
        login.returnUrl = returnUrl;
        login.status = OAuthLogin.RECEIVED;
        login.expiresAt = clock.instant().plus(config.sca().linkValidity());
        logins.persist(login);
        return new Created(login, token);
    }

    @Transactional
    public OAuthLogin status(String loginId) {
        UUID id;
        try {
            id = UUID.fromString(loginId);
        } catch (IllegalArgumentException e) {
            throw BankException.notFound("LOGIN_UNKNOWN", "no such login");
        }
        return logins.findByIdOptional(id).orElseThrow(() -> BankException.notFound("LOGIN_UNKNOWN",
                "no such login"));
    }

    /** The login a page link opens, while undecided and not expired. */
    @Transactional
    public Optional<OAuthLogin> open(String token) {
        return usable(logins.byToken(Secrets.sha256(token)));
    }

    /** The PSU allows (with a good password) or denies; either ends the login and returns the browser. */
    @Transactional(dontRollbackOn = ScaService.Refused.class)
    public Optional<Decision> decide(String token, boolean allow, String username, String password) {
        Optional<OAuthLogin> found = usable(logins.byTokenForUpdate(Secrets.sha256(token)));
        if (found.isEmpty()) {
            return Optional.empty();
        }
        OAuthLogin login = found.get();
        if (!allow) {
            login.status = OAuthLogin.DENIED;
            return Optional.of(new Decided(login.returnUrl));
        }
        PsuLogin.Result result = psuLogin.check(username, password);
        if (result instanceof PsuLogin.Refused refused) {
            return Optional.of(new Retry(refused.message()));
        }
        String psuId = ((PsuLogin.Accepted) result).psu().id;
        if (namesResource(login) && !resourceFlow(login).map(f -> sca.mayAuthorise(f, psuId)
                && !f.signedAlreadyBy(psuId)).orElse(false)) {
            // the consent or payment is unknown, another TPP's, no longer awaiting SCA, or not this PSU's to approve
            login.status = OAuthLogin.DENIED;
            return Optional.of(new Decided(login.returnUrl));
        }
        login.status = OAuthLogin.APPROVED;
        login.psuId = psuId;
        return Optional.of(new Decided(login.returnUrl));
    }

    /**
     * The gateway exchanged the code of an approved login naming a consent or payment: the PSU's approval recorded
     * at the login becomes the resource's finalised SCA (consent {@code valid}, payment executed), as the SCA pages
     * end it. Repeating it changes nothing; a login not approved, or whose resource no longer awaits SCA → 409.
     */
    @Transactional(dontRollbackOn = ScaService.Refused.class)
    public Redeemed redeem(String loginId) {
        OAuthLogin login = status(loginId);
        logins.getEntityManager().lock(login, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
        if (OAuthLogin.REDEEMED.equals(login.status)) {
            return new Redeemed(login, null);
        }
        if (!OAuthLogin.APPROVED.equals(login.status) || !namesResource(login)) {
            throw BankException.conflict("STATUS_INVALID", "the login is " + login.status
                    + (namesResource(login) ? "" : " and names no consent or payment"));
        }
        ScaFlow flow = resourceFlow(login).filter(f -> sca.mayAuthorise(f, login.psuId))
                .orElseThrow(() -> BankException.conflict("STATUS_INVALID", "the consent or payment of this login "
                        + "no longer awaits the PSU's approval"));
        flow.link().loggedIn(login.psuId, Secrets.randomToken());
        flow.psuIdentified(login.psuId);
        if (flow.link().kind == ScaLink.Kind.PAYMENT && flow.payment().debtorAccountId == null) {
            // no page to pick the account on: the PSU pays from its first account (BANK-API.md)
            Account first = accounts.ofPsu(login.psuId).get(0);
            flow.payment().debtorAccountId = first.id;
            flow.payment().debtorIban = first.iban;
        }
        sca.finish(flow, true, null);
        login.status = OAuthLogin.REDEEMED;
        return new Redeemed(login, flow.link().resourceId);
    }

    private static boolean namesResource(OAuthLogin login) {
        return java.util.Arrays.stream(login.scope.split(" ")).anyMatch(v -> RESOURCE.matcher(v).matches());
    }

    /** The open SCA of the consent or payment the login's scope names, of the login's TPP; empty otherwise. */
    private Optional<ScaFlow> resourceFlow(OAuthLogin login) {
        for (String value : login.scope.split(" ")) {
            java.util.regex.Matcher m = RESOURCE.matcher(value);
            if (!m.matches()) {
                continue;
            }
            Optional<? extends ScaResource> resource = m.group(1).equals("AIS")
                    ? consents.byIdempotencyKey(m.group(2)) : payments.byIdempotencyKey(m.group(2));
            ScaLink.Kind kind = m.group(1).equals("AIS") ? ScaLink.Kind.CONSENT : ScaLink.Kind.PAYMENT;
            Optional<ScaLink> link = resource.filter(r -> r.tppId != null && r.tppId.equals(login.tppId))
                    .flatMap(r -> links.openOf(r.id, kind));
            if (link.isEmpty()) {
                return Optional.empty();
            }
            try {
                return Optional.of(sca.load(link.get().token));
            } catch (ScaService.Refused r) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }


    private Optional<OAuthLogin> usable(Optional<OAuthLogin> login) {
        return login.filter(l -> OAuthLogin.RECEIVED.equals(l.status) && l.expiresAt.isAfter(clock.instant()));
    }

    private static boolean absoluteHttp(String url) {
        try {
            URI uri = URI.create(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
