package eu.xs2a.account.domain;

/**
 * Who asks, under which consent, for which provider.
 *
 * @param psuPresent     the TPP forwarded PSU-IP-Address: the PSU is present and the access is not counted
 * @param psuCorporateId the Psu-Corporate-ID header, or null: limits the account list to that corporate's accounts
 */
public record CallContext(String providerCode, String tppId, String consentId,
                          boolean psuPresent, String psuCorporateId) {
}
