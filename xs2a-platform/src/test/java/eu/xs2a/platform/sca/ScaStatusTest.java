package eu.xs2a.platform.sca;

import static eu.xs2a.platform.sca.ScaStatus.exempted;
import static eu.xs2a.platform.sca.ScaStatus.failed;
import static eu.xs2a.platform.sca.ScaStatus.finalised;
import static eu.xs2a.platform.sca.ScaStatus.psuAuthenticated;
import static eu.xs2a.platform.sca.ScaStatus.psuIdentified;
import static eu.xs2a.platform.sca.ScaStatus.received;
import static eu.xs2a.platform.sca.ScaStatus.scaMethodSelected;
import static eu.xs2a.platform.sca.ScaStatus.started;
import static eu.xs2a.platform.sca.ScaStatus.unconfirmed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScaStatusTest {

    /** Every move of the machine, written out: the rest of the 81 pairs are refused. */
    private static final Map<ScaStatus, Set<ScaStatus>> ALLOWED = Map.of(
            received, EnumSet.of(psuIdentified, psuAuthenticated, scaMethodSelected, started, unconfirmed,
                    finalised, failed, exempted),
            psuIdentified, EnumSet.of(psuAuthenticated, scaMethodSelected, started, unconfirmed, finalised, failed,
                    exempted),
            psuAuthenticated, EnumSet.of(scaMethodSelected, started, unconfirmed, finalised, failed, exempted),
            scaMethodSelected, EnumSet.of(started, unconfirmed, finalised, failed, exempted),
            started, EnumSet.of(unconfirmed, finalised, failed, exempted),
            unconfirmed, EnumSet.of(finalised, failed, exempted),
            finalised, EnumSet.noneOf(ScaStatus.class),
            failed, EnumSet.noneOf(ScaStatus.class),
            exempted, EnumSet.noneOf(ScaStatus.class));

    @Test
    void theValuesAreExactlyTheInterfaces() throws IOException {
        Path spec = Path.of("..", "docs", "reference", "psd2-api-1.3.6-2020-08-14.yaml");
        assertEquals(specEnum(Files.readAllLines(spec), "    scaStatus:"),
                Arrays.stream(ScaStatus.values()).map(Enum::name).toList());
    }

    @Test
    void everyAllowedMoveIsAllowedAndEveryOtherRefused() {
        for (ScaStatus from : ScaStatus.values()) {
            for (ScaStatus to : ScaStatus.values()) {
                boolean allowed = ALLOWED.get(from).contains(to);
                assertEquals(allowed, from.canMoveTo(to), from + " -> " + to);
                if (allowed) {
                    assertSame(to, from.moveTo(to));
                } else {
                    ScaTransitionException refused = assertThrows(ScaTransitionException.class, () -> from.moveTo(to));
                    assertEquals(from, refused.from());
                    assertEquals(to, refused.to());
                }
            }
        }
    }

    @Test
    void representativeRefusals() {
        assertThrows(ScaTransitionException.class, () -> started.moveTo(received), "never backwards");
        assertThrows(ScaTransitionException.class, () -> unconfirmed.moveTo(started), "never backwards");
        assertThrows(ScaTransitionException.class, () -> started.moveTo(started), "a repeat is not a move");
        assertThrows(ScaTransitionException.class, () -> finalised.moveTo(failed), "final stays final");
        assertThrows(ScaTransitionException.class, () -> failed.moveTo(finalised), "final stays final");
        assertThrows(ScaTransitionException.class, () -> exempted.moveTo(received), "final stays final");
        assertThrows(ScaTransitionException.class, () -> received.moveTo(null), "no move to nothing");
    }

    @Test
    void finalisedFailedAndExemptedAreTheTerminalStates() {
        assertEquals(EnumSet.of(finalised, failed, exempted),
                EnumSet.copyOf(Arrays.stream(ScaStatus.values()).filter(ScaStatus::isFinal).toList()));
        for (ScaStatus status : ScaStatus.values()) {
            assertEquals(status.isFinal(), ALLOWED.get(status).isEmpty(), status.name());
        }
    }

    @Test
    void theBanksSpellingIsTheInterfaces() {
        for (ScaStatus status : ScaStatus.values()) {
            assertSame(status, ScaStatus.fromBank(status.name()));
        }
        assertNull(ScaStatus.fromBank(null));
        assertNull(ScaStatus.fromBank("FINALISED"), "the interface's spelling only");
        assertNull(ScaStatus.fromBank("authorised"));
        assertFalse(received.isFinal());
        assertTrue(exempted.isFinal());
    }

    /** The values of the string enum under {@code header} in the vendored Berlin Group YAML. */
    private static List<String> specEnum(List<String> lines, String header) {
        int at = lines.indexOf(header);
        assertTrue(at >= 0, header + " not in the specification");
        List<String> values = new ArrayList<>();
        boolean inEnum = false;
        for (String line : lines.subList(at + 1, lines.size())) {
            String trimmed = line.trim();
            if (trimmed.equals("enum:")) {
                inEnum = true;
            } else if (inEnum && trimmed.startsWith("- ")) {
                values.add(trimmed.substring(2).replace("\"", ""));
            } else if (inEnum) {
                break;
            }
        }
        return values;
    }
}
