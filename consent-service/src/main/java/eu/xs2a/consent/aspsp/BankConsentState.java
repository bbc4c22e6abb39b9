package eu.xs2a.consent.aspsp;

import eu.xs2a.consent.domain.AccountAccess;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code GET /bank/v1/consents/{id}}, the fields consent-service uses.
 *
 * @param status    received | valid | rejected | revokedByPsu | terminatedByTpp | expired
 * @param scaStatus received | psuIdentified | psuAuthenticated | started | finalised | failed
 * @param access    AIS: as requested, after approval the accounts covered (of a bank-offered consent: what the PSU
 *                  granted); null where not known (a status event)
 */
@RegisterForReflection
public record BankConsentState(String bankConsentId, String type, String status, String scaStatus, String psuId,
                               AccountAccess access) {

    public BankConsentState(String bankConsentId, String type, String status, String scaStatus, String psuId) {
        this(bankConsentId, type, status, scaStatus, psuId, null);
    }
}
