package eu.xs2a.consent.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ServiceTokenKeys;
import eu.xs2a.testsupport.TestKeys;
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

    private final KeyPair keys = TestKeys.rsa();
    private final TestClock clock = new TestClock();
    private JWTAuthContextInfo context;
    private VerifiedServiceTokens tokens;

    @BeforeEach
    void parserWithAMovableClock() {
        context = new JWTAuthContextInfo(keys.getPublic(), ISSUER);
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
    void anExpiredTokenIsRefusedEvenThoughItWasAcceptedBefore() throws ParseException {
        // SmallRye checks exp against the real time: a clock skew lets it accept a token 60 s past its exp once
        Instant now = Instant.now();
        String expired = ServiceTokenKeys.token(ISSUER, AUDIENCE, now.minusSeconds(120), now.minusSeconds(60),
                keys.getPrivate());
        context.setClockSkew(600);
        tokens.parse(expired);
        context.setClockSkew(0);
        assertThrows(ParseException.class, () -> tokens.parse(expired), "the cache never answers past exp");
    }

    @Test
    void manyTokensKeepTheCacheBoundedAndEachStillVerifies() throws ParseException {
        String first = token(Instant.now().plusSeconds(300));
        var verified = tokens.parse(first);
        for (int i = 0; i < 100; i++) {
            tokens.parse(token(Instant.now().plusSeconds(300 + i)));
        }
        assertTrue(tokens.cached() <= 32, tokens.cached() + " tokens held");
        assertEquals(verified.getRawToken(), tokens.parse(first).getRawToken(), "an evicted token is verified again");
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
