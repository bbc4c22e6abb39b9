package eu.xs2a.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A gateway service's browser tests (tests only): the system's headless Chromium driven by its chromedriver
 * (explicit paths, so Selenium Manager downloads nothing), with a fresh profile that is deleted on close, as
 * aspsp-sandbox's own {@code Browser}. It only opens the PSU's links and reads the page the browser shows.
 */
public final class Browser implements AutoCloseable {

    public static final String CHROMIUM = "/usr/bin/chromium";
    public static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    private final WebDriver driver;
    private final Path profile;

    /** A browser test fails without Chromium rather than being skipped: bin/test installs it. */
    public Browser() throws IOException {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            throw new IllegalStateException(CHROMIUM + " and " + CHROMEDRIVER + " are needed (bin/test installs them: "
                    + "apt-get install chromium chromium-driver)");
        }
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER);
        profile = Files.createTempDirectory("gateway-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=412,915");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    }

    /** Opens the address as a PSU who clicks a link; returns when the page has loaded. */
    public void open(String url) {
        driver.get(url);
    }

    public String title() {
        return driver.getTitle();
    }

    /** What the PSU reads on the page. */
    public String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    /** The text of the element with this id, if the page has one. */
    public Optional<String> textOf(String id) {
        return driver.findElements(By.id(id)).stream().findFirst().map(WebElement::getText);
    }

    /** Where the link with this id leads (its resolved href), if the page has one. */
    public Optional<String> linkOf(String id) {
        return driver.findElements(By.id(id)).stream().findFirst().map(e -> e.getDomAttribute("href"));
    }

    /** Whether the browser shows raw JSON instead of a page. */
    public boolean showsJson() {
        String text = text().strip();
        return text.startsWith("{") || text.startsWith("[")
                || Boolean.TRUE.equals(((JavascriptExecutor) driver).executeScript(
                        "return document.contentType.indexOf('json') >= 0"));
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }
}
