package eu.xs2a.consent.domain;

/**
 * A question of account-service: may this TPP, under this provider, use this consent for this resource?
 *
 * @param purpose    AIS | PIIS
 * @param resource   accounts | card-accounts | account | balances | transactions | funds
 * @param account    the account addressed (absent for the accounts list)
 * @param psuPresent true when the PSU is present (PSU-IP-Address sent): not counted
 */
public record ConsentCheck(String providerCode, String tppId, String consentId, String purpose, String resource,
                           AccountReference account, Boolean psuPresent) {
}
