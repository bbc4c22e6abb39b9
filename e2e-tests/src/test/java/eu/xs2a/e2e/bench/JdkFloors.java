package eu.xs2a.e2e.bench;

import eu.xs2a.testsupport.TestKeys;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.Arrays;

/**
 * The hardware floor of the security pipeline in one thread: what the JDK itself does per request at the least —
 * one RSA-2048 verification and one SHA-256 of a 1 KiB body.
 */
final class JdkFloors {

    record Floors(double rsaVerifiesPerSecond, double sha256PerSecond) {

        double rsaMicros() {
            return 1_000_000 / rsaVerifiesPerSecond;
        }

        double sha256Micros() {
            return 1_000_000 / sha256PerSecond;
        }
    }

    private static final long WARM_UP_NANOS = 3_000_000_000L;
    private static final long MEASURE_NANOS = 5_000_000_000L;
    /** A speed probe is short: it runs before every measured workload, on the idle stack. */
    private static final long PROBE_WARM_UP_NANOS = 300_000_000L;
    private static final long PROBE_NANOS = 1_000_000_000L;
    private static Runnable probeVerify;

    private JdkFloors() {
    }

    static Floors measure() throws Exception {
        byte[] body = new byte[1024];
        Arrays.fill(body, (byte) 'x');
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        Runnable hash = () -> sha256.digest(body);
        return new Floors(rate(rsaVerify(), WARM_UP_NANOS, MEASURE_NANOS), rate(hash, WARM_UP_NANOS, MEASURE_NANOS));
    }

    /**
     * RSA-2048 verifications per second in one thread, measured for one second: how fast the machine is right now.
     * A shared virtual machine's speed can change by half within minutes, and every other figure moves with it.
     */
    static synchronized double probeRsaVerifiesPerSecond() throws Exception {
        if (probeVerify == null) {
            probeVerify = rsaVerify();
        }
        return rate(probeVerify, PROBE_WARM_UP_NANOS, PROBE_NANOS);
    }

    private static Runnable rsaVerify() throws Exception {
        KeyPair keys = TestKeys.rsa();
        byte[] signingString = "digest: SHA-256=abc\nx-request-id: 1\ndate: now".getBytes(StandardCharsets.UTF_8);
        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(keys.getPrivate());
        signer.update(signingString);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withRSA");
        return () -> {
            try {
                verifier.initVerify(keys.getPublic());
                verifier.update(signingString);
                if (!verifier.verify(signature)) {
                    throw new IllegalStateException("signature did not verify");
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static double rate(Runnable operation, long warmUpNanos, long measureNanos) {
        long end = System.nanoTime() + warmUpNanos;
        while (System.nanoTime() < end) {
            operation.run();
        }
        long count = 0;
        long start = System.nanoTime();
        end = start + measureNanos;
        long now;
        do {
            for (int i = 0; i < 100; i++) {
                operation.run();
            }
            count += 100;
            now = System.nanoTime();
        } while (now < end);
        return count / ((now - start) / 1e9);
    }
}
