package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeaderTextTest {

    /** What Netty hands over for these octets: one char per octet. */
    private static String received(byte[] octets) {
        return new String(octets, StandardCharsets.ISO_8859_1);
    }

    @Test
    void utf8OctetsAreReadAsUtf8() {
        String received = received("Müller 李".getBytes(StandardCharsets.UTF_8));
        assertEquals("Müller 李", HeaderText.text(received));
        assertEquals(8, HeaderText.length(received));
    }

    @Test
    void octetsThatAreNoUtf8AreReadAsLatin1() {
        String received = received("Jürgen".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("Jürgen", HeaderText.text(received));
        assertEquals(6, HeaderText.length(received));
    }

    @Test
    void asciiAndNullPassUnchanged() {
        String ascii = "PSU-1";
        assertSame(ascii, HeaderText.text(ascii));
        assertNull(HeaderText.text(null));
    }

    @Test
    void theWireFormIsTheUtf8OctetsAndComesBackAsTheText() {
        String wire = HeaderText.wireForm("Łukasz");
        assertArrayEquals("Łukasz".getBytes(StandardCharsets.UTF_8), HeaderText.octets(wire));
        assertEquals("Łukasz", HeaderText.text(wire));
        assertSame("PSU-1", HeaderText.wireForm("PSU-1"));
    }

    @Test
    void textAlreadyDecodedInProcessIsLeftAlone() {
        assertEquals("Łukasz", HeaderText.text("Łukasz"));
    }
}
