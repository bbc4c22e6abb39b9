package eu.xs2a.consent.api;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who sends a bank status event: the providers whose {@code bank-credential} (the secret the gateway presents to that
 * bank) is the request's Bearer token. Every provider's credential is compared, each in constant time, so the time
 * of a refusal tells nothing of the secrets. No such provider → 401 AccessDenied {@code TOKEN_INVALID}, the answer
 * to a bad service token on /internal ({@link ServiceTokenErrors}).
 */
@ApplicationScoped
public class BankCredentials {

    private static final String BEARER = "Bearer ";

    private final ProviderRegistry providers;

    public BankCredentials(ProviderRegistry providers) {
        this.providers = providers;
    }

    /** The codes of the providers whose bank sent this {@code Authorization} header; never empty. */
    public Set<String> providersOf(String authorization) {
        String presented = authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
                ? authorization.substring(BEARER.length()).trim() : null;
        Set<String> codes = new TreeSet<>();
        for (String code : providers.codes()) {
            String credential = providers.require(code).bankCredential();
            if (presented != null && !presented.isEmpty()
                    && SecureTokens.matches(presented, SecureTokens.sha256Hex(credential))) {
                codes.add(code);
            }
        }
        if (codes.isEmpty()) {
            throw new Psd2Exception(ErrorClass.CREDENTIALS_INVALID,
                    "A provider's bank credential is required as the Bearer token");
        }
        return codes;
    }
}
