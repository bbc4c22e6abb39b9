package eu.xs2a.consent.domain;

import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.persistence.SigningBasketRepository;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.sca.BankSca;
import eu.xs2a.platform.sca.BankScaStep;
import eu.xs2a.platform.sca.PsuDataUpdate;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.sca.ScaTarget;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;

/**
 * The TPP's steps of a signing basket's embedded or decoupled authorisation (docs/ARCHITECTURE.md "Signing baskets"),
 * as a consent's ({@link EmbeddedScaService}, {@link AuthorisationStart}) but on the bank's one SCA of the basket
 * ({@link ScaTarget#basket}): the authorisation's machine says whether a step may come now (409 STATUS_INVALID), the
 * bank judges the PSU's input, the authorisation follows its answer; a step that ends the SCA applies the bank's view
 * to the basket and every member at once, as the redirect callback does ({@link SigningBasketService#refresh}). No
 * transaction is open during a bank call; the password and the OTP go to the bank and nowhere else.
 */
@ApplicationScoped
public class BasketScaSteps {

    /** The authorisation after a step, with the bank's answer (methods, challenge, message). */
    public record Step(SigningBasket basket, BasketAuthorisation authorisation, BankScaStep bank) {
    }

    @Inject SigningBasketService service;
    @Inject SigningBasketRepository baskets;
    @Inject BankSca sca;
    @Inject ProviderRegistry providers;
    @Inject ConsentConfig config;
    @Inject Clock clock;

    /** {@code PUT …/authorisations/{id}}: the password, the method or the OTP of an embedded authorisation. */
    public Step update(String providerCode, String tppId, String basketId, String authorisationId,
                       PsuDataUpdate update) {
        providers.require(providerCode);
        SigningBasket basket = service.owned(providerCode, tppId, basketId);
        BasketAuthorisation authorisation = service.findAuthorisation(basket, authorisationId);
        authorisation.requireStep(update.step());
        requireOpen(basket);
        String knownPsu = authorisation.psuId() != null ? authorisation.psuId() : basket.getPsuId();
        BankScaStep answer = sca.take(providerCode, ScaTarget.basket(basket.getBankBasketId()), update, knownPsu);
        ScaStatus reached = ScaStatus.fromBank(answer.scaStatus());
        Step step = QuarkusTransaction.requiringNew().call(() -> {
            SigningBasket locked = baskets.lock(basket.getId());
            BasketAuthorisation current = baskets.lockAuthorisation(authorisation.id()).orElseThrow();
            current.followBank(reached, clock.instant());
            return new Step(locked, current, answer);
        });
        if (reached != null && reached.isFinal()) {
            step = new Step(service.refresh(step.basket()), service.findAuthorisation(basket, authorisationId),
                    answer);
        }
        if (answer.error() != null) {
            throw BankSca.refusal(answer.error(), step.authorisation().scaStatus());
        }
        return step;
    }

    /**
     * {@code POST …/authorisations}: a new authorisation of an embedded or decoupled basket that awaits its SCA. The
     * bank starts its one SCA of the basket again, the open authorisations end failed, and the TPP's notification
     * headers (when sent) replace the basket's wishes. With {@code password} (embedded) the password step runs at
     * once; {@code psuContext} goes to the bank with the new SCA and the password. A redirect basket's authorisation
     * started with it: 409 STATUS_INVALID.
     */
    public Step start(String providerCode, String tppId, String basketId, String psuId, String password,
                      NotificationRequest notification, PsuContext psuContext) {
        providers.require(providerCode);
        SigningBasket basket = service.owned(providerCode, tppId, basketId);
        ScaApproach approach = QuarkusTransaction.requiringNew().call(() -> baskets.authorisationsOf(basket.getId()))
                .stream().findFirst().map(BasketAuthorisation::scaApproach).orElse(ScaApproach.REDIRECT);
        if (approach == ScaApproach.REDIRECT) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "This signing basket is authorised by redirect: its"
                    + " authorisation started with it (scaRedirect)");
        }
        requireOpen(basket);
        String psu = psuId != null ? psuId : basket.getPsuId();
        BankScaStep restarted = sca.start(providerCode, ScaTarget.basket(basket.getBankBasketId()), approach, psu,
                password != null, psuContext);
        Step started = QuarkusTransaction.requiringNew().call(() -> {
            SigningBasket locked = baskets.lock(basket.getId());
            requireOpen(locked);
            Instant now = clock.instant();
            locked.notifyAt(notification);
            baskets.flush(); // the new wishes are the basket's row before any change below is notified
            baskets.authorisationsOf(locked.getId()).forEach(a -> a.abandon(now));
            BasketAuthorisation authorisation = new BasketAuthorisation(SecureTokens.random(SecureTokens.ID_BYTES),
                    locked.getId(), approach, SecureTokens.sha256Hex(SecureTokens.random(SecureTokens.ID_BYTES)),
                    now.plus(config.scaLinkTtl()), SecureTokens.random(SecureTokens.ID_BYTES), now);
            authorisation.startedFor(psuId);
            authorisation.followBank(ScaStatus.fromBank(restarted.scaStatus()), now);
            baskets.persistAuthorisation(authorisation);
            return new Step(locked, authorisation, restarted);
        });
        if (password == null) {
            return started;
        }
        return update(providerCode, tppId, basketId, started.authorisation().id(),
                PsuDataUpdate.authentication(psuId, password, psuContext));
    }

    private static void requireOpen(SigningBasket basket) {
        if (basket.getTransactionStatus() != SigningBasket.Status.RCVD || basket.getBankBasketId() == null) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "The signing basket is "
                    + basket.getTransactionStatus() + ": it awaits no authorisation");
        }
    }
}
