package eu.xs2a.security.trust;

import eu.europa.esig.dss.spi.client.http.DataLoader;
import eu.europa.esig.dss.spi.exception.DSSExternalResourceException;
import eu.xs2a.security.revocation.Downloads;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How DSS reads a trusted list: {@code file:} URLs from the file system, http(s) through the revocation package's
 * {@link Downloads} (JDK HttpClient, a timeout per call, one download per URL at a time), nothing else. DSS's
 * {@code FileCacheDataLoader} sits in front of it and keeps the copies on disk. Offline ({@code network} false) only
 * files are read: the cached copies answer for the rest.
 */
final class ListsDataLoader implements DataLoader {

    private static final long serialVersionUID = 1L;

    private final transient Downloads downloads;
    private final boolean network;

    ListsDataLoader(Downloads downloads, boolean network) {
        this.downloads = downloads;
        this.network = network;
    }

    @Override
    public byte[] get(String url) {
        String location = url.strip();
        String lower = location.toLowerCase(Locale.ROOT);
        if (lower.startsWith("file:")) {
            try {
                return Files.readAllBytes(Path.of(URI.create(location)));
            } catch (IOException | RuntimeException e) {
                throw new DSSExternalResourceException("cannot read " + location + ": " + e.getMessage());
            }
        }
        if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
            throw new DSSExternalResourceException("not an http(s) or file URL: " + location);
        }
        if (!network) {
            throw new DSSExternalResourceException("offline: " + location + " is not downloaded");
        }
        try {
            return downloads.get(location).get(downloads.timeout().toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new DSSExternalResourceException(location + ": no answer in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DSSExternalResourceException(location + ": interrupted");
        } catch (ExecutionException e) {
            throw new DSSExternalResourceException(location + ": " + Downloads.why(e));
        }
    }

    @Override
    public DataAndUrl get(List<String> urls) {
        DSSExternalResourceException last = null;
        for (String url : urls) {
            try {
                return new DataAndUrl(url, get(url));
            } catch (DSSExternalResourceException e) {
                last = e;
            }
        }
        throw last != null ? last : new DSSExternalResourceException("no URL");
    }

    @Override
    public byte[] post(String url, byte[] content) {
        throw new DSSExternalResourceException("trusted lists are only read: no POST to " + url);
    }

    @Override
    public void setContentType(String contentType) {
        // GET only
    }
}
