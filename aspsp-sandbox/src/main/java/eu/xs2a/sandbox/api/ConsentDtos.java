package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.ConsentAccess.AdditionalInformation;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** Bodies of {@code /bank/v1/consents}. */
@RegisterForReflection
public final class ConsentDtos {

    private ConsentDtos() {
    }

    /**
     * The Berlin Group's accountAccess. {@code additionalInformation.ownerName}: in a registration the accounts whose
     * owner name the TPP asks for (empty: every account the consent covers; each must also be in accounts, balances
     * or transactions); in the state after approval the accounts on which the owner name is delivered.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Access(List<AccountRef> accounts, List<AccountRef> balances, List<AccountRef> transactions,
                         AdditionalInformation additionalInformation, String availableAccounts,
                         String availableAccountsWithBalance, String allPsd2) {

        static Access none() {
            return new Access(null, null, null, null, null, null, null);
        }
    }

    public record RegisterConsent(String idempotencyKey, String type, String tppId, String tppName, Access access,
                                  AccountRef account,
                                  String cardNumber, LocalDate validUntil, Boolean recurringIndicator,
                                  Integer frequencyPerDay, String psuId, String returnUrl, String scaApproach,
                                  Map<String, String> psuContext, String tppBrand) {
    }

    /** scaStatus and psuMessage tell of a decoupled SCA started at registration. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ConsentCreated(String bankConsentId, String status, String scaUrl, String scaStatus,
                                 String psuMessage) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ConsentState(String bankConsentId, String type, String status, String scaStatus, String psuId,
                               String tppId, String tppName, LocalDate validUntil, Boolean recurringIndicator,
                               Integer frequencyPerDay, Access access, AccountRef account,
                               Map<String, String> psuContext, String tppBrand, Map<String, String> scaPsuContext) {
    }
}
