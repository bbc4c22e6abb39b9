package eu.xs2a.security.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The blocked TPPs file on disk: its format, and what a change or a broken file does to the list in force. */
class BlockedTppsTest {

    @TempDir
    Path dir;

    @Test
    void oneIdentifierPerLineWithCommentsBlankLinesAndCrLf() throws Exception {
        Path file = write("# TPPs blocked by the bank\r\nPSDDE-BAFIN-1\r\n\r\n  PSDFR-ACPR-2  # ticket 7\n#PSDDE-BAFIN-3\n");
        BlockedTpps tpps = BlockedTpps.from(file);
        assertEquals(Set.of("PSDDE-BAFIN-1", "PSDFR-ACPR-2"), tpps.blocked());
        assertTrue(tpps.isBlocked("PSDFR-ACPR-2"));
        assertFalse(tpps.isBlocked("PSDDE-BAFIN-3"), "commented out");
        assertFalse(tpps.isBlocked("psdde-bafin-1"), "identifiers are compared exactly, as the services store them");
    }

    @Test
    void aMalformedLineIsRefusedWithItsNumber() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> BlockedTpps.parse("PSDDE-BAFIN-1\nPSDDE-BAFIN-2 PSDDE-BAFIN-3\n"));
        assertTrue(e.getMessage().contains("Line 2"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> BlockedTpps.parse("PSDDE-" + "9".repeat(140)));
        assertThrows(IllegalStateException.class, () -> BlockedTpps.parse("PSDDE-\u0007BAFIN"));
    }

    @Test
    void aMissingOrMalformedFileFailsAtStartAndKeepsTheListAfterwards() throws Exception {
        assertThrows(IllegalStateException.class, () -> BlockedTpps.from(dir.resolve("missing.txt")));
        Path file = write("PSDDE-BAFIN-1\n");
        BlockedTpps tpps = BlockedTpps.from(file);

        Files.writeString(file, "PSDDE-BAFIN-1 and more\n");
        assertThrows(IllegalStateException.class, tpps::reloadIfChanged);
        assertEquals(Set.of("PSDDE-BAFIN-1"), tpps.blocked());
        Files.delete(file);
        assertThrows(IllegalStateException.class, tpps::reloadIfChanged);
        assertEquals(Set.of("PSDDE-BAFIN-1"), tpps.blocked());

        Files.writeString(file, "PSDDE-BAFIN-2\n");
        assertTrue(tpps.reloadIfChanged());
        assertEquals(Set.of("PSDDE-BAFIN-2"), tpps.blocked());
        assertFalse(tpps.reloadIfChanged(), "unchanged content");
    }

    @Test
    void withoutAFileNobodyIsBlocked() {
        BlockedTpps none = BlockedTpps.none();
        assertFalse(none.isBlocked("PSDDE-BAFIN-1"));
        assertFalse(none.reloadIfChanged());
    }

    private Path write(String content) throws Exception {
        Path file = dir.resolve("blocked-tpps.txt");
        Files.writeString(file, content);
        return file;
    }
}
