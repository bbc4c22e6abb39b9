package eu.xs2a.platform.kpi;

/**
 * The service classes the dedicated interface's figures are published for (docs/ARCHITECTURE.md "Dedicated-interface
 * KPIs"), read from a request's path by the route table's prefixes (k8s/routes.tsv; every route has a class,
 * e2e-tests {@code RouteTableTest}). Paths outside the interface ({@code /q/…}, {@code /internal/…}, anything else)
 * have none and are not counted.
 */
public enum ServiceClass {
    /** Account information: AIS consents, accounts and card accounts, balances, transactions, product templates. */
    AIS,
    /** Confirmation of funds: its consents and the funds confirmations. */
    PIIS,
    /**
     * Payment initiation (single, bulk and periodic), its authorisations and cancellations, and signing baskets,
     * which exist to authorise several transactions with one SCA.
     */
    PIS,
    /** TPP registration (Berlin Group, open-banking DCR, the sandbox self-service) and its clients' OAuth2 server. */
    REGISTRATION;

    private static final String BERLIN_GROUP = "/api/berlingroup/";

    /** The class of a request path, or null when the path is not part of the dedicated interface. */
    public static ServiceClass of(String path) {
        if (path == null || path.length() < 2 || path.charAt(0) != '/') {
            return null;
        }
        if (path.startsWith("/api/")) {
            return under(path, 0, "/api/open-banking") || under(path, 0, "/api/berlingroup/v1/tpp")
                    || under(path, 0, "/api/sandbox") ? REGISTRATION : null;
        }
        int provider = path.indexOf('/', 1); // after /{provider_code}
        if (provider < 0) {
            return null;
        }
        if (under(path, provider, "/oauth")) {
            return REGISTRATION;
        }
        if (!path.startsWith(BERLIN_GROUP, provider)) {
            return null;
        }
        if (under(path, provider, "/api/berlingroup/v2/consents/confirmation-of-funds")
                || under(path, provider, "/api/berlingroup/v1/funds-confirmations")) {
            return PIIS;
        }
        if (under(path, provider, "/api/berlingroup/v1/consents") || under(path, provider, "/api/berlingroup/v1/accounts")
                || under(path, provider, "/api/berlingroup/v1/card-accounts")
                || under(path, provider, "/api/berlingroup/v1/aspsps")) {
            return AIS;
        }
        if (under(path, provider, "/api/berlingroup/v1/payments")
                || under(path, provider, "/api/berlingroup/v1/bulk-payments")
                || under(path, provider, "/api/berlingroup/v1/periodic-payments")
                || under(path, provider, "/api/berlingroup/v1/signing-baskets")) {
            return PIS;
        }
        return null;
    }

    /** Whether {@code path} from {@code offset} is {@code prefix} or below it (the route table's match rule). */
    private static boolean under(String path, int offset, String prefix) {
        if (!path.startsWith(prefix, offset)) {
            return false;
        }
        int end = offset + prefix.length();
        return path.length() == end || path.charAt(end) == '/';
    }
}
