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
    }

    @Test
    void absentOrBlankIsNull() {
        assertNull(PsuIpAddress.parse(null));
        assertNull(PsuIpAddress.parse("  "));
    }

    @Test
    void anythingElseIsAFormatError() {
        for (String bad : new String[] {"not-an-ip", "256.1.1.1", "1.2.3", "10.0.0.1.5", "12345", "localhost",
                "2001:db8::g", "1".repeat(141)}) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> PsuIpAddress.parse(bad), bad);
            assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        }
    }
}
