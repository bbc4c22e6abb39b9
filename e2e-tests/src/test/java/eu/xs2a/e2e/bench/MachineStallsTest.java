package eu.xs2a.e2e.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading cyclictest's summary (rt-tests 2.40, as Debian 12 ships it; the lines below are from a real run). */
class MachineStallsTest {

    @Test
    void countsTheWakeUpsLateByTenMillisecondsOrMore() {
        MachineStalls.Result result = MachineStalls.parse("""
                T: 0 (11529) P:50 I:10000 C:    499 Min:     24 Act:   65 Avg:  130 Max:   12960
                T: 1 (11530) P:50 I:10500 C:    476 Min:     22 Act:   66 Avg:   66 Max:    4016

                T: 0 Spike:    3642: TS:   1686309071
                T: 0 Spike:   12960: TS:   1686368389
                T: 1 Spike:   10000: TS:   1687555427
                T: 0 Spike:    9506: TS:   1688054935
                spikes = 4
                """);

        assertTrue(result.measured());
        assertEquals(975, result.wakeUps());
        assertEquals(2, result.stalls(), "12960 and 10000 µs; 3642 and 9506 are under the threshold");
        assertEquals(12_960, result.longestMicros());
        assertEquals("2 (longest 13.0 ms)", result.toString());
    }

    @Test
    void aQuietMachineHasNone() {
        MachineStalls.Result result = MachineStalls.parse("""
                T: 0 (20001) P:50 I:10000 C:   1500 Min:     18 Act:   48 Avg:   82 Max:    2100
                T: 1 (20002) P:50 I:10500 C:   1429 Min:     18 Act:   45 Avg:   76 Max:    1650
                """);

        assertEquals(0, result.stalls());
        assertEquals("0 (longest 2.1 ms)", result.toString());
    }

    @Test
    void threadIdsUnderTenThousandArePaddedInsideTheBrackets() {
        // as a run of 2026-11-23 printed it, which the report then called "not measured"
        MachineStalls.Result result = MachineStalls.parse("""
                WARN: not setting cpu_dma_latency from cyclictest
                T: 0 ( 9256) P:50 I:10000 C:   3000 Min:     25 Act:   37 Avg:   48 Max:     502
                T: 1 ( 9257) P:50 I:10500 C:   2857 Min:     25 Act:   67 Avg:   57 Max:   15655
                T: 1 Spike:   15655: TS:   1686309071
                """);

        assertEquals(5857, result.wakeUps());
        assertEquals(1, result.stalls());
        assertEquals("1 (longest 15.7 ms)", result.toString());
    }

    @Test
    void aThreadWithoutRealTimePriorityMeasuresTheLoadNotTheMachine() {
        MachineStalls.Result result = MachineStalls.parse("""
                T: 0 (20001) P:50 I:10000 C:   1500 Min:     18 Act:   48 Avg:   82 Max:    2100
                T: 1 (20002) P: 0 I:10500 C:   1429 Min:     18 Act:   45 Avg:   76 Max:   91650
                """);

        assertFalse(result.measured());
        assertTrue(result.toString().startsWith("not measured (cyclictest did not get real-time priority"), result.toString());
    }

    @Test
    void noSummaryIsNotMeasured() {
        MachineStalls.Result result = MachineStalls.parse("""
                WARN: not setting cpu_dma_latency from cyclictest
                Unable to change scheduling policy!
                Probably missing capabilities, either run as root or increase RLIMIT_RTPRIO limits.
                """);

        assertFalse(result.measured());
        assertEquals("not measured (cyclictest: Unable to change scheduling policy!)", result.toString());
    }
}
