package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.api.ApiServer;
import io.brine.api.TokenStore;
import io.brine.jobs.Job;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a real browser: headless Chromium (Debian's, driven by its chromedriver through Selenium) against
 * a real master and two minion processes. An operator signs in, accepts a pending key after comparing its
 * fingerprint, sees both minions up, runs a command from the Run page and watches its return arrive without
 * reloading, opens the job from the Jobs page, kills a long job, and sees a minion go down when its process stops.
 * Screenshots of each page go to {@code target/console-screenshots/} for review.
 */
class ConsoleBrowserIT {
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Path SHOTS = Path.of("target", "console-screenshots").toAbsolutePath();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private TestCluster cluster;
    private ApiServer api;
    private WebDriver browser;
    private final java.util.List<Process> minions = new java.util.ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        for (Process p : minions) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (api != null) {
            api.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void anOperatorRunsFollowsKillsAndAcceptsInARealBrowser() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
                "needs chromium and chromium-driver (scripts/install-test-packages installs them)");
        cluster = TestCluster.start(dir, "api: {interface: 127.0.0.1, port: 0}\npublisher_acl:\n"
                + "  token:ops: ['*', '@keys', '@events', '@jobs']\n  token:web-ops:\n    - 'web1': [test.*]\n");
        api = ApiServer.start(cluster.master);
        String token;
        String restricted;
        try (TokenStore tokens = TokenStore.forMaster(cluster.master.config())) {
            token = tokens.create("ops", null);
            restricted = tokens.create("web-ops", null);
        }
        minions.add(startMinion("web1"));
        Process web2 = startMinion("web2");
        minions.add(web2);
        Await.until(() -> cluster.master.keys().list().pending().containsAll(java.util.List.of("web1", "web2")),
                "both keys pending", WAIT);
        assertEquals(0, cluster.cli("key", "accept", "web1").exit());
        browser = chromium();
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        String ui = api.address() + "/ui/";

        browser.get(ui);
        wait.until(ExpectedConditions.urlContains("/ui/login"));
        shot("login");
        browser.findElement(By.id("token")).sendKeys(token);
        browser.findElement(By.cssSelector("form.login button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("fleet")));

        // Keys: web2 waits; accepting it shows its fingerprint first
        browser.get(ui + "keys");
        shot("keys");
        browser.findElement(By.cssSelector("#keys-pending a[href='/ui/keys/web2/accept']")).click();
        String finger = cluster.master.keys().fingerprint("web2").orElseThrow();
        assertEquals(finger, wait.until(ExpectedConditions.presenceOfElementLocated(By.id("fingerprint"))).getText());
        shot("key-confirm");
        browser.findElement(By.id("confirm")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#keys-accepted tr[data-key='web2']")));
        assertTrue(cluster.master.keys().list().accepted().contains("web2"));

        // Fleet: both up (the page refreshes its table itself)
        browser.get(ui);
        wait.until(ExpectedConditions.textToBe(By.id("count-up"), "2"));
        shot("fleet");

        // Run: a command on web1, checked first, then followed live on its job page
        browser.get(ui + "run");
        browser.findElement(By.id("tgt")).sendKeys("web1");
        browser.findElement(By.id("fun")).sendKeys("cmd.run");
        browser.findElement(By.id("arg")).sendKeys("sleep 2; echo '<b>arrived</b> live'");
        browser.findElement(By.id("check")).click();
        assertEquals("1", wait.until(ExpectedConditions.presenceOfElementLocated(By.id("resolved-count"))).getText());
        shot("run-check");
        browser.findElement(By.id("confirm")).click();
        wait.until(ExpectedConditions.urlMatches("/ui/jobs/\\d{20}$"));
        String jid = browser.getCurrentUrl().substring(browser.getCurrentUrl().lastIndexOf('/') + 1);
        ((JavascriptExecutor) browser).executeScript("window.stillThisPage = true;");
        assertEquals("running", browser.findElement(By.id("job-state")).getText(), "the page opened before the return");
        WebElement row = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#returns tr.ok")));
        assertTrue(row.getText().contains("<b>arrived</b> live"), "shown as text: " + row.getText());
        assertEquals("1", browser.findElement(By.id("returned")).getText());
        // when it ends, the job's part of the page is rendered again by the server, still without a reload
        wait.until(ExpectedConditions.textToBe(By.id("job-state"), "succeeded"));
        assertEquals(Boolean.TRUE, ((JavascriptExecutor) browser).executeScript("return window.stillThisPage === true;"),
                "the return arrived without a reload");
        assertTrue(browser.findElements(By.id("kill")).isEmpty(), "no kill button on an ended job");
        shot("job-live");

        // Jobs: the job is listed; opening it shows its return
        browser.get(ui + "jobs");
        shot("jobs");
        browser.findElement(By.cssSelector("#jobs a[href='/ui/jobs/" + jid + "']")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#returns tr.ok")));

        // Kill: a long job stopped from its page
        browser.get(ui + "run?tgt=web1&tgt_type=list");
        browser.findElement(By.id("fun")).sendKeys("cmd.run");
        browser.findElement(By.id("arg")).sendKeys("sleep 120");
        browser.findElement(By.id("check")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.id("confirm"))).click();
        wait.until(ExpectedConditions.urlMatches("/ui/jobs/\\d{20}$"));
        String longJid = browser.getCurrentUrl().substring(browser.getCurrentUrl().lastIndexOf('/') + 1);
        Await.until(() -> cluster.master.client().running(longJid), "the long job running", WAIT);
        browser.findElement(By.id("kill")).click();
        assertTrue(wait.until(ExpectedConditions.presenceOfElementLocated(By.id("kill-outcome"))).getText()
                .contains("kill was sent"));
        Job killed = cluster.master.client().job(longJid, WAIT).orElseThrow();
        assertTrue(killed.complete() && !killed.succeeded(), "killed, not finished: " + killed);

        browser.get(ui + "events");
        shot("events");
        browser.get(ui + "overview");
        wait.until(ExpectedConditions.attributeToBe(By.cssSelector("section.plots"), "data-drawn", "true"));
        shot("overview");
        browser.get(ui + "minions/web1");
        shot("minion");

        // A minion whose process stops is shown down without a reload
        browser.get(ui);
        wait.until(ExpectedConditions.textToBe(By.id("count-up"), "2"));
        web2.destroy();
        assertTrue(web2.waitFor(20, TimeUnit.SECONDS));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr.down[data-minion='web2']")));
        assertEquals("1", browser.findElement(By.id("count-up")).getText());
        shot("fleet-down");

        // A token granted test.* on web1 alone sees web1 alone, and is shown its refusals
        browser.findElement(By.cssSelector("form.signout button")).click();
        wait.until(ExpectedConditions.urlContains("/ui/login"));
        browser.findElement(By.id("token")).sendKeys(restricted);
        browser.findElement(By.cssSelector("form.login button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr[data-minion='web1']")));
        assertTrue(browser.findElements(By.cssSelector("tr[data-minion='web2']")).isEmpty(), "web2 is beyond its grants");
        browser.get(ui + "run");
        browser.findElement(By.id("tgt")).sendKeys("web1");
        browser.findElement(By.id("fun")).sendKeys("cmd.run");
        browser.findElement(By.id("arg")).sendKeys("id");
        browser.findElement(By.id("check")).click();
        assertEquals("'token:web-ops' may not run cmd.run on any minion", wait.until(
                ExpectedConditions.presenceOfElementLocated(By.id("refusal"))).getText());
        assertTrue(browser.findElements(By.id("confirm")).isEmpty(), "no button that would run it");
        shot("run-refused");
        browser.get(ui + "keys");
        assertTrue(browser.findElement(By.cssSelector("[role=alert]")).getText().contains("needs @keys"));
        assertTrue(cluster.master.client().jobs(50).stream().noneMatch(j -> j.caller().equals("token:web-ops")),
                "it published nothing");
    }

    private WebDriver chromium() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // --no-sandbox: CI runs the tests as root, where Chromium's sandbox will not start
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--user-data-dir=" + dir.resolve("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().withLogFile(dir.resolve("chromedriver.log").toFile()).build();
        return new ChromeDriver(service, options);
    }

    private void shot(String page) throws Exception {
        Files.createDirectories(SHOTS);
        File png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(png.toPath(), SHOTS.resolve(page + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private Process startMinion(String id) throws Exception {
        Path yaml = Files.writeString(dir.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1\nmaster_port: "
                + cluster.port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: " + dir.resolve(id + "/pki")
                + "\ncachedir: " + dir.resolve(id + "/cache") + "\n");
        return new ProcessBuilder("java", "-jar", JAR.toString(), "minion", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve(id + ".log").toFile())).start();
    }
}
