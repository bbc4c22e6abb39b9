package eu.xs2a.account.consent;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/**
 * The body of consent-service's {@code POST /internal/v1/consent-checks} (docs/ARCHITECTURE.md "Consent lookup").
 *
 * @param purpose    AIS or PIIS
 * @param resource   accounts | account | balances | transactions | funds
 * @param account    the account reference the call is about; absent for the accounts list
 * @param psuPresent true when the TPP forwarded PSU-IP-Address: the access is then not counted
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record ConsentCheckRequest(String providerCode, String tppId, String consentId, String purpose,
                                  String resource, Map<String, String> account, boolean psuPresent) {
}
