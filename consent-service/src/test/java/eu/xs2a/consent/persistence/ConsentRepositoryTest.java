package eu.xs2a.consent.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.consent.domain.AccountReference;
import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.domain.ConsentForLookup;
import eu.xs2a.consent.domain.ConsentStatus;
import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.consent.domain.ScaRedirect;
import eu.xs2a.consent.support.ConsentTestBase;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ConsentRepository#findForLookup} maps its 11 columns by position and filters on the owner in SQL: every
 * field read back must be the one stored, each with a value of its own so that two swapped columns cannot pass, and
 * another TPP's consent must read as no consent at all.
 */
@QuarkusTest
class ConsentRepositoryTest extends ConsentTestBase {

    private static final String PROVIDER = "sandbox";
    private static final LocalDate TODAY = LocalDate.of(2026, 3, 4);
    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");
    private static final String BALANCES = "balances:iban:DE02100100109307118603";
    private static final AccountReference MAIN = new AccountReference("DE02100100109307118603", null, null, null, null, "EUR");
    private static final AccountReference SECOND = new AccountReference(null, "370400440532013000", null, null, null, null);

    @Inject ConsentRepository consents;
    @Inject AccessCountRepository accessCounts;

    private String tppId;
    private String aisId;
    private String piisId;

    @BeforeEach
    void store() {
        tppId = "PSDXX-REPO-" + UUID.randomUUID();
        aisId = "ais-" + UUID.randomUUID();
        piisId = "piis-" + UUID.randomUUID();
        ScaRedirect redirect = new ScaRedirect("https://tpp.example/ok", "https://tpp.example/nok", "psu-repo");
        QuarkusTransaction.requiringNew().run(() -> {
            Consent ais = Consent.newAis(aisId, PROVIDER, tppId, "Repository TPP",
                    new AccountAccess(List.of(MAIN, SECOND), List.of(MAIN), List.of(SECOND), null, null, null, null),
                    true, LocalDate.of(2026, 6, 1), 4, false, redirect, NOW);
            ais.registeredAtBank("bank-consent-7", "https://bank.example/sca", NOW);
            ais.scaFinalised(NOW, TODAY);
            consents.persist(ais);
            consents.persist(Consent.newPiis(piisId, PROVIDER, tppId, "Repository TPP", SECOND, "4111-card",
                    LocalDate.of(2027, 1, 31), "card information", "registration information", redirect, NOW));
            consents.flush();
            count(aisId, TODAY, BALANCES, 3);
            count(aisId, TODAY, "accounts", 2);
            count(aisId, TODAY.minusDays(1), BALANCES, 1);
        });
    }

    private void count(String consentId, LocalDate day, String resourceKey, int times) {
        for (int i = 0; i < times; i++) {
            accessCounts.countOne(consentId, day, resourceKey, 10);
        }
    }

    @Test
    void anAisConsentIsReadWithEveryFieldAndTodaysCountOfTheResourceAskedAbout() {
        ConsentForLookup read = consents.findForLookup(aisId, PROVIDER, tppId, TODAY, BALANCES).orElseThrow();

        assertEquals(new ConsentForLookup(aisId, ConsentType.AIS, ConsentStatus.valid,
                new AccountAccess(List.of(MAIN, SECOND), List.of(MAIN), List.of(SECOND), null, null, null, null),
                null, null, true, LocalDate.of(2026, 6, 1), 4, "bank-consent-7", 3), read);
        assertEquals(2, consents.findForLookup(aisId, PROVIDER, tppId, TODAY, "accounts").orElseThrow().accessedToday());
        assertEquals(0, consents.findForLookup(aisId, PROVIDER, tppId, TODAY, "transactions:bban:370400440532013000")
                .orElseThrow().accessedToday(), "no count yet for this resource");
        assertEquals(0, consents.findForLookup(aisId, PROVIDER, tppId, TODAY.plusDays(1), BALANCES)
                .orElseThrow().accessedToday(), "counting starts again every UTC day");
    }

    @Test
    void aFundsConsentIsReadWithItsAccountAndCardAndNoFrequency() {
        ConsentForLookup read = consents.findForLookup(piisId, PROVIDER, tppId, TODAY, "funds").orElseThrow();

        assertEquals(new ConsentForLookup(piisId, ConsentType.PIIS, ConsentStatus.accepted, null, SECOND, "4111-card",
                true, null, null, null, 0), read);
    }

    @Test
    void anotherOwnerOrAnUnknownIdReadsAsNoConsent() {
        assertTrue(consents.findForLookup(aisId, PROVIDER, "PSDXX-SOMEONE-ELSE", TODAY, BALANCES).isEmpty());
        assertTrue(consents.findForLookup(aisId, "sandbox2", tppId, TODAY, BALANCES).isEmpty());
        assertTrue(consents.findForLookup("no-such-consent", PROVIDER, tppId, TODAY, BALANCES).isEmpty());
    }
}
