package eu.xs2a.e2e.bench;

import eu.xs2a.security.client.RequestSigner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Signs requests before a run and writes them in the format bench/replay.lua reads, so that the load generator only
 * sends. Headers every request shares (the certificate, the digest of a fixed body, Consent-Id, ...) are written once.
 */
final class SignedRequestFile {

    /** What differs from one signed request to the next. */
    private static final Set<String> PER_REQUEST = Set.of("X-Request-ID", "Date", "Signature");

    private SignedRequestFile() {
    }

    /**
     * @param tamper when true the signature's last characters are changed, so every request must be refused
     */
    static Path write(Path file, RequestSigner signer, String method, String path, Map<String, String> headers,
                      String body, int count, boolean tamper) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        List<Map<String, String>> signed = IntStream.range(0, count).parallel()
                .mapToObj(i -> signer.sign(method, path, headers, bytes))
                .toList();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder constant = new StringBuilder("CONST");
            signed.get(0).forEach((name, value) -> {
                if (!PER_REQUEST.contains(name)) {
                    constant.append('\t').append(name).append('\t').append(value);
                }
            });
            if (body != null) {
                constant.append("\tContent-Type\tapplication/json");
            }
            out.write(constant.toString());
            out.newLine();
            for (Map<String, String> request : signed) {
                StringBuilder line = new StringBuilder(method).append('\t').append(path).append('\t')
                        .append(body == null ? "" : body);
                Map<String, String> own = new LinkedHashMap<>();
                PER_REQUEST.forEach(name -> own.put(name, request.get(name)));
                if (tamper) {
                    own.put("Signature", tamper(own.get("Signature")));
                }
                own.forEach((name, value) -> line.append('\t').append(name).append('\t').append(value));
                out.write(line.toString());
                out.newLine();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Flips one base64 character inside the signature value: well-formed, but it no longer verifies. */
    private static String tamper(String signatureHeader) {
        int end = signatureHeader.lastIndexOf('"');
        int at = end - 5;
        char c = signatureHeader.charAt(at);
        return signatureHeader.substring(0, at) + (c == 'A' ? 'B' : 'A') + signatureHeader.substring(at + 1);
    }
}
