package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
