package eu.xs2a.e2e.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the realistic workloads replay and how their latency is read back by endpoint class; no stack needed. */
class MixedWorkloadFilesTest {

    @TempDir
    Path dir;

    /** Each TPP's certificate once in the CONST line, each request with its own status and signature. */
    @Test
    void writesEachCertificateOnceAndEachRequestsExpectedStatus() throws Exception {
        TestPki pki = TestPki.create("Bench Test CA");
        TestTpp first = pki.tpp("PSDDE-BENCH-100001", "First", Role.PSP_AI);
        TestTpp second = pki.tpp("PSDDE-BENCH-100002", "Second", Role.PSP_AI, Role.PSP_PI);
        Path file = SignedRequestFile.writeMixed(dir.resolve("mix.req"), List.of(
                new SignedRequestFile.Line(first.signer(), "GET", "/p/v1/accounts", Map.of("Consent-Id", "c1"), null, 200, false),
                new SignedRequestFile.Line(second.signer(), "POST", "/p/v1/consents", Map.of(), "{\"a\":1}", 201, false),
                new SignedRequestFile.Line(first.signer(), "GET", "/p/v1/accounts", Map.of("Consent-Id", "c1"), null, 401, true)));

        List<String> lines = Files.readAllLines(file);
        assertEquals(4, lines.size());
        assertTrue(lines.get(0).startsWith("CONST\t$cert0\t"), lines.get(0));
        assertTrue(lines.get(0).contains("\t$cert1\t"), "one alias per TPP");
        assertTrue(lines.get(1).startsWith("GET\t/p/v1/accounts\t\t@expect\t200\t"), lines.get(1));
        assertTrue(lines.get(1).contains("\tTPP-Signature-Certificate\t$cert0"), lines.get(1));
        assertTrue(lines.get(2).startsWith("POST\t/p/v1/consents\t{\"a\":1}\t@expect\t201\t"), lines.get(2));
        assertTrue(lines.get(2).contains("\tTPP-Signature-Certificate\t$cert1") && lines.get(2).contains("\tContent-Type\tapplication/json"));
        assertTrue(lines.get(3).contains("\t@expect\t401\t"), lines.get(3));
        assertTrue(!signature(lines.get(1)).equals(signature(lines.get(3))), "each request signed on its own");
    }

    /** One path's file: what every request shares once in the CONST line, each line its own id, date and signature. */
    @Test
    void writesTheSharedHeadersOnceAndEachRequestsOwn() throws Exception {
        TestTpp tpp = TestPki.create("Bench Test CA").tpp("PSDDE-BENCH-100003", "Third", Role.PSP_AI);
        Path file = SignedRequestFile.write(dir.resolve("one.req"), tpp.signer(), "POST", "/p/v1/consents",
                Map.of("PSU-ID", "psu1"), "{\"a\":1}", 3, false);

        List<String> lines = Files.readAllLines(file);
        assertEquals(4, lines.size());
        assertTrue(lines.get(0).startsWith("CONST\t"), lines.get(0));
        assertTrue(lines.get(0).contains("\tPSU-ID\tpsu1") && lines.get(0).contains("\tTPP-Signature-Certificate\t")
                && lines.get(0).endsWith("\tContent-Type\tapplication/json"), lines.get(0));
        for (String line : lines.subList(1, 4)) {
            assertTrue(line.startsWith("POST\t/p/v1/consents\t{\"a\":1}\t"), line);
            assertTrue(line.contains("\tX-Request-ID\t") && line.contains("\tDate\t"), line);
            assertTrue(!line.contains("PSU-ID"), "shared headers only in the CONST line: " + line);
        }
        assertEquals(3, lines.subList(1, 4).stream().map(MixedWorkloadFilesTest::signature).distinct().count(),
                "each request signed on its own");

        Path tampered = SignedRequestFile.write(dir.resolve("tampered.req"), tpp.signer(), "GET", "/p/v1/accounts",
                Map.of(), null, 1, true);
        assertTrue(!Files.readAllLines(tampered).get(0).contains("Content-Type"), "no body, no Content-Type");
    }

    /** Latency by class from the lines the ingress logged since the mark; refusals apart; all reads together. */
    @Test
    void readsEachEndpointClassFromTheAccessLog() throws Exception {
        Path log = dir.resolve("nginx-access.log");
        Files.writeString(log, entry("GET", "/sandbox/api/berlingroup/v1/accounts", 200, 0.900));
        long mark = EndpointLatencies.mark(log);
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 100; i++) {
            lines.append(entry("GET", "/sandbox/api/berlingroup/v1/accounts/a" + i + "/balances", 200, i / 1000.0));
        }
        lines.append(entry("GET", "/sandbox/api/berlingroup/v1/accounts", 200, 0.004));
        lines.append(entry("GET", "/sandbox/api/berlingroup/v1/accounts/a1/transactions?bookingStatus=booked", 200, 0.007));
        lines.append(entry("POST", "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers", 201, 0.030));
        lines.append(entry("GET", "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/p1/status", 200, 0.005));
        lines.append(entry("GET", "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/p1/status", 401, 0.002));
        Files.writeString(log, lines, java.nio.file.StandardOpenOption.APPEND);

        Map<String, EndpointLatencies.EndpointClass> classes = new java.util.HashMap<>();
        EndpointLatencies.since(log, mark, "mix").forEach(c -> classes.put(c.name(), c));

        assertEquals(100, classes.get("balances").requests());
        assertEquals(50.0, classes.get("balances").p50Millis(), 1e-9);
        assertEquals(99.0, classes.get("balances").p99Millis(), 1e-9);
        assertEquals(1, classes.get("accounts").requests(), "the line before the mark is not counted");
        assertEquals(1, classes.get("transactions").requests());
        assertEquals(1, classes.get("payment initiation").requests());
        assertEquals(1, classes.get("payment status").requests());
        assertEquals(1, classes.get(EndpointLatencies.REFUSED).requests());
        assertEquals(102, classes.get("all account reads").requests());
    }

    private static String entry(String method, String uri, int status, double seconds) {
        return String.format(java.util.Locale.ROOT, "{\"method\":\"%s\",\"uri\":\"%s\",\"status\":%d,\"requestTime\":%.3f}%n",
                method, uri, status, seconds);
    }

    private static String signature(String line) {
        String[] fields = line.split("\t");
        for (int i = 0; i < fields.length - 1; i++) {
            if (fields[i].equals("Signature")) {
                return fields[i + 1];
            }
        }
        throw new AssertionError("no Signature in " + line);
    }
}
