package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.BankingSessionRepository;
import eu.xs2a.sandbox.persistence.ConsentRepository;
import eu.xs2a.sandbox.persistence.PsuRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/** The PSU's own online banking: log in, see the consents given to TPPs, revoke one. */
@ApplicationScoped
public class OnlineBankingService {

    /** A consent as the PSU sees it. */
    public record GivenConsent(Consent consent, List<Account> accounts) {
    }

    @Inject PsuRepository psus;
    @Inject BankingSessionRepository sessions;
    @Inject ConsentRepository consents;
    @Inject ConsentService consentService;
    @Inject SandboxConfig config;
    @Inject PsuLogin psuLogin;
    @Inject Clock clock;

    /** A login: a new session cookie value, or what the login page tells the PSU. */
    public sealed interface Login permits LoggedIn, NotLoggedIn {
    }

    public record LoggedIn(String cookie) implements Login {
    }

    public record NotLoggedIn(String message) implements Login {
    }

    /** Logs the PSU in ({@link PsuLogin}: wrong passwords count towards a lock). */
    @Transactional
    public Login login(String username, String password) {
        PsuLogin.Result result = psuLogin.check(username, password);
        if (result instanceof PsuLogin.Refused refused) {
            return new NotLoggedIn(refused.message());
        }
        sessions.delete("expiresAt < ?1", clock.instant());
        String cookie = Secrets.randomToken();
        BankingSession session = new BankingSession();
        session.sessionHash = Secrets.sha256(cookie);
        session.psuId = ((PsuLogin.Accepted) result).psu().id;
        session.expiresAt = clock.instant().plus(config.onlineBanking().sessionValidity());
        sessions.persist(session);
        return new LoggedIn(cookie);
    }

    @Transactional
    public Optional<Psu> psuOf(String cookie) {
        if (cookie == null || cookie.isBlank()) {
            return Optional.empty();
        }
        return sessions.findByIdOptional(Secrets.sha256(cookie))
                .filter(s -> s.expiresAt.isAfter(clock.instant()))
                .flatMap(s -> psus.findByIdOptional(s.psuId));
    }

    @Inject eu.xs2a.sandbox.persistence.AccountRepository accountRepository;
    @Inject eu.xs2a.sandbox.persistence.PaymentRepository paymentRepository;

    @Transactional
    public List<GivenConsent> consentsOf(Psu psu) {
        LocalDate today = LocalDate.now(clock);
        Instant now = clock.instant();
        return consents.givenBy(psu.id).stream()
                .peek(c -> c.usableOn(today, now))
                .map(c -> new GivenConsent(c, consentService.view(c).covered().stream().map(ConsentService.Covered::account).toList()))
                .toList();
    }

    /** The standing orders authorised from the PSU's accounts, newest first: running (ACSP), ended or cancelled. */
    @Transactional
    public List<Payment> standingOrdersOf(Psu psu) {
        List<String> accountIds = accountRepository.ofPsu(psu.id).stream().map(a -> a.id).toList();
        return accountIds.isEmpty() ? List.of() : paymentRepository.standingOrdersFrom(accountIds);
    }

    /** Revokes one of the PSU's own valid consents; another PSU's consent is treated as unknown. */
    @Transactional
    public void revoke(Psu psu, String bankConsentId) {
        Consent consent = consents.findByIdOptional(bankConsentId)
                .filter(c -> psu.id.equals(c.psuId))
                .orElseThrow(() -> BankException.notFound("CONSENT_UNKNOWN", "no consent " + bankConsentId));
        consent.revokeByPsu(clock.instant());
    }

    /**
     * psu-revoked-later: the bank revokes its consents {@code sandbox.revoked-later-delay} after their approval, as
     * if the PSU had pressed Revoke ({@link Consent#revokeByPsu}, so the same status event follows). Answers the
     * revoked consents' ids.
     */
    @Transactional
    public List<String> revokeDueLater(int limit) {
        Instant now = clock.instant();
        List<Consent> due = consents.lockValidOfBehaviourSince(Psu.Behaviour.REVOKED_LATER,
                now.minus(config.revokedLaterDelay()), limit);
        due.forEach(c -> c.revokeByPsu(now));
        return due.stream().map(c -> c.id).toList();
    }

    @Transactional
    public void logout(String cookie) {
        if (cookie != null) {
            sessions.deleteById(Secrets.sha256(cookie));
        }
    }
}
