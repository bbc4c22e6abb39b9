package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PsuContextCheckTest {

    @Test
    void everyHeaderInItsFormatIsKept() {
        PsuContext context = PsuContextCheck.of("192.0.2.10", "443", "Mozilla/5.0 (X11)", "text/html", "utf-8", "gzip",
                "de-DE,de;q=0.9", "post", "99435C7E-AD88-49EC-A2AD-99DDCB1F7721", "GEO:52.506931;13.144558");
        assertEquals(new PsuContext("192.0.2.10", "443", "Mozilla/5.0 (X11)", "text/html", "utf-8", "gzip",
                "de-DE,de;q=0.9", "POST", "99435c7e-ad88-49ec-a2ad-99ddcb1f7721", "GEO:52.506931;13.144558"), context);
    }

    @Test
    void nothingSentOrBlanksAreNone() {
        assertTrue(PsuContextCheck.of(null, null, null, null, null, null, null, null, null, null).isEmpty());
        assertTrue(PsuContextCheck.of(null, " ", "", " ", null, null, null, "  ", "", " ").isEmpty());
    }

    @Test
    void theEdgesOfTheRangesPass() {
        PsuContext context = PsuContextCheck.of(null, "65535", "u".repeat(PsuContextCheck.MAX_TEXT), null, null, null,
                null, null, null, "GEO:-90.000000;-180.000000");
        assertEquals("65535", context.ipPort());
        assertEquals("GEO:-90.000000;-180.000000", context.geoLocation());
        assertEquals("1", PsuContextCheck.of(null, "1", null, null, null, null, null, null, null, null).ipPort());
    }

    @Test
    void aValueOffItsFormatIsAFormatErrorNamingItsHeader() {
        Map<String, String[]> bad = Map.of(
                PsuContextCheck.IP_PORT, new String[] {"0", "65536", "-1", "80a", "123456", "1.5"},
                PsuContextCheck.HTTP_METHOD, new String[] {"HEAD", "OPTIONS", "GETS"},
                PsuContextCheck.DEVICE_ID, new String[] {"device-1", "99435c7e-ad88-49ec-a2ad-99ddcb1f772",
                        "99435c7ead8849eca2ad99ddcb1f7721", "{99435c7e-ad88-49ec-a2ad-99ddcb1f7721}"},
                PsuContextCheck.GEO_LOCATION, new String[] {"52.506931;13.144558", "GEO:52.5;13.1",
                        "GEO:91.000000;13.144558", "GEO:52.506931;180.000001", "GEO:52.506931,13.144558",
                        "geo:52.506931;13.144558", "GEO:152.506931;13.144558"},
                PsuContextCheck.USER_AGENT, new String[] {"u".repeat(PsuContextCheck.MAX_TEXT + 1)});
        bad.forEach((header, values) -> {
            for (String value : values) {
                Psd2Exception e = assertThrows(Psd2Exception.class, () -> PsuContextCheck.of(null,
                        header.equals(PsuContextCheck.IP_PORT) ? value : null,
                        header.equals(PsuContextCheck.USER_AGENT) ? value : null, null, null, null, null,
                        header.equals(PsuContextCheck.HTTP_METHOD) ? value : null,
                        header.equals(PsuContextCheck.DEVICE_ID) ? value : null,
                        header.equals(PsuContextCheck.GEO_LOCATION) ? value : null), header + " " + value);
                assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
                assertTrue(e.getMessage().startsWith(header + " "), e.getMessage());
            }
        });
    }
}
