package eu.xs2a.e2e.journeys;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The PSU's browser: a real headless Chromium driven with Selenium through the bank's SCA pages (BANK-API.md "The
 * PSU's browser"). One browser for the journeys and one for the fault tests (starting Chromium is the slow part,
 * and the two run side by side); every SCA starts by clearing cookies so journeys never share a session. The
 * system's chromedriver is named explicitly so that Selenium Manager downloads nothing.
 */
public final class PsuBrowser {

    static final String CHROMIUM = "/usr/bin/chromium";
    static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    static final String PASSWORD = "sandbox";
    static final String OTP = "123456";

    /** How long one page step may take on a busy machine before the journey gives up (a bound, not a measure). */
    private static final Duration STEP = Duration.ofSeconds(20);
    /** What the gateway's page says when the bank cannot be reached and its link can be tried again. */
    private static final String TRY_AGAIN = "try the same link again";

    private static PsuBrowser instance;

    private final WebDriver driver;
    private final Path profile;
    private boolean quit;

    private PsuBrowser() {
        try {
            profile = Files.createTempDirectory("e2e-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /** The journeys' browser, closed by a shutdown hook. */
    public static synchronized PsuBrowser get() {
        if (instance == null) {
            instance = start();
        }
        return instance;
    }

    /**
     * A browser of its own, closed by a shutdown hook: for the fault tests, which run beside the journeys (a
     * WebDriver serves one thread at a time).
     */
    public static PsuBrowser start() {
        PsuBrowser browser = new PsuBrowser();
        Runtime.getRuntime().addShutdownHook(new Thread(browser::quit));
        return browser;
    }

    /** Opens a link (the gateway's scaRedirect) in a fresh session and follows it to the bank's login page. */
    public PsuBrowser open(String url) {
        driver.manage().deleteAllCookies();
        driver.get(url);
        return this;
    }

    public PsuBrowser logIn(String psu) {
        return logIn(psu, PASSWORD);
    }

    public PsuBrowser logIn(String psu, String password) {
        element(By.name("username")).sendKeys(psu);
        element(By.name("password")).sendKeys(password);
        submit("Log in");
        return this;
    }

    /** Approves on the decision page (choosing the debtor account when the bank asks for one). */
    public PsuBrowser approve(String debtorIbanIfAsked) {
        if (debtorIbanIfAsked != null && !driver.findElements(By.name("debtorAccount")).isEmpty()) {
            new Select(element(By.name("debtorAccount"))).selectByValue(debtorIbanIfAsked);
        }
        clickAndLeave(By.cssSelector("button[name='decision'][value='approve']"));
        return this;
    }

    /**
     * On the decision page of a bank-offered consent: ticks each access named, by its label as the page gives it
     * ({@code "Balances of DE49…"}, {@code "Transactions of …"}, {@code "Details of …"}).
     */
    public PsuBrowser choose(String... accessLabels) {
        for (String label : accessLabels) {
            element(By.cssSelector("input[type='checkbox'][aria-label='" + label + "']")).click();
        }
        return this;
    }

    public PsuBrowser approve() {
        return approve(null);
    }

    public PsuBrowser deny() {
        clickAndLeave(By.cssSelector("button[name='decision'][value='deny']"));
        return this;
    }

    public PsuBrowser otp(String code) {
        element(By.name("otp")).sendKeys(code);
        submit("Confirm");
        return this;
    }

    /**
     * Opens the link as {@link #open} does; true when it leads to the bank's login page, false when the gateway
     * answers that the bank cannot be reached and the PSU should try the same link again (the link stays usable).
     */
    public boolean reachesTheBank(String url) {
        open(url);
        try {
            new WebDriverWait(driver, STEP).ignoring(WebDriverException.class).until(ExpectedConditions.or(
                    ExpectedConditions.presenceOfElementLocated(By.name("username")),
                    ExpectedConditions.textToBePresentInElementLocated(By.tagName("body"), TRY_AGAIN)));
        } catch (TimeoutException e) {
            throw new AssertionError("The PSU's browser found neither the bank's login nor a page to try again on "
                    + driver.getCurrentUrl());
        }
        return !driver.findElements(By.name("username")).isEmpty();
    }

    /** The whole happy path from the bank's login page: login → approve → OTP 123456; the URL the browser ends on. */
    public String approveAllFromLogin(String psu) {
        return logIn(psu).approve().otp(OTP).landedUrl();
    }

    /** The whole happy path: link → login → approve → OTP 123456; answers the URL the browser ends on. */
    public String approveAll(String scaRedirect, String psu) {
        return open(scaRedirect).logIn(psu).approve().otp(OTP).landedUrl();
    }

    /**
     * The URL the browser ends on once it has left the bank's SCA pages (after the redirects back through the
     * gateway to the TPP): a form submission returns before its redirects are followed, so this waits for them.
     */
    public String landedUrl() {
        return landedOutside("/sca/");
    }

    /**
     * On the bank's OAuth login page (BANK-API.md "OAuth logins"): logs in and allows; answers the URL the browser
     * ends on once it has left the bank, back through the gateway's callback to the client's redirect URI.
     */
    public String logInAndAllow(String psu) {
        element(By.name("username")).sendKeys(psu);
        element(By.name("password")).sendKeys(PASSWORD);
        clickAndLeave(By.cssSelector("button[name='decision'][value='allow']"));
        return landedOutside("/oauth-login/");
    }

    private String landedOutside(String bankPath) {
        try {
            new WebDriverWait(driver, STEP).until(d -> !d.getCurrentUrl().contains(bankPath)
                    && "complete".equals(((JavascriptExecutor) d).executeScript("return document.readyState")));
        } catch (TimeoutException e) {
            throw new AssertionError("The PSU's browser stayed on " + driver.getCurrentUrl() + ", page: " + pageText());
        }
        return driver.getCurrentUrl();
    }

    /**
     * The PSU revokes, in the bank's own online banking ({@code GET /online-banking}), the valid consent it gave to
     * the provider of this name.
     */
    public PsuBrowser revokeInOnlineBanking(String bankUrl, String psu, String tppName) {
        open(bankUrl + "/online-banking").logIn(psu);
        clickAndLeave(By.xpath("//tr[td[@class='tpp' and normalize-space()='" + tppName + "']]//button[normalize-space()='Revoke']"));
        new WebDriverWait(driver, STEP).until(ExpectedConditions.presenceOfElementLocated(By.id("consents")));
        submit("Log out");
        return this;
    }

    /** Whether the page the browser is on asks the PSU to log in (the bank's SCA login form). */
    public boolean offersLogin() {
        return !driver.findElements(By.name("username")).isEmpty();
    }

    public String currentUrl() {
        return driver.getCurrentUrl();
    }

    public String pageText() {
        return driver.findElement(By.tagName("body")).getText();
    }

    /**
     * An element of the page the browser is on or is loading (a click on a submit button may return before the
     * next page is there); when it does not come, the failure names the page the browser is on.
     */
    private WebElement element(By by) {
        try {
            WebDriverWait wait = new WebDriverWait(driver, STEP);
            wait.ignoring(WebDriverException.class);
            return wait.until(ExpectedConditions.presenceOfElementLocated(by));
        } catch (TimeoutException e) {
            String text;
            try {
                text = driver.findElement(By.tagName("body")).getText();
            } catch (RuntimeException none) {
                text = "(no page)";
            }
            throw new AssertionError("The PSU's browser expected " + by + " on " + driver.getCurrentUrl() + ", page: " + text);
        }
    }

    private void submit(String label) {
        clickAndLeave(By.xpath("//button[normalize-space()='" + label + "'] | //input[@type='submit' and @value='"
                + label + "']"));
    }

    /**
     * Clicks a form button and waits until the browser has left the page (the mark set on the old page's window is
     * gone): without this, the next lookup could be answered by the old page while the new one loads, and Chromium
     * then refuses to act on a node of a document it has replaced.
     */
    private void clickAndLeave(By button) {
        ((JavascriptExecutor) driver).executeScript("window.xs2aLeaving = true");
        element(button).click();
        try {
            WebDriverWait wait = new WebDriverWait(driver, STEP);
            wait.ignoring(WebDriverException.class);
            wait.until(d -> ((JavascriptExecutor) d).executeScript("return window.xs2aLeaving === undefined"
                    + " && document.readyState === 'complete'"));
        } catch (TimeoutException e) {
            throw new AssertionError("The PSU's browser stayed on " + driver.getCurrentUrl() + " after clicking " + button);
        }
    }

    /** Closes the browser and deletes its profile; again (the shutdown hook after its class did) does nothing. */
    public synchronized void quit() {
        if (quit) {
            return;
        }
        quit = true;
        try {
            driver.quit();
        } catch (RuntimeException e) {
            // the JVM may be ending; nothing left to clean but the profile
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            // best effort
        }
    }
}
