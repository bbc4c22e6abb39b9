package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.vertx.core.MultiMap;
import org.junit.jupiter.api.Test;

/** Response headers that are not well-formed are removed, the others kept as they are. */
class ResponseHeaderGuardTest {

    @Test
    void onlyMalformedHeadersAreRemoved() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", "application/json")
                .add("Location", "/x\r\nSet-Cookie: stolen=1")
                .add("X-Request-ID", "8a4d2c35-1f0e-4b53-9d6c-2f1b7e6a9c11")
                .add("X-Echo", "fine")
                .add("X-Echo", "not\u0000fine")
                .add("Bad Name", "v");
        assertEquals(3, ResponseHeaderGuard.removeMalformed(headers, "/p/api/berlingroup/v1/consents"));
        assertFalse(headers.contains("Location"));
        assertFalse(headers.contains("Bad Name"));
        assertFalse(headers.contains("X-Echo"), "a header is removed with all its values");
        assertEquals("application/json", headers.get("Content-Type"));
        assertEquals("8a4d2c35-1f0e-4b53-9d6c-2f1b7e6a9c11", headers.get("X-Request-ID"));
    }

    @Test
    void wellFormedHeadersAreLeftAlone() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "text/html; charset=UTF-8")
                .add("Retry-After", "5");
        assertEquals(0, ResponseHeaderGuard.removeMalformed(headers, "/"));
        assertEquals(2, headers.size());
    }
}
