package eu.xs2a.platform.provider;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.logging.Logger;

/** Looks up providers by the {@code {provider_code}} path segment; an unknown code is ResourceUnknown (404). */
@ApplicationScoped
public class ProviderRegistry {

    private static final Logger LOG = Logger.getLogger(ProviderRegistry.class);

    @Inject ProvidersConfig config;

    /**
     * One line per provider at start, so that an operator sees which registry the service read (the ConfigMap's, a
     * local file's): never the bank credential, nor a password in the bank's URL.
     */
    void describe(@Observes StartupEvent start) {
        config.all().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> {
            ProvidersConfig.Provider p = entry.getValue();
            LOG.infof("Provider %s (%s): bank %s%s, timeouts %s/%s, time zone %s, products %s, SCA approaches %s%s%s",
                    entry.getKey(), p.name(), p.bankUrl().replaceFirst("//[^/@]*@", "//***@"),
                    p.tlsConfigurationName().map(tls -> " (TLS " + tls + ")").orElse(""), p.connectTimeout(),
                    p.readTimeout(), p.timeZone(), p.paymentProducts(), p.scaApproaches(),
                    p.oauthSca() ? ", OAuth SCA" : "", p.oauthPreStep() ? ", OAuth pre-step" : "");
        });
    }

    public ProvidersConfig.Provider require(String providerCode) {
        ProvidersConfig.Provider provider = providerCode == null ? null : config.all().get(providerCode);
        if (provider == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Unknown provider code '" + providerCode + "'");
        }
        return provider;
    }

    /**
     * The providers whose bank presents this credential ({@code bank-credential}) when it calls the gateway (a bank's
     * status events): empty for an unknown one or none. Every provider's is compared, in constant time over SHA-256
     * digests, so that neither the time taken nor an early exit tells how much of a credential was right.
     */
    public Set<String> codesWithBankCredential(String credential) {
        Set<String> codes = new TreeSet<>();
        if (credential == null || credential.isEmpty()) {
            return codes;
        }
        byte[] presented = sha256(credential);
        config.all().forEach((code, provider) -> {
            if (MessageDigest.isEqual(presented, sha256(provider.bankCredential()))) {
                codes.add(code);
            }
        });
        return codes;
    }

    /**
     * The providers whose bank sent this {@code Authorization} header, {@code Bearer <its bank-credential>} (the
     * scheme in any case); never empty: no such provider → AccessDenied 401 {@code TOKEN_INVALID}, the answer of
     * /internal to a caller it does not know.
     */
    public Set<String> banksAuthorizedBy(String authorization) {
        String bearer = "Bearer ";
        String presented = authorization != null && authorization.regionMatches(true, 0, bearer, 0, bearer.length())
                ? authorization.substring(bearer.length()).strip() : null;
        Set<String> codes = codesWithBankCredential(presented);
        if (codes.isEmpty()) {
            throw new Psd2Exception(ErrorClass.CREDENTIALS_INVALID,
                    "A provider's bank credential is required as the Bearer token");
        }
        return codes;
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    public Set<String> codes() {
        return new TreeSet<>(config.all().keySet());
    }

    /** Every payment product that at least one provider offers (a product outside this set is ProductUnknown). */
    public Set<String> allPaymentProducts() {
        Set<String> products = new TreeSet<>();
        config.all().values().forEach(p -> products.addAll(p.paymentProducts()));
        return products;
    }
}
