package eu.xs2a.consent.api;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.consent.support.ServiceTokenKeys;
import eu.xs2a.consent.support.TestClock;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The service-token cache with SmallRye's real parser and real RS256 tokens: reused only while it may be. */
class VerifiedServiceTokensTest {

    private static final String ISSUER = "xs2a-gateway";
    private static final String AUDIENCE = "consent-service";

    private final KeyPair keys = ServiceTokenKeys.newKeyPair();
    private final TestClock clock = new TestClock();
    private VerifiedServiceTokens tokens;

    @BeforeEach
    void parserWithAMovableClock() {
        JWTAuthContextInfo context = new JWTAuthContextInfo(keys.getPublic(), ISSUER);
        context.setExpectedAudience(Set.of(AUDIENCE));
        tokens = new VerifiedServiceTokens(new DefaultJWTParser(context), clock);
    }

    private String token(Instant expiresAt) {
        return ServiceTokenKeys.token(ISSUER, AUDIENCE, expiresAt, keys.getPrivate());
    }

    @Test
    void theSameTokenIsVerifiedOnceUntilItExpires() throws ParseException {
        String token = token(Instant.now().plusSeconds(300));
        var first = tokens.parse(token);
        assertSame(first, tokens.parse(token), "the identical token is answered from the cache");

        clock.advance(Duration.ofSeconds(301));
        assertNotSame(first, tokens.parse(token), "past its exp the token goes to the parser again");
    }

    @Test
    void anotherTokenIsVerifiedOnItsOwn() throws ParseException {
        var first = tokens.parse(token(Instant.now().plusSeconds(300)));
        assertNotSame(first, tokens.parse(token(Instant.now().plusSeconds(300))));
    }

    @Test
    void aTokenThatDoesNotVerifyIsRefusedEvenWithAValidOneCached() throws ParseException {
        tokens.parse(token(Instant.now().plusSeconds(300)));
        String foreign = ServiceTokenKeys.token(ISSUER, AUDIENCE, Instant.now().plusSeconds(300), ServiceTokenKeys.foreignKey());
        assertThrows(ParseException.class, () -> tokens.parse(foreign));
        assertThrows(ParseException.class, () -> tokens.parse(foreign), "a refused token is never remembered");
        String wrongAudience = ServiceTokenKeys.token(ISSUER, "payment-service", Instant.now().plusSeconds(300), keys.getPrivate());
        assertThrows(ParseException.class, () -> tokens.parse(wrongAudience));
    }
}
