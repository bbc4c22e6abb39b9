package eu.xs2a.consent.aspsp;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.consent.domain.AccountReference;
import eu.xs2a.platform.bank.PsuContext;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Body of {@code POST /bank/v1/consents}: {@code type} AIS carries access, PIIS carries account. The idempotency key is
 * the gateway's consent id: registering it again (the first answer lost) gives back the consent the bank holds;
 * {@code psuContext} is what the TPP forwarded of the PSU's request, for the bank's fraud monitoring; {@code tppBrand}
 * the brand the PSU knows the TPP by (AIS only: the confirmation-of-funds file has no such header).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record BankConsentRequest(String idempotencyKey, String type, String tppId, String tppName, AccountAccess access,
                                 AccountReference account, String cardNumber, String validUntil,
                                 Boolean recurringIndicator, Integer frequencyPerDay, String psuId,
                                 String returnUrl, String scaApproach, PsuContext psuContext, String tppBrand) {
}
