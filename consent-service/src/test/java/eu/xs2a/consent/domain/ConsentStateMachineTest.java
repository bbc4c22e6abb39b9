package eu.xs2a.consent.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.sca.ScaStatus;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The consent and authorisation state machines, without Quarkus. */
class ConsentStateMachineTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final LocalDate TODAY = LocalDate.of(2026, 3, 1);
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static Consent newConsent() {
        AccountAccess access = new AccountAccess(List.of(new AccountReference("DE49100200300100000011", null, null, null,
                null, "EUR")), null, null, null, null, null, null);
        return Consent.newAis("c1", "sandbox", "PSDDE-BAFIN-1", "TPP", access, true, LocalDate.of(2026, 5, 1), 4, false,
                new ScaRedirect("https://tpp/ok", null, null), NOW);
    }

    /** A new consent the bank has registered (received), awaiting the PSU's SCA. */
    private static Consent registeredConsent() {
        Consent consent = newConsent();
        consent.registeredAtBank("b1", "u", NOW);
        return consent;
    }

    @Test
    void theHappyPath() {
        Consent consent = newConsent();
        assertEquals(ConsentStatus.accepted, consent.getStatus());
        consent.registeredAtBank("b1", "http://bank/sca/x", NOW);
        assertEquals(ConsentStatus.received, consent.getStatus());
        consent.scaFinalised(NOW, TODAY);
        assertEquals(ConsentStatus.valid, consent.getStatus());
        consent.expire(NOW);
        assertEquals(ConsentStatus.expired, consent.getStatus());
    }

    @Test
    void theScaDeadlineRejectsAndHasTheBankCloseItsSide() {
        Consent registered = registeredConsent();
        registered.scaOverdue(NOW);
        assertEquals(ConsentStatus.rejected, registered.getStatus());
        assertTrue(registered.isBankDeletePending(), "the bank still holds it open");
        Consent neverRegistered = newConsent();
        neverRegistered.scaOverdue(NOW);
        assertFalse(neverRegistered.isBankDeletePending(), "the bank never heard of it");
    }

    @Test
    void scaFinishedAfterValidUntilExpiresTheConsent() {
        Consent consent = registeredConsent();
        // validUntil 2026-05-01; 22:30 UTC that day is already 00:30 on 2 May in Berlin (summer time)
        Instant berlinNextDay = Instant.parse("2026-05-01T22:30:00Z");
        consent.scaFinalised(berlinNextDay, berlinDateOf(berlinNextDay));
        assertEquals(ConsentStatus.expired, consent.getStatus());
    }

    @Test
    void scaFinishedOnTheLastValidDayInBerlinMakesItValid() {
        Consent consent = registeredConsent();
        Instant lastBerlinHour = Instant.parse("2026-05-01T21:30:00Z"); // 23:30 in Berlin, validUntil 2026-05-01
        consent.scaFinalised(lastBerlinHour, berlinDateOf(lastBerlinHour));
        assertEquals(ConsentStatus.valid, consent.getStatus());
    }

    private static LocalDate berlinDateOf(Instant instant) {
        return new ProviderCalendar(Clock.fixed(instant, ZoneOffset.UTC), Map.of("sandbox", BERLIN)).today("sandbox");
    }

    @Test
    void everyStatusChangeIsKeptForTheLogInOrderAndHandedOverOnce() {
        Consent consent = registeredConsent();
        consent.scaFinalised(NOW, TODAY);
        List<ConsentStatusChange> changes = consent.takeStatusChanges();
        assertEquals(List.of(
                new ConsentStatusChange("c1", "sandbox", "PSDDE-BAFIN-1", ConsentStatus.accepted,
                        ConsentStatus.received, "registered at the bank"),
                new ConsentStatusChange("c1", "sandbox", "PSDDE-BAFIN-1", ConsentStatus.received,
                        ConsentStatus.valid, "SCA finalised")), changes);
        assertEquals(List.of(), consent.takeStatusChanges(), "handed over once");
        assertThrows(ConsentTransitionException.class, () -> consent.scaOverdue(NOW));
        assertEquals(List.of(), consent.takeStatusChanges(), "a transition the machine refused is not a change");
    }

    @Test
    void aBankDeletionStaysDueUntilTheBankIsToldAndIsDueAnewWhenTheConsentEndsAgain() {
        Consent consent = registeredConsent();
        consent.scaOverdue(NOW);
        assertTrue(consent.isBankDeletePending());
        // the TPP's DELETE of the rejected consent: still the one deletion (its task, already pending, stays)
        consent.terminateByTpp(NOW);
        assertTrue(consent.isBankDeletePending());
        consent.bankToldOfDeletion();
        assertFalse(consent.isBankDeletePending());
        consent.terminateByTpp(NOW);
        assertFalse(consent.isBankDeletePending(), "deleted once: nothing more to tell");
    }

    @Test
    void finalStatusesNeverChangeExceptByDelete() {
        Consent consent = registeredConsent();
        consent.scaFailed(NOW);
        assertEquals(ConsentStatus.rejected, consent.getStatus());
        assertThrows(ConsentTransitionException.class, () -> consent.scaFinalised(NOW, TODAY));
        assertThrows(ConsentTransitionException.class, () -> consent.expire(NOW));
        assertThrows(ConsentTransitionException.class, () -> consent.revokedByPsu(NOW));
        assertFalse(consent.applyBankStatus("valid", NOW, TODAY), "the bank's view never revives a final consent");
        consent.terminateByTpp(NOW);
        assertEquals(ConsentStatus.terminatedByTpp, consent.getStatus());
        assertTrue(consent.isBankDeletePending());
        assertThrows(ConsentTransitionException.class, () -> consent.scaFinalised(NOW, TODAY),
                "a consent never goes from terminatedByTpp back to valid");
        assertFalse(consent.applyBankStatus("valid", NOW, TODAY));
    }

    @Test
    void aConsentDeletedBeforeTheBankAnsweredIsDeletedThereToo() {
        Consent consent = newConsent();
        consent.terminateByTpp(NOW);
        assertFalse(consent.isBankDeletePending(), "the bank does not know it yet");
        consent.registeredAtBank("b1", "u", NOW);
        assertEquals(ConsentStatus.terminatedByTpp, consent.getStatus());
        assertTrue(consent.isBankDeletePending());
    }

    @Test
    void theBanksViewMovesOnlyAlongTheMachine() {
        Consent consent = registeredConsent();
        assertFalse(consent.applyBankStatus("received", NOW, TODAY));
        assertTrue(consent.applyBankStatus("valid", NOW, TODAY));
        assertTrue(consent.applyBankStatus("revokedByPsu", NOW, TODAY));
        assertEquals(ConsentStatus.revokedByPsu, consent.getStatus());
        assertFalse(consent.applyBankStatus("valid", NOW, TODAY));
    }

    /** Multilevel SCA: received → partiallyAuthorised (one signatory) → valid (the next), by the bank's view. */
    @Test
    void aConsentOfSeveralSignatoriesIsPartiallyAuthorisedInBetween() {
        Consent consent = registeredConsent();
        assertTrue(consent.applyBankStatus("partiallyAuthorised", NOW, TODAY));
        assertEquals(ConsentStatus.partiallyAuthorised, consent.getStatus());
        assertTrue(consent.getStatus().awaitsSca());
        assertFalse(consent.applyBankStatus("partiallyAuthorised", NOW, TODAY));
        assertFalse(consent.applyBankStatus("received", NOW, TODAY));
        assertThrows(ConsentTransitionException.class, () -> consent.partiallyAuthorised(NOW));
        assertTrue(consent.applyBankStatus("valid", NOW, TODAY));
        assertEquals(ConsentStatus.valid, consent.getStatus());
        assertFalse(consent.applyBankStatus("partiallyAuthorised", NOW, TODAY));
        assertEquals(ConsentStatus.valid, consent.getStatus());

        Consent rejected = registeredConsent();
        rejected.partiallyAuthorised(NOW);
        assertTrue(rejected.applyBankStatus("rejected", NOW, TODAY));
        assertEquals(ConsentStatus.rejected, rejected.getStatus());
    }

    /** The bank's terminatedByBank has no consentStatus in 1.3.6: the consent ends expired, and stays so. */
    @Test
    void aConsentTheBankEndedIsExpired() {
        Consent consent = registeredConsent();
        consent.scaFinalised(NOW, TODAY);
        assertTrue(consent.applyBankStatus("terminatedByBank", NOW, TODAY));
        assertEquals(ConsentStatus.expired, consent.getStatus());
        assertFalse(consent.applyBankStatus("revokedByPsu", NOW, TODAY));
        assertThrows(ConsentTransitionException.class, () -> consent.terminatedByBank(NOW));
        assertFalse(newConsent().applyBankStatus("terminatedByBank", NOW, TODAY), "not before the bank registered it");
    }

    /**
     * A bank-offered consent (empty lists) turns valid only with the access the PSU granted, which replaces the empty
     * lists; a valid without it (a status event) leaves it awaiting SCA, for the bank's view to bring the grant.
     */
    @Test
    void aBankOfferedConsentTurnsValidOnlyWithTheGrantedAccess() {
        AccountAccess offered = new AccountAccess(List.of(), List.of(), List.of(), null, null, null, null)
                .validated(10);
        assertTrue(offered.bankOffered());
        Consent consent = Consent.newAis("c2", "sandbox", "PSDDE-BAFIN-1", "TPP", offered, true,
                LocalDate.of(2026, 5, 1), 4, false, new ScaRedirect("https://tpp/ok", null, null), NOW);
        consent.registeredAtBank("b2", "u", NOW);
        assertTrue(consent.awaitsBankOfferedGrant());
        assertFalse(consent.applyBankStatus("valid", NOW, TODAY), "a status event says nothing of the grant");
        assertFalse(consent.applyBankStatus("valid", offered, NOW, TODAY), "nothing granted");
        assertEquals(ConsentStatus.received, consent.getStatus());

        AccountReference main = new AccountReference("DE49100200300100000011", null, null, null, null, "EUR");
        AccountReference savings = new AccountReference("DE26100200300100000037", null, null, null, null, "EUR");
        AccountAccess granted = new AccountAccess(List.of(main, savings), List.of(main), List.of(), null, null, null,
                null);
        assertTrue(consent.applyBankStatus("valid", granted, NOW, TODAY));
        assertEquals(ConsentStatus.valid, consent.getStatus());
        assertFalse(consent.awaitsBankOfferedGrant());
        assertEquals(List.of(main, savings), consent.getAccess().accounts());
        assertEquals(List.of(main), consent.getAccess().balances());
        assertEquals(null, consent.getAccess().transactions(), "an empty list is left out");
        assertTrue(consent.getAccess().coversBalances(main));
        assertFalse(consent.getAccess().coversBalances(savings));
        assertFalse(consent.getAccess().coversTransactions(main));

        // a consent that named its accounts keeps them, whatever the bank lists
        Consent named = registeredConsent();
        assertTrue(named.applyBankStatus("valid", granted, NOW, TODAY));
        assertEquals(1, named.getAccess().accounts().size());
    }

    /** Events may arrive out of order: one older than the newest applied is stale. */
    @Test
    void aBankEventOlderThanTheNewestAppliedIsStale() {
        Consent consent = registeredConsent();
        assertTrue(consent.takesBankEventOf(NOW));
        assertTrue(consent.takesBankEventOf(NOW), "the same instant again (a replay) is not older");
        assertFalse(consent.takesBankEventOf(NOW.minusMillis(1)));
        assertTrue(consent.takesBankEventOf(NOW.plusSeconds(1)));
        assertFalse(consent.takesBankEventOf(NOW));
    }

    /** The bank was called with no lock held: the deadline may have rejected the consent before it answered. */
    @Test
    void aConsentRejectedBeforeTheBankAnsweredIsDeletedThere() {
        Consent consent = newConsent();
        consent.scaOverdue(NOW);
        assertFalse(consent.isBankDeletePending());
        consent.registeredAtBank("b1", "u", NOW);
        assertEquals(ConsentStatus.rejected, consent.getStatus());
        assertEquals("b1", consent.getBankConsentId());
        assertTrue(consent.isBankDeletePending());
        assertThrows(ConsentTransitionException.class, () -> consent.refusedByBank(NOW));
    }

    @Test
    void validUntilIsTheLastValidDay() {
        Consent consent = newConsent();
        assertFalse(consent.isPastValidUntil(LocalDate.of(2026, 5, 1)));
        assertTrue(consent.isPastValidUntil(LocalDate.of(2026, 5, 2)));
    }

    @Test
    void anAuthorisationOnlyMovesForward() {
        ConsentAuthorisation authorisation = ConsentAuthorisation.start("a1", "c1", "hash", NOW.plusSeconds(600), "s", NOW);
        assertTrue(authorisation.followBank(ScaStatus.started, NOW));
        assertFalse(authorisation.followBank(ScaStatus.psuIdentified, NOW), "never backwards");
        assertEquals(ScaStatus.started, authorisation.scaStatus());
        assertTrue(authorisation.followBank(ScaStatus.finalised, NOW));
        assertFalse(authorisation.followBank(ScaStatus.failed, NOW), "final stays final");
        authorisation.abandon(NOW);
        assertEquals(ScaStatus.finalised, authorisation.scaStatus());
        assertTrue(authorisation.redirectUsable(NOW));
        assertFalse(authorisation.redirectUsable(NOW.plusSeconds(600)));
    }
}
