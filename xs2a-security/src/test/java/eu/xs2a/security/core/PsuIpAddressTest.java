package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import org.junit.jupiter.api.Test;

class PsuIpAddressTest {

    @Test
    void addressesOfBothFamiliesPassStripped() {
        assertEquals("192.168.8.78", PsuIpAddress.parse(" 192.168.8.78 "));
        assertEquals("2001:db8::1", PsuIpAddress.parse("2001:db8::1"));
        assertEquals("::ffff:10.0.0.1", PsuIpAddress.parse("::ffff:10.0.0.1"));
        assertEquals("::1", PsuIpAddress.parse("::1"));
        assertEquals("fe80:0:0:0:a:b:c:d", PsuIpAddress.parse("fe80:0:0:0:a:b:c:d"));
    }

    @Test
    void absentOrBlankIsNull() {
        assertNull(PsuIpAddress.parse(null));
        assertNull(PsuIpAddress.parse("  "));
    }

    @Test
    void anythingElseIsAFormatError() {
        for (String bad : new String[] {"not-an-ip", "256.1.1.1", "1.2.3", "10.0.0.1.5", "12345", "localhost",
                "2001:db8::g", "1".repeat(141), "01.2.3.4",
                // the characters of IPv6 in a shape that is none: two "::", nine groups, a five-digit group, a zone
                "::1::", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::1", ":::", "fe80::1%eth0", "::1.2.3.4.5"}) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> PsuIpAddress.parse(bad), bad);
            assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        }
    }
}
