package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TppBrandTest {

    @Test
    void aBrandIsKeptStrippedAndReadAsUtf8AndABlankOneIsNone() {
        assertNull(TppBrand.parse(null));
        assertNull(TppBrand.parse("   "));
        assertEquals("PayFast", TppBrand.parse("  PayFast "));
        String wire = new String("Zahl-Fix München".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertEquals("Zahl-Fix München", TppBrand.parse(wire));
        assertEquals("b".repeat(TppBrand.MAX_LENGTH), TppBrand.parse("b".repeat(TppBrand.MAX_LENGTH)));
    }

    @Test
    void aLongerOneIsAFormatError() {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> TppBrand.parse("b".repeat(TppBrand.MAX_LENGTH + 1)));
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
    }
}
