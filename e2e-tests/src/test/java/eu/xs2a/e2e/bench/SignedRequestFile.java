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
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Signs requests before a run and writes them in the format bench/replay.lua reads, so that the load generator only
 * sends. Headers every request shares (the certificate, the digest of a fixed body, Consent-Id, ...) are written once;
 * in a file of mixed requests ({@link #writeMixed}) each TPP's certificate is written once and named by the lines.
 */
final class SignedRequestFile {

    /** One request of a mixed file: who signs it, what it is, and the status it must get. */
    record Line(RequestSigner signer, String method, String path, Map<String, String> headers, String body,
                int expect, boolean tamper) {
    }

    private static final String CERTIFICATE = "TPP-Signature-Certificate";

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
        byte[] bytes = bytes(body);
        RequestSigner dated = signer.withClock(Clock.fixed(readyAt(signer, method, path, headers, bytes, count), ZoneOffset.UTC));
        List<Map<String, String>> signed = IntStream.range(0, count).parallel()
                .mapToObj(i -> dated.sign(method, path, headers, bytes))
                .toList();
        StringBuilder constant = new StringBuilder("CONST");
        signed.get(0).forEach((name, value) -> {
            if (!PER_REQUEST.contains(name)) {
                constant.append('\t').append(name).append('\t').append(value);
            }
        });
        if (body != null) {
            constant.append("\tContent-Type\tapplication/json");
        }
        List<String> requests = signed.stream().map(request -> {
            StringBuilder line = new StringBuilder(method).append('\t').append(path).append('\t')
                    .append(body == null ? "" : body);
            Map<String, String> own = new LinkedHashMap<>();
            PER_REQUEST.forEach(name -> own.put(name, request.get(name)));
            if (tamper) {
                own.put("Signature", tamper(own.get("Signature")));
            }
            own.forEach((name, value) -> line.append('\t').append(name).append('\t').append(value));
            return line.toString();
        }).toList();
        return writeLines(file, constant.toString(), requests);
    }

    /**
     * Writes requests of several TPPs, paths and expected statuses (replayed with BENCH_EXPECT=line): every header on
     * its line but the certificate, which the CONST line holds once per TPP as {@code $certN}.
     */
    static Path writeMixed(Path file, List<Line> lines) {
        Line first = lines.get(0);
        Instant ready = readyAt(first.signer(), first.method(), first.path(), first.headers(), bytes(first.body()),
                lines.size());
        Map<RequestSigner, RequestSigner> dated = new IdentityHashMap<>();
        lines.forEach(line -> dated.computeIfAbsent(line.signer(),
                signer -> signer.withClock(Clock.fixed(ready, ZoneOffset.UTC))));
        List<Map<String, String>> signed = lines.parallelStream()
                .map(line -> dated.get(line.signer()).sign(line.method(), line.path(), line.headers(), bytes(line.body())))
                .toList();
        Map<String, String> certificates = new LinkedHashMap<>();
        signed.forEach(headers -> certificates.computeIfAbsent(headers.get(CERTIFICATE), c -> "$cert" + certificates.size()));
        StringBuilder constant = new StringBuilder("CONST");
        certificates.forEach((value, alias) -> constant.append('\t').append(alias).append('\t').append(value));
        List<String> requests = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            StringBuilder text = new StringBuilder(line.method()).append('\t').append(line.path()).append('\t')
                    .append(line.body() == null ? "" : line.body()).append("\t@expect\t").append(line.expect());
            Map<String, String> headers = new LinkedHashMap<>(signed.get(i));
            headers.put(CERTIFICATE, certificates.get(headers.get(CERTIFICATE)));
            if (line.tamper()) {
                headers.put("Signature", tamper(headers.get("Signature")));
            }
            if (line.body() != null) {
                headers.put("Content-Type", "application/json");
            }
            headers.forEach((name, value) -> text.append('\t').append(name).append('\t').append(value));
            requests.add(text.toString());
        }
        return writeLines(file, constant.toString(), requests);
    }

    /** The file replay.lua reads: the CONST line, then a line per request; on disk before it returns. */
    private static Path writeLines(Path file, String constant, List<String> requests) {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(constant);
            out.newLine();
            for (String request : requests) {
                out.write(request);
                out.newLine();
            }
            out.flush();
            forceToDisk(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private static byte[] bytes(String body) {
        return body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * On the disk before the replay starts: the kernel would otherwise write these hundreds of megabytes back about
     * 30 s later, during a measurement, beside PostgreSQL's own writes.
     */
    private static void forceToDisk(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
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
