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

    @Inject
    OAuthLoginRepository logins;

    @Inject
    PsuLogin psuLogin;

    @Inject
    SandboxConfig config;

    @Inject
    Clock clock;

    @Transactional
    public Created create(String tppName, String scope, String returnUrl) {
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
    @Transactional
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
        login.status = OAuthLogin.APPROVED;
        login.psuId = ((PsuLogin.Accepted) result).psu().id;
        return Optional.of(new Decided(login.returnUrl));
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
