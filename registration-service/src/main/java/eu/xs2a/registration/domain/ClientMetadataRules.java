package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.tpp.Role;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The allowed values and defaults of the interface's "Client registration request" table, and the scopes a
 * certificate's roles allow. A value outside its set is Invalid (406), naming the claim and the value.
 */
public final class ClientMetadataRules {

    public static final String CLIENT_SECRET_BASIC = "client_secret_basic";
    public static final String PRIVATE_KEY_JWT = "private_key_jwt";

    public static final Set<String> AUTH_METHODS = Set.of(CLIENT_SECRET_BASIC, PRIVATE_KEY_JWT);
    public static final Set<String> SIGNING_ALGS = Set.of("RS256", "PS256");
    public static final Set<String> GRANT_TYPES = Set.of("client_credentials", "authorization_code", "refresh_token");
    static final Set<String> RESPONSE_TYPES = Set.of("code");
    public static final Set<String> SCOPES = Set.of("openid", "accounts", "payments", "fundsconfirmations");
    static final Set<String> APPLICATION_TYPES = Set.of("web", "mobile");

    static final String DEFAULT_AUTH_METHOD = CLIENT_SECRET_BASIC;
    static final String DEFAULT_SIGNING_ALG = "PS256";
    static final List<String> DEFAULT_RESPONSE_TYPES = List.of("code");

    private ClientMetadataRules() {
    }

    static String oneOf(String claim, String value, Set<String> allowed) {
        if (!allowed.contains(value)) {
            throw invalid(claim, value, allowed);
        }
        return value;
    }

    static List<String> allOf(String claim, Collection<String> values, Set<String> allowed) {
        for (String value : values) {
            if (!allowed.contains(value)) {
                throw invalid(claim, value, allowed);
            }
        }
        return List.copyOf(new LinkedHashSet<>(values));
    }

    /**
     * The scopes granted: the requested ones (all of {@link #SCOPES} when none are requested) that the roles allow.
     * openid needs no role; accounts needs PSP_AI; payments PSP_PI; fundsconfirmations PSP_PI or PSP_IC.
     */
    static List<String> grantedScopes(List<String> requested, Set<Role> roles) {
        List<String> wanted = requested.isEmpty() ? List.of("openid", "accounts", "payments", "fundsconfirmations")
                : requested;
        List<String> granted = new ArrayList<>();
        for (String scope : wanted) {
            boolean allowed = switch (scope) {
                case "openid" -> true;
                case "accounts" -> roles.contains(Role.PSP_AI);
                case "payments" -> roles.contains(Role.PSP_PI);
                case "fundsconfirmations" -> roles.contains(Role.PSP_PI) || roles.contains(Role.PSP_IC);
                default -> false;
            };
            if (allowed && !granted.contains(scope)) {
                granted.add(scope);
            }
        }
        return granted;
    }

    private static Psd2Exception invalid(String claim, String value, Set<String> allowed) {
        return new Psd2Exception(ErrorClass.INVALID, "claim '" + claim + "' has the value '" + value
                + "', which is not allowed; allowed: " + String.join(", ", allowed.stream().sorted().toList()));
    }
}
