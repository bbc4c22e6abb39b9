package eu.xs2a.security.bench;

import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.core.RequestHeaders;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Verifications per second of a signed request with a warm certificate and a 1 KiB body (the whole pipeline
 * steps 1-5: request id, cached certificate, Signature parsing, keyId, signing string, RSA-2048 verify, body
 * digest, date), against the raw JDK RSA-2048 verify of the same signing string in the same run.
 * Run: {@code mvn -o -Pjmh -pl xs2a-security-tests test-compile exec:exec} (see README).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class VerificationBenchmark {

    private RequestVerifier verifier;
    private RequestHeaders headers;
    private byte[] body;
    private PublicKey publicKey;
    private byte[] signingString;
    private byte[] signature;

    @Setup
    public void setUp() throws Exception {
        TestPki pki = TestPki.create("Benchmark CA");
        TestTpp tpp = pki.tpp("PSDDE-BAFIN-424242", "Bench TPP", Role.PSP_AI, Role.PSP_PI);
        Instant now = Instant.now();
        verifier = new RequestVerifier(VerifierSettings.of(List.of(pki.caCertificate()))
                .withClock(Clock.fixed(now, ZoneOffset.UTC)));
        body = new byte[1024];
        Arrays.fill(body, (byte) 'a');
        body[0] = '"';
        body[1023] = '"';
        Map<String, String> signed = tpp.signer().sign("POST", "/sandbox/api/berlingroup/v1/consents",
                Map.of("PSU-ID", "PSU-0001", "TPP-Redirect-URI", "https://tpp.example/cb"), body,
                UUID.randomUUID().toString(), now);
        headers = RequestHeaders.of(signed);
        verifier.verify("POST", "/sandbox/api/berlingroup/v1/consents", headers, body); // warm the certificate cache

        publicKey = tpp.certificate().getPublicKey();
        signingString = RequestSigner.signingString(List.of("digest", "x-request-id", "date", "psu-id", "tpp-redirect-uri"),
                signed).getBytes(StandardCharsets.UTF_8);
        signature = Base64.getDecoder().decode(signed.get("Signature").replaceAll(".*signature=\"([^\"]*)\".*", "$1"));
        if (!rawJdkRsa2048Verify()) {
            throw new IllegalStateException("benchmark set-up: the raw signature does not verify");
        }
    }

    @Benchmark
    public VerifiedRequest pipelineVerify() {
        return verifier.verify("POST", "/sandbox/api/berlingroup/v1/consents", headers, body);
    }

    @Benchmark
    public boolean rawJdkRsa2048Verify() throws Exception {
        Signature verify = Signature.getInstance("SHA256withRSA");
        verify.initVerify(publicKey);
        verify.update(signingString);
        return verify.verify(signature);
    }
}
