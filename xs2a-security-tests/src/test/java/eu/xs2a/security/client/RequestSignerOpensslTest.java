package eu.xs2a.security.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RequestSigner's output checked by an independent implementation: the openssl command line. */
class RequestSignerOpensslTest {

    private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    @TempDir
    Path dir;

    @Test
    void rsaSignatureAndDigestVerifyWithOpenssl() throws Exception {
        TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-100001", "Openssl TPP", Role.PSP_AI);
        verifyWithOpenssl(tpp, "-sha256");
    }

    @Test
    void ecSignatureVerifiesWithOpenssl() throws Exception {
        TestTpp tpp = TestPki.shared().tppBuilder().ec().roles(Role.PSP_PI).build();
        verifyWithOpenssl(tpp, "-sha256");
    }

    private void verifyWithOpenssl(TestTpp tpp, String hash) throws Exception {
        byte[] body = "{\r\n  \"access\": {\"balances\": []}\r\n}\n".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = tpp.signer().sign("POST", "/sandbox/api/berlingroup/v1/consents",
                Map.of("PSU-ID", "PSU-0001", "TPP-Redirect-URI", "https://tpp.example/cb"), body);

        Map<String, String> params = new java.util.HashMap<>();
        Matcher m = PARAM.matcher(headers.get("Signature"));
        while (m.find()) {
            params.put(m.group(1), m.group(2));
        }
        assertEquals("digest x-request-id date psu-id tpp-redirect-uri", params.get("headers"));

        // the Digest: openssl's SHA-256 of the exact body bytes
        Path bodyFile = Files.write(dir.resolve("body"), body);
        byte[] opensslHash = run("openssl", "dgst", "-sha256", "-binary", bodyFile.toString());
        assertEquals("SHA-256=" + Base64.getEncoder().encodeToString(opensslHash), headers.get("Digest"));

        // the certificate header is base64 of PEM; openssl extracts the public key from it
        Path certFile = Files.write(dir.resolve("cert.pem"),
                Base64.getDecoder().decode(headers.get("TPP-Signature-Certificate")));
        Path pubFile = Files.write(dir.resolve("pub.pem"),
                run("openssl", "x509", "-in", certFile.toString(), "-noout", "-pubkey"));

        // the signing string rebuilt here by hand, independent of RequestSigner.signingString
        List<String> lines = new ArrayList<>();
        for (String name : params.get("headers").split(" ")) {
            String value = headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .findFirst().orElseThrow().getValue();
            lines.add(name + ": " + value);
        }
        Path data = Files.write(dir.resolve("signing-string"), String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        Path sig = Files.write(dir.resolve("sig"), Base64.getDecoder().decode(params.get("signature")));
        String out = new String(run("openssl", "dgst", hash, "-verify", pubFile.toString(), "-signature",
                sig.toString(), data.toString()), StandardCharsets.UTF_8);
        assertTrue(out.contains("Verified OK"), out);

        // keyId names the certificate's serial (hex) and issuer
        String serialHex = run1("openssl", "x509", "-in", certFile.toString(), "-noout", "-serial").split("=")[1].trim();
        assertTrue(params.get("keyId").toUpperCase().startsWith("SN=" + serialHex.replaceFirst("^0+", "")),
                params.get("keyId") + " vs " + serialHex);
    }

    private static String run1(String... command) throws IOException, InterruptedException {
        return new String(run(command), StandardCharsets.UTF_8);
    }

    private static byte[] run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        int code = process.waitFor();
        if (code != 0) {
            throw new AssertionError(String.join(" ", command) + " failed: " + new String(out, StandardCharsets.UTF_8));
        }
        return out;
    }
}
