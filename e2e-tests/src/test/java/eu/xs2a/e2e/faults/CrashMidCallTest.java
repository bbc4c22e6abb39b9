package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.browser;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.faults.Gateway.assertStatus;
import static eu.xs2a.e2e.faults.Gateway.consent;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.faults.BankProxy.Call;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * kill -9 in the middle of a call to the bank, then a restart: the work is finished, and exactly once at the bank.
 * (A refresh killed mid-call is KilledServiceTest's, with the account reads killed beside it.)
 * Each test drives a TPP's flow until the service's call is held at its {@link BankProxy} (so it is in flight),
 * kills the service with SIGKILL, lets the held call reach the bank (the bank received it; only the caller died),
 * starts the service again and waits for the outcome a TPP and the bank can see. Nothing here names the gateway's
 * tables or jobs: how a service finishes interrupted work is its own affair.
 */
@ResourceLock(Lanes.OWN_STACKS)
@Tag("faults")
class CrashMidCallTest {

    /** How long a service may take to take up interrupted work after its restart; not what is measured. */
    private static final Duration CATCH_UP = Duration.ofMinutes(2);
    private static final List<String> FINAL_PAYMENT_STATUSES = List.of("ACSC", "ACCC", "RJCT", "CANC");

    private static FaultStack faults;

    @BeforeAll
    static void startTheStack() {
        faults = FaultStack.get();
    }

    @AfterEach
    void healTheBank() {
        faults.healBanks();
    }

    /**
     * A payment whose submission failed at initiation (the bank was down) is submitted when the PSU follows the link;
     * payment-service dies while the bank has the submission. After the restart the PSU follows the link again: one
     * payment at the bank under the gateway's id, executed and booked once, and ACSC for the TPP.
     */
    @Test
    void aPaymentSubmissionKilledMidCallReachesTheBankOnce() throws Exception {
        Tpp tpp = faults.newTpp("Crash Pay", "PSP_PI");
        BankProxy bank = faults.bankOf(PAYMENT_SERVICE);
        Predicate<Call> submissions = Call.is("POST", "/bank/v1/payments");
        String endToEndId = "CRASH-PAY-" + UUID.randomUUID().toString().substring(0, 8);
        String ok = redirectUri("paid");

        bank.fail(submissions);
        Response created = tpp.post(PAYMENTS, Gateway.redirect(ok, redirectUri("nok")),
                Gateway.paymentBody(PSU1_MAIN, "4.56", endToEndId));
        assertStatus(201, created);
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        String paymentId = created.jsonPath().getString("paymentId");
        String payment = PAYMENTS + "/" + paymentId;
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        assertNotNull(scaRedirect, created.asString());
        assertEquals(List.of(), faults.bankRecords().paymentKeysWithEndToEndId(endToEndId), "the bank was down");

        bank.fail(Call.nothing());
        bank.hold(submissions);
        var click = Gateway.click(scaRedirect);
        assertTrue(bank.awaitHeld(1, CATCH_UP), "payment-service never submitted the payment to the bank");
        faults.crash(PAYMENT_SERVICE);
        bank.release();
        click.handle((answer, failure) -> null).join(); // the PSU saw an error page, whichever
        faults.restart(PAYMENT_SERVICE);

        // the PSU tries the link again, as the error page asks, until the restarted service has taken the submission up
        // again (after the killed run's lease); then authorises at the bank and lands back at the TPP
        Eventually.within(CATCH_UP, "the link leading to the bank again", () -> browser().reachesTheBank(scaRedirect),
                reached -> reached);
        assertEquals(ok, browser().approveAllFromLogin("psu1"));
        String status = Eventually.within(CATCH_UP, "the payment reaching a final status",
                () -> tpp.get(payment + "/status").jsonPath().getString("transactionStatus"),
                FINAL_PAYMENT_STATUSES::contains);
        assertEquals("ACSC", status);

        BankRecords atTheBank = faults.bankRecords();
        assertEquals(List.of(paymentId), atTheBank.paymentKeysWithEndToEndId(endToEndId),
                "one payment at the bank, under the gateway's payment id");
        List<Map<String, Object>> underKey = atTheBank.paymentsUnderKey(paymentId);
        assertEquals(1, underKey.size(), underKey.toString());
        assertEquals("ACSC", underKey.get(0).get("transactionStatus"), underKey.toString());
        assertEquals(1, atTheBank.debitsWithEndToEndId(endToEndId).size(), "the debtor's account debited once");
    }

    /**
     * A consent the bank could not register at creation (it was down) is registered when the PSU follows the link;
     * consent-service dies while the bank has the registration. After the restart the service registers it by itself
     * (the TPP sees it leave {@code accepted}); the PSU approves it: one consent at the bank, valid, and valid for
     * the TPP.
     */
    @Test
    void aConsentForwardingKilledMidCallRegistersOneConsentAtTheBank() throws Exception {
        Tpp tpp = faults.newTpp("Crash Budget", "PSP_AI");
        BankProxy bank = faults.bankOf(CONSENT_SERVICE);
        Predicate<Call> registrations = Call.is("POST", "/bank/v1/consents");
        String ok = redirectUri("ok");

        bank.fail(registrations);
        Response created = tpp.post(CONSENTS, Gateway.redirect(ok, redirectUri("nok")), Gateway.aisBody(PSU1_MAIN));
        assertStatus(201, created);
        String consentId = created.jsonPath().getString("consentId");
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        assertNotNull(scaRedirect, created.asString());
        assertEquals("accepted", consentStatus(tpp, consentId), "the bank was down: not registered yet");

        bank.fail(Call.nothing());
        bank.hold(registrations);
        var click = Gateway.click(scaRedirect);
        assertTrue(bank.awaitHeld(1, CATCH_UP), "consent-service never sent the consent to the bank");
        faults.crash(CONSENT_SERVICE);
        bank.release();
        click.handle((answer, failure) -> null).join();
        faults.restart(CONSENT_SERVICE);

        String registered = Eventually.within(CATCH_UP, "consent-service registering the consent after its restart",
                () -> consentStatus(tpp, consentId), status -> !"accepted".equals(status));
        assertEquals("received", registered);
        assertEquals(ok, browser().approveAll(scaRedirect, "psu1"));
        assertEquals("valid", consentStatus(tpp, consentId));
        assertStatus(200, tpp.get(ACCOUNTS, consent(consentId)));

        assertEquals(List.of("valid"), faults.bankRecords().consentStatusesOfTpp(tpp.organizationIdentifier()),
                "one consent at the bank for the TPP's one consent (each entry: a consent the bank holds)");
    }

    private static String consentStatus(Tpp tpp, String consentId) {
        return tpp.get(CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus");
    }
}
