package eu.xs2a.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.RestAssured;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The browser tests' PSU (tests only): the system's headless Chromium driven by its chromedriver (explicit paths, so
 * Selenium Manager downloads nothing), with a fresh profile that is deleted on close. The gateway services' tests
 * open the PSU's links and read the page; aspsp-sandbox's tests also fill in and submit its forms.
 */
public final class Browser implements AutoCloseable {

    public static final String CHROMIUM = "/usr/bin/chromium";
    public static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    private static Browser shared;

    private final WebDriver driver;
    private final Path profile;

    /**
     * The test JVM's one browser, started on first use and closed when the JVM ends: a module's browser tests share
     * it rather than each starting Chromium. Take it in a {@code @BeforeAll} or {@code @BeforeEach}, not in a field
     * initialiser (a Quarkus test class is instantiated twice, once per class loader).
     */
    public static synchronized Browser shared() throws IOException {
        if (shared == null) {
            Browser browser = new Browser();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    browser.close();
                } catch (IOException | RuntimeException e) {
                    System.err.println("test browser not closed: " + e);
                }
            }, "test-browser-close"));
            shared = browser;
        }
        return shared;
    }

    /** A browser test fails without Chromium rather than being skipped: bin/test installs it. */
    public Browser() throws IOException {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            throw new IllegalStateException(CHROMIUM + " and " + CHROMEDRIVER + " are needed (bin/test installs them: "
                    + "apt-get install chromium chromium-driver)");
        }
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER);
        profile = Files.createTempDirectory("test-chromium-");
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

    /**
     * Opens a link the gateway answered (it names the public ingress) on the application under test instead: its path
     * and query on localhost at RestAssured's port.
     */
    public void openOnTestPort(String link) {
        URI uri = URI.create(link);
        open("http://localhost:" + RestAssured.port + uri.getRawPath()
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
    }

    /** The driver itself, for what a test reads or clicks beyond these steps (a table row, a select). */
    public WebDriver driver() {
        return driver;
    }

    /** Forgets the cookies, as a new browser would: a test that needs no earlier session calls it first. */
    public void forgetCookies() {
        driver.manage().deleteAllCookies();
    }

    /** Types into the form field with this name, replacing what it held. */
    public void type(String name, String value) {
        pageWait().until(d -> {
            WebElement field = d.findElement(By.name(name));
            field.clear();
            field.sendKeys(value);
            return true;
        });
    }

    /**
     * Clicks the button with exactly this text and waits until the browser has left the page it was on (the mark
     * set on the old page's window is gone): the buttons a test clicks submit a form, and a wait for text right
     * after a click could otherwise be answered by the old page while the new one is still loading.
     */
    public void click(String buttonText) {
        ((JavascriptExecutor) driver).executeScript("window.testLeaving = true");
        driver.findElement(By.xpath("//button[normalize-space()='" + buttonText + "']")).click();
        pageWait().until(d -> (Boolean) ((JavascriptExecutor) d).executeScript("return window.testLeaving === undefined")
                && loaded(d));
    }

    /** Waits until the browser is on a loaded page whose address starts so (a redirect has arrived). */
    public void waitForUrlStartingWith(String prefix) {
        pageWait().until(d -> d.getCurrentUrl().startsWith(prefix) && loaded(d));
    }

    /** Waits until a loaded page shows this text. */
    public void waitForText(String text) {
        pageWait().until(d -> loaded(d) && d.findElement(By.tagName("body")).getText().contains(text));
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

    /**
     * Asserts that the page is one of the gateway's message pages (xs2a-platform's {@code BrowserPages}), never raw
     * JSON: this title, a text that says {@code saying}, and the way back to the TPP it offers (empty: none).
     */
    public void assertMessagePage(String title, String saying, Optional<String> back) {
        assertFalse(showsJson(), text());
        assertEquals(title, title(), text());
        assertEquals(Optional.of(title), textOf("message-title"));
        assertTrue(textOf("message-text").orElse("").contains(saying), text());
        assertEquals(back, linkOf("back-to-tpp"));
    }

    private static boolean loaded(WebDriver driver) {
        return "complete".equals(((JavascriptExecutor) driver).executeScript("return document.readyState"));
    }

    /**
     * A wait that retries through the moments of a navigation when Chromium answers for a document it is replacing
     * ("stale element", "node does not belong to the document"): those are the page changing, not a failure.
     */
    private WebDriverWait pageWait() {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        wait.ignoring(WebDriverException.class);
        return wait;
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
