package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent that never renders a template never loads the template engine (Jinjava, its libraries and the Jackson
 * databind it uses: about 1,000 classes and over 10 MiB of a minion's memory). Proved on a real {@code brine minion} in a JVM of its own, whose
 * class loading is logged ({@code -Xlog:class+load}) to a file: after test.ping, cmd.run and a state.single (a
 * state job that renders nothing) have returned, no Jinjava class is in it; after a state apply with a template,
 * some are. The last check is what makes the first
 * mean something: the log is live, and Jinjava's classes are named as this test looks for them.
 */
class TemplateEngineLoadsLazilyTest {
    private static final String JINJAVA = "com.hubspot.jinjava.";
    private static final Duration CALL = Duration.ofSeconds(30);

    @TempDir
    Path root;

    @Test
    void aMinionLoadsJinjavaOnlyWhenItFirstRendersATemplate() throws Exception {
        Path states = Files.createDirectories(root.resolve("states/lazy"));
        Files.writeString(states.resolve("greeting.j2"), "hello from {{ grains['id'] }}\n");
        Path out = root.resolve("out");
        Files.writeString(states.resolve("init.sls"), "{{ '" + out.resolve("greeting.txt") + "' }}:\n"
                + "  file.managed:\n    - source: brine://lazy/greeting.j2\n    - template: jinja\n"
                + "    - makedirs: true\n");
        try (TestCluster c = TestCluster.start(root, "auto_accept: true\nfile_roots:\n  base:\n    - "
                + states.getParent() + "\n")) {
            Path yaml = Files.writeString(root.resolve("minion.yaml"), "id: lazy1\nmaster: 127.0.0.1\nmaster_port: "
                    + c.port + "\nmaster_tofu: true\npki_dir: " + root.resolve("m/pki") + "\ncachedir: "
                    + root.resolve("m/cache") + "\nfile_roots_allowed:\n  - " + root + "\n");
            Path classes = root.resolve("classes.log");
            List<String> cmd = new ArrayList<>(BrineProcess.command(System.getProperty("java.class.path"),
                    List.of("-Xlog:class+load=info:file=" + classes), "minion", "-c", yaml.toString(),
                    "--log-level", "warning"));
            Process minion = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(root.resolve("minion.log").toFile()).start();
            try {
                awaitPing(c, root.resolve("minion.log"));
                MinionResult ran = call(c, JobSpec.of("lazy1", "cmd.run", "echo ran"));
                assertEquals("ran", String.valueOf(ran.ret()).strip(), "cmd.run's output");
                Path single = out.resolve("single");
                MinionResult state = call(c, JobSpec.of("lazy1", "state.single", "file.directory")
                        .withKwargs(Map.of("name", single.toString(), "makedirs", true)));
                assertTrue(state.success() && Files.isDirectory(single), "state.single: " + state.ret());
                String beforeRender = Files.readString(classes);
                assertTrue(beforeRender.contains("io.brine.minion.Minion "), "the class log is this minion's");
                assertFalse(beforeRender.contains(JINJAVA), "Jinjava loaded before any template was rendered: "
                        + beforeRender.lines().filter(l -> l.contains(JINJAVA)).findFirst().orElse(""));

                MinionResult applied = call(c, JobSpec.of("lazy1", "state.apply", "lazy"));
                assertTrue(applied.success(), "state.apply: " + applied.ret());
                assertEquals("hello from lazy1", Files.readString(out.resolve("greeting.txt")).strip());
                assertTrue(Files.readString(classes).contains(JINJAVA), "the render loaded Jinjava");
            } finally {
                minion.destroy();
                if (!minion.waitFor(30, TimeUnit.SECONDS)) {
                    minion.destroyForcibly();
                }
            }
        }
    }

    /** Pings until the new minion answers: its key is accepted on first sight (auto_accept). */
    private static void awaitPing(TestCluster c, Path minionLog) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Job ping;
        do {
            ping = c.master.client().call(JobSpec.of("lazy1", "test.ping").withTimeout(Duration.ofSeconds(2)));
        } while (ping.returns().isEmpty() && System.nanoTime() < deadline);
        assertTrue(ping.returns().containsKey("lazy1"), "the minion process never answered test.ping; its output: "
                + Files.readString(minionLog));
        assertEquals(true, ping.returns().get("lazy1").ret(), "test.ping");
    }

    private static MinionResult call(TestCluster c, JobSpec spec) throws InterruptedException {
        Job job = c.master.client().call(spec.withTimeout(CALL));
        MinionResult r = job.returns().get("lazy1");
        assertTrue(r != null, spec.function() + " did not return");
        return r;
    }
}
