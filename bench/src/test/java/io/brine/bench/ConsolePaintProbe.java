package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.api.ApiServer;
import io.brine.api.TokenStore;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.ApiConfig;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web console at fleet scale, measured in headless Chromium against an in-process swarm of 1,000 minions: the
 * Fleet page's first contentful paint, the job page following a 1,000-minion broadcast live, and the console's
 * heap on the master. Run by hand (it matches no test pattern):
 * {@code mvn -o -pl bench test -Dtest=ConsolePaintProbe -Dsurefire.failIfNoSpecifiedTests=false}; it prints
 * medians, and asserts only that what it measured was complete.
 */
class ConsolePaintProbe {
    private static final int MINIONS = Integer.getInteger("probe.minions", 1000);
    private static final int LOADS = 7;

    @TempDir
    Path dir;

    @Test
    void measure() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromium")) && Files.isExecutable(Path.of("/usr/bin/chromedriver")));
        PrintWriter out = new PrintWriter(System.out, true);
        BenchOptions options = BenchOptions.defaults(dir).withMinionCounts(List.of(MINIONS)).withScenarios(List.of());
        try (Cluster cluster = Cluster.start(options, out)) {
            cluster.growTo(MINIONS);
            TokenStore tokens = TokenStore.open(dir.resolve("api_tokens.json"));
            String token = tokens.create("bench", null);
            long before = heapAfterGc();
            ApiServer bare = ApiServer.start(cluster.master(), new ApiConfig("127.0.0.1", 0, null, null, false), tokens);
            long apiOnly = heapAfterGc();
            bare.close();
            ApiServer api = ApiServer.start(cluster.master(), new ApiConfig("127.0.0.1", 0, null, null, true), tokens);
            long withConsole = heapAfterGc();
            out.printf("heap after GC: master %.1f MiB; the API adds %.2f MiB, the API with the console %.2f MiB%n",
                    before / 1048576.0, (apiOnly - before) / 1048576.0, (withConsole - before) / 1048576.0);
            WebDriver browser = chromium();
            try {
                WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(120));
                String ui = api.address() + "/ui/";
                browser.get(ui + "login");
                browser.findElement(By.id("token")).sendKeys(token);
                browser.findElement(By.cssSelector("form.login button")).click();
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("fleet")));
                List<Double> paints = new ArrayList<>();
                List<Double> loads = new ArrayList<>();
                for (int i = 0; i < LOADS; i++) {
                    browser.get(ui);
                    wait.until(ExpectedConditions.textToBe(By.id("count-up"), String.valueOf(MINIONS)));
                    assertEquals(MINIONS, browser.findElements(By.cssSelector("#fleet tbody tr")).size());
                    paints.add(number(browser, "return performance.getEntriesByName('first-contentful-paint')[0]"
                            + ".startTime"));
                    loads.add(number(browser, "var n = performance.getEntriesByType('navigation')[0];"
                            + " return n.responseEnd - n.requestStart;"));
                }
                out.printf("Fleet, %d minions: first contentful paint median %.0f ms (%s), HTML served in median "
                        + "%.0f ms%n", MINIONS, median(paints), paints, median(loads));

                // A job that sleeps 2 s, so the page is open and following before the 1,000 returns arrive together
                List<Double> rowsLag = new ArrayList<>();
                List<Double> doneLag = new ArrayList<>();
                for (int round = 0; round < 3; round++) {
                    String jid = cluster.master().client().as("token:bench").cast(JobSpec.of("m*", "test.sleep", 2));
                    browser.get(ui + "jobs/" + jid);
                    assertEquals("running", browser.findElement(By.id("job-state")).getText(), "opened before the returns");
                    long rowsAt = until(browser, "return document.querySelectorAll('#returns tr.ok').length === "
                            + MINIONS + ";");
                    long doneAt = until(browser, "var s = document.getElementById('job-state');"
                            + " return s !== null && s.textContent === 'succeeded';");
                    Job job = cluster.master().client().job(jid).orElseThrow();
                    long lastReturn = job.returns().values().stream().mapToLong(r -> r.end().toEpochMilli()).max()
                            .orElseThrow();
                    rowsLag.add((double) (rowsAt - lastReturn));
                    doneLag.add((double) (doneAt - lastReturn));
                }
                out.printf("Job page following a %d-minion job live: all %d returns on the page %s ms after the last "
                        + "one reached the master (median %.0f); the job shown ended (re-rendered whole) %s ms after "
                        + "(median %.0f)%n", MINIONS, MINIONS, rowsLag, median(rowsLag), doneLag, median(doneLag));
                long afterUse = heapAfterGc();
                out.printf("heap after GC after the browser's visits: %.2f MiB above the master alone%n",
                        (afterUse - before) / 1048576.0);
            } finally {
                browser.quit();
                api.close();
                tokens.close();
            }
        }
    }

    private WebDriver chromium() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(Path.of("/usr/bin/chromium").toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--user-data-dir=" + dir.resolve("chromium"));
        return new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(
                Path.of("/usr/bin/chromedriver").toFile()).usingAnyFreePort().build(), options);
    }

    /** When (epoch ms) {@code condition} first held in the page, polled every 10 ms: a probe, not a test. */
    private static long until(WebDriver browser, String condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            if (Boolean.TRUE.equals(((JavascriptExecutor) browser).executeScript(condition))) {
                return System.currentTimeMillis();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("never held: " + condition);
    }

    private static double number(WebDriver browser, String script) {
        return ((Number) ((JavascriptExecutor) browser).executeScript(script)).doubleValue();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200); // lets reference processing finish between collections; this is a probe, not a test
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
