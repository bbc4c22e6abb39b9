package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.PsuRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * psu-slow: every bank call touching its resources takes {@code sandbox.slow-delay}, longer than the gateway's
 * read timeout, so the gateway's 503 / fetchingFailed paths can be seen.
 */
@ApplicationScoped
public class SlowPsus {

    @Inject
    PsuRepository psus;

    @Inject
    AccountRepository accounts;

    @Inject
    SandboxConfig config;

    public void delayIfSlow(String... psuIds) {
        for (String psuId : psuIds) {
            if (psuId != null && psus.findByIdOptional(psuId).map(p -> p.behaviour == Psu.Behaviour.SLOW).orElse(false)) {
                sleep();
                return;
            }
        }
    }

    public void delayIfSlowAccount(Optional<Account> account) {
        account.ifPresent(a -> delayIfSlow(a.psuId));
    }

    private void sleep() {
        try {
            Thread.sleep(config.slowDelay().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
