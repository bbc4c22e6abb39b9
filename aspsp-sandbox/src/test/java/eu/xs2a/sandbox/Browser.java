package eu.xs2a.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
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
 * The system's headless Chromium driven by its chromedriver (explicit paths, so Selenium Manager downloads nothing),
 * with a fresh profile that is deleted on close.
 */
final class Browser implements AutoCloseable {

    static final String CHROMIUM = "/usr/bin/chromium";
    static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    final WebDriver driver;
    private final Path profile;

    /** A browser test fails without Chromium rather than being skipped: bin/test installs it. */
    Browser() throws IOException {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            throw new IllegalStateException(CHROMIUM + " and " + CHROMEDRIVER + " are needed (bin/test installs them: "
                    + "apt-get install chromium chromium-driver)");
        }
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER);
        profile = Files.createTempDirectory("sandbox-chromium-");
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

    void open(String url) {
        driver.get(url);
    }

    void type(String name, String value) {
        pageWait().until(d -> {
            WebElement field = d.findElement(By.name(name));
            field.clear();
            field.sendKeys(value);
            return true;
        });
    }

    /**
     * Clicks the button with exactly this text and waits until the browser has left the page it was on (the mark
     * set on the old page's window is gone): every button of these pages submits a form, and a wait for text right
     * after a click could otherwise be answered by the old page while the new one is still loading.
     */
    void click(String buttonText) {
        ((JavascriptExecutor) driver).executeScript("window.sandboxLeaving = true");
        driver.findElement(By.xpath("//button[normalize-space()='" + buttonText + "']")).click();
        pageWait().until(d -> (Boolean) ((JavascriptExecutor) d).executeScript("return window.sandboxLeaving === undefined")
                && loaded(d));
    }

    String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    String title() {
        return driver.getTitle();
    }

    void waitForUrlStartingWith(String prefix) {
        pageWait().until(d -> d.getCurrentUrl().startsWith(prefix) && loaded(d));
    }

    void waitForText(String text) {
        pageWait().until(d -> loaded(d) && d.findElement(By.tagName("body")).getText().contains(text));
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

    /** Log in, Approve, code: the happy path a PSU clicks through. */
    void loginAndApprove(String scaUrl, String psu, String otp) {
        open(scaUrl);
        type("username", psu);
        type("password", "sandbox");
        click("Log in");
        waitForText("Approve");
        click("Approve");
        waitForText("One-time code");
        type("otp", otp);
        click("Confirm");
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
