package eu.xs2a.platform.error;

import org.jboss.logging.Logger;

/**
 * What a bank's HTTP error status says about the request, the same for every service's bank port (docs/ARCHITECTURE.md
 * "Bank port", aspsp-sandbox/BANK-API.md). Only 400, 409 and 422 are the bank's judgement of the request itself
 * (bad input, wrong state, business refusal): those become ServiceInvalid, and a create they answer is refused for
 * good. Any other 4xx (the gateway's credential refused, a path the bank does not serve, a timeout, a rate limit)
 * says nothing about the request: like a 5xx it is ServiceUnavailable, and what was asked may be asked again later.
 */
public final class BankStatuses {

    private BankStatuses() {
    }

    /** True when the bank judged the request itself: ServiceInvalid, never to be retried as it is. */
    public static boolean isRefusal(int status) {
        return status == 400 || status == 409 || status == 422;
    }

    /**
     * A 401 or 403 means the gateway is misconfigured, not that the TPP erred: logged as an ERROR naming the setting
     * to check, once per answer, so that the platform team sees it beside the 503s it causes.
     */
    public static void logIfCredentialRefused(Logger log, String providerCode, int status) {
        if (status == 401 || status == 403) {
            log.errorf("Bank of %s refuses the gateway's bank credential (%d): check psd2.providers.%s"
                    + ".bank-credential", providerCode, status, providerCode);
        }
    }
}
