package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one redirect URI rule: https everywhere, http on localhost only in the sandbox. */
class RedirectUrisTest {

    private static final List<String> LOCAL = List.of("http://localhost:9999/cb", "http://127.0.0.1/cb?state=1",
            "http://[::1]:8000/cb", "http://LOCALHOST/cb");

    @Test
    void httpsIsAcceptedInBothEnvironments() {
        for (boolean sandbox : List.of(true, false)) {
            assertNull(RedirectUris.fault("https://tpp.example/cb?state=1", sandbox));
            assertNull(RedirectUris.fault("https://localhost:8443/cb", sandbox));
        }
    }

    @Test
    void httpOnLocalhostOnlyInTheSandbox() {
        for (String uri : LOCAL) {
            assertNull(RedirectUris.fault(uri, true), uri);
            assertEquals("must be an absolute https URI with a host, without user info or a fragment",
                    RedirectUris.fault(uri, false), uri);
        }
    }

    @Test
    void otherHostsNeverOverHttp() {
        for (boolean sandbox : List.of(true, false)) {
            assertTrue(RedirectUris.fault("http://tpp.example/cb", sandbox).startsWith("must be an absolute https URI"));
            assertTrue(RedirectUris.fault("http://localhost.tpp.example/cb", sandbox).startsWith("must be an absolute"));
        }
    }
}
