package eu.xs2a.e2e.support;

import java.net.URI;

/**
 * The Berlin Group interface of provider {@value #PROVIDER} at the gateway, as the journeys and the fault tests call
 * it: its paths, the sandbox's accounts they use (BANK-API.md "Sandbox PSUs") and the PSU's IP address.
 */
public final class BerlinGroup {

    /** The provider the tests use (all products); sandbox2 has only sepa-credit-transfers. */
    public static final String PROVIDER = "sandbox";
    public static final String P = "/" + PROVIDER + "/api/berlingroup";
    public static final String CONSENTS = P + "/v1/consents";
    public static final String FUNDS_CONSENTS = P + "/v2/consents/confirmation-of-funds";
    public static final String ACCOUNTS = P + "/v1/accounts";
    public static final String CARD_ACCOUNTS = P + "/v1/card-accounts";
    public static final String FUNDS_CONFIRMATIONS = P + "/v1/funds-confirmations";
    public static final String PAYMENTS = P + "/v1/payments/sepa-credit-transfers";

    /** psu1's main account (bank code 10020030, account number of the sandbox's seed). */
    public static final String PSU1_MAIN = "DE49100200300100000011";
    /** psu1's credit card account at the sandbox bank. */
    public static final String PSU1_CARD = "525412******3241";
    /** A creditor at another bank. */
    public static final String CREDITOR = "DE89370400440532013000";
    public static final String PSU_IP = "192.168.8.78";

    private BerlinGroup() {
    }

    /** The gateway's path of an absolute or relative href (scaRedirect is absolute, the others are paths). */
    public static String path(String href) {
        if (!href.startsWith("http")) {
            return href;
        }
        URI uri = URI.create(href);
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }
}
