package eu.xs2a.e2e.bench;

import eu.xs2a.security.client.RequestSigner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
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
    /** Signatures timed to tell how long a file takes to sign: a fraction of a second. */
    private static final int TIMING_SAMPLE = 500;

    private SignedRequestFile() {
    }

    /**
     * @param tamper when true the signature's last characters are changed, so every request must be refused
     */
    static Path write(Path file, RequestSigner signer, String method, String path, Map<String, String> headers,
                      String body, int count, boolean tamper) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        RequestSigner dated = signer.withClock(Clock.fixed(readyAt(signer, method, path, headers, bytes, count), ZoneOffset.UTC));
        List<Map<String, String>> signed = IntStream.range(0, count).parallel()
                .mapToObj(i -> dated.sign(method, path, headers, bytes))
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
            out.flush();
            // on the disk before the replay starts: the kernel would otherwise write these hundreds of megabytes back
            // about 30 s later, during a measurement, beside PostgreSQL's own writes
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * When the file will be complete, from the time a few signatures take. Every request carries that moment as its
     * Date: the replay starts then, so it stays inside the services' Date window (300 s either side by default)
     * however long the signing takes; with the signing moment instead, a file of a few minutes' requests was refused
     * from its first line.
     */
    private static Instant readyAt(RequestSigner signer, String method, String path, Map<String, String> headers,
                                   byte[] body, int count) {
        long begin = System.nanoTime();
        IntStream.range(0, TIMING_SAMPLE).parallel().forEach(i -> signer.sign(method, path, headers, body));
        long perRequest = (System.nanoTime() - begin) / TIMING_SAMPLE;
        return Instant.now().plusNanos(perRequest * count);
    }

    /** Flips one base64 character inside the signature value: well-formed, but it no longer verifies. */
    private static String tamper(String signatureHeader) {
        int end = signatureHeader.lastIndexOf('"');
        int at = end - 5;
        char c = signatureHeader.charAt(at);
        return signatureHeader.substring(0, at) + (c == 'A' ? 'B' : 'A') + signatureHeader.substring(at + 1);
    }
}
