package eu.xs2a.tpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which program opens the PSU's link. */
class DesktopBrowserTest {

    private static final String LINK = "http://localhost:8080/sandbox/x/sca-redirect/t";

    @TempDir
    Path dir;

    @Test
    void browserVariableWinsAndTakesTheLinkAtPercentSOrAtTheEnd() {
        assertEquals(List.of("firefox", "--new-tab", LINK),
                new DesktopBrowser(Map.of("BROWSER", "firefox --new-tab", "DISPLAY", ":0")).command(LINK));
        assertEquals(List.of("my-browser", "--url=" + LINK, "--quiet"),
                new DesktopBrowser(Map.of("BROWSER", "my-browser --url=%s --quiet:other")).command(LINK));
    }

    @Test
    void withoutDisplayNothingOpensOnLinux() {
        if (System.getProperty("os.name", "").toLowerCase().contains("mac")) {
            return;
        }
        assertEquals(List.of(), new DesktopBrowser(Map.of("PATH", "/usr/bin:/bin")).command(LINK));
        assertFalse(new DesktopBrowser(Map.of("PATH", "/usr/bin:/bin")).open(LINK));
    }

    @Test
    void xdgOpenWhenThereIsADisplayAndItIsInstalled() throws Exception {
        if (System.getProperty("os.name", "").toLowerCase().contains("mac")) {
            return;
        }
        Path xdgOpen = dir.resolve("xdg-open");
        Files.writeString(xdgOpen, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(xdgOpen, PosixFilePermissions.fromString("rwx------"));
        assertEquals(List.of("xdg-open", LINK),
                new DesktopBrowser(Map.of("DISPLAY", ":0", "PATH", dir.toString())).command(LINK));
        assertEquals(List.of(), new DesktopBrowser(Map.of("PATH", dir.toString())).command(LINK), "no display");
    }

    @Test
    void aBrowserCommandRunsWithTheLinkAndItsExitCodeCounts() throws Exception {
        Path seen = dir.resolve("seen.txt");
        Path script = dir.resolve("fake-browser");
        Files.writeString(script, "#!/bin/sh\nprintf '%s' \"$1\" > '" + seen + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        assertTrue(new DesktopBrowser(Map.of("BROWSER", script.toString())).open(LINK));
        assertEquals(LINK, Files.readString(seen));

        Path failing = dir.resolve("failing-browser");
        Files.writeString(failing, "#!/bin/sh\nexit 4\n");
        Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwx------"));
        assertFalse(new DesktopBrowser(Map.of("BROWSER", failing.toString())).open(LINK));
        assertFalse(new DesktopBrowser(Map.of("BROWSER", dir.resolve("missing").toString())).open(LINK));
    }
}
