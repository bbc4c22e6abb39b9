package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.security.tpp.Role;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClientMetadataRulesTest {

    @Test
    void grantedScopesAreTheRequestedOnesTheRolesAllow() {
        assertEquals(List.of("openid", "accounts"),
                ClientMetadataRules.grantedScopes(List.of("openid", "accounts", "payments"), Set.of(Role.PSP_AI)));
        assertEquals(List.of("openid", "fundsconfirmations"),
                ClientMetadataRules.grantedScopes(List.of(), Set.of(Role.PSP_IC)));
        assertEquals(List.of("openid", "payments", "fundsconfirmations"),
                ClientMetadataRules.grantedScopes(List.of(), Set.of(Role.PSP_PI)));
        assertEquals(List.of("openid"), ClientMetadataRules.grantedScopes(List.of(), Set.of()));
    }

    @Test
    void emailAddresses() {
        assertTrue(EmailAddresses.valid("erika.mustermann+psd2@tpp.example.com"));
        for (String bad : List.of("", "plain", "a@b", "a@@b.example", "a b@c.example", "a@b..example", ".a@b.example",
                "a@-b.example")) {
            assertFalse(EmailAddresses.valid(bad), bad);
        }
    }

    @Test
    void clientSecretsAreRandomAndComparedByHash() {
        String secret = SecureTokens.random(32);
        assertEquals(43, secret.length());
        assertTrue(SecureTokens.matches(secret, SecureTokens.sha256Hex(secret)));
        assertFalse(SecureTokens.matches(secret + "x", SecureTokens.sha256Hex(secret)));
        assertFalse(SecureTokens.matches(null, SecureTokens.sha256Hex(secret)));
        assertFalse(SecureTokens.matches(secret, null));
    }
}
