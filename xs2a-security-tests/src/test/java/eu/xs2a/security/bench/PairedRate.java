package eu.xs2a.security.bench;

/**
 * The same two measurements as {@link VerificationBenchmark}, interleaved in short alternating batches so that both
 * see the same machine load (the shared build machine's load changes by the second). Prints both rates and their
 * ratio. Run after {@code mvn -Pjmh test-compile}: {@code java -cp <test classpath> eu.xs2a.security.bench.PairedRate}.
 */
public final class PairedRate {

    private PairedRate() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int batch = 200;
        VerificationBenchmark bench = new VerificationBenchmark();
        bench.setUp();
        for (int i = 0; i < 2_000; i++) { // warm-up of both paths
            bench.pipelineVerify();
            bench.rawJdkRsa2048Verify();
        }
        long pipelineNanos = 0;
        long rawNanos = 0;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                bench.pipelineVerify();
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
                bench.rawJdkRsa2048Verify();
            }
            long t2 = System.nanoTime();
            pipelineNanos += t1 - t0;
            rawNanos += t2 - t1;
        }
        double pipeline = rounds * batch / (pipelineNanos / 1e9);
        double raw = rounds * batch / (rawNanos / 1e9);
        System.out.printf("pipeline verify (warm certificate, 1 KiB body): %.0f ops/s%n", pipeline);
        System.out.printf("raw JDK RSA-2048 SHA256withRSA verify:          %.0f ops/s%n", raw);
        System.out.printf("pipeline / raw: %.1f %%%n", 100 * pipeline / raw);
    }
}
