package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.PsuRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.Set;

/**
 * psu-slow: every bank call touching its resources takes {@code sandbox.slow-delay}, longer than the gateway's
 * read timeout, so the gateway's 503 / fetchingFailed paths can be seen. psu-slow-data: only its account data calls
 * do, so that a consent it approves becomes valid at once and only the reads under it fail.
 */
@ApplicationScoped
public class SlowPsus {

    @Inject PsuRepository psus;
    @Inject AccountRepository accounts;
    @Inject SandboxConfig config;

    /** Any call touching these PSUs' resources: slow for psu-slow. */
    public void delayIfSlow(String... psuIds) {
        delayIfAny(Set.of(Psu.Behaviour.SLOW), psuIds);
    }

    /** An account data call (account list, balances, transactions): slow for psu-slow and psu-slow-data. */
    public void delayAccountData(String... psuIds) {
        delayIfAny(Set.of(Psu.Behaviour.SLOW, Psu.Behaviour.SLOW_DATA), psuIds);
    }

    private void delayIfAny(Set<Psu.Behaviour> slowOnes, String... psuIds) {
        for (String psuId : psuIds) {
            if (psuId != null && psus.findByIdOptional(psuId).map(p -> slowOnes.contains(p.behaviour)).orElse(false)) {
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
