package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.MultiMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestTargetGuardTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "/sandbox/api/berlingroup/v1/consents/x#/../../../../../../q/metrics", "/a#b", "/a?b#c",
        "/a/../q/health", "/a/./b", "/a/..", "/a/.", "/..", "/a/%2e%2e/q", "/a/%2E./q", "/a%2f..%2fq", "/a/..?x=1"})
    void aFragmentOrADotSegmentIsRefused(String target) {
        assertTrue(RequestTargetGuard.refused(target), target);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "/sandbox/api/berlingroup/v1/accounts/abc/balances", "/a/.b", "/a/b.", "/a/..b", "/a/b..c/d", "/a/%2e%2ex",
        "/a?path=/../q", "/a?x=..", "/", "/site.css"})
    void plainPathsAndQueriesPass(String target) {
        assertFalse(RequestTargetGuard.refused(target), target);
    }

    /** Names compare without case, as HTTP's do; a header outside the interface may repeat (Accept, Via, ...). */
    @Test
    void aHeaderOfTheInterfaceGivenTwiceIsNamed() {
        MultiMap twice = MultiMap.caseInsensitiveMultiMap().add("Consent-ID", "a").add("X-Request-ID", "r")
                .add("consent-id", "b");
        assertEquals("Header consent-id is given more than once", RequestTargetGuard.repeatedHeader(twice));

        MultiMap once = MultiMap.caseInsensitiveMultiMap().add("Consent-ID", "a").add("Accept", "application/json")
                .add("Accept", "text/html").add("Via", "1.1 a").add("Via", "1.1 b");
        assertNull(RequestTargetGuard.repeatedHeader(once));
    }
}
