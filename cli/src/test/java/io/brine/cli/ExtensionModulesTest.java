package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.ExtensionSources;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extension modules end to end (issue 29): the shell and Python examples of examples/extensions in a minion's
 * extension directory, reached through a master: listed and documented, their arguments checked by the master
 * before it publishes, their returns and retcodes, a state extension in an SLS with a requisite and test mode,
 * and sys.reload_modules registering one added later, which the master then takes.
 */
class ExtensionModulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path EXAMPLES = Path.of("../examples/extensions").toAbsolutePath().normalize();

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Path extensions;

    @BeforeAll
    static void start() throws Exception {
        extensions = Files.createDirectories(root.resolve("extensions"));
        for (String name : List.of("hello", "kv")) {
            Files.copy(EXAMPLES.resolve(name), extensions.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
            Files.copy(EXAMPLES.resolve(name + ".yaml"), extensions.resolve(name + ".yaml"));
        }
        // one that takes a built-in's name: refused, while the others load
        script("cmd", "module: cmd\nfunctions:\n  run:\n    doc: Not the real one.\n", "echo '{\"ret\": \"fake\"}'");
        Path states = Files.createDirectories(root.resolve("states"));
        Path dir = root.resolve("made-by-state");
        Files.writeString(states.resolve("kvtest.sls"), """
                settings:
                  kv.present:
                    - name: %s/app.conf
                    - key: color
                    - value: blue
                    - require:
                      - file: settings-dir

                settings-dir:
                  file.directory:
                    - name: %s
                """.formatted(dir, dir));
        cluster = TestCluster.start(root, "auto_accept: true\nfile_roots:\n  base:\n    - " + states + "\n");
        Minion m = cluster.addMinion("ext1", c -> c.withExtensions(new ExtensionSources(List.of(extensions),
                List.of())).withFileRootsAllowed(List.of(root)));
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
        Await.until(() -> cluster.cli("run", "ext1", "hello.greet", "who=x").exit() == 0, "ext1's functions",
                Duration.ofSeconds(15));
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void extensionsAreListedAndDocumentedWithTheBuiltIns() throws Exception {
        JsonNode names = run("sys.list_functions", "hello");
        assertEquals("[\"hello.greet\"]", names.get("ret").toString());
        JsonNode all = run("sys.list_functions").get("ret");
        assertTrue(all.toString().contains("\"kv.get\"") && all.toString().contains("\"cmd.run\""), all.toString());
        JsonNode doc = run("sys.doc", "hello.greet").get("ret").get("hello.greet");
        assertEquals("Greets someone.", doc.get("doc").asText());
        assertEquals("whom to greet", doc.get("params").get(0).get("doc").asText());
        assertTrue(run("sys.list_functions", "kind=state").get("ret").toString().contains("kv.present"));
    }

    @Test
    void theMasterChecksAnExtensionsArgumentsBeforePublishing() {
        TestCluster.CliResult missing = cluster.cli("run", "ext1", "hello.greet", "times=2");
        assertEquals(2, missing.exit(), missing.out() + missing.err());
        assertTrue(missing.err().contains("who") && missing.err().contains("nothing was published"), missing.err());
        TestCluster.CliResult typed = cluster.cli("run", "ext1", "hello.greet", "who=x", "times=many");
        assertEquals(2, typed.exit(), typed.out() + typed.err());
        assertTrue(typed.err().contains("nothing was published"), typed.err());
    }

    @Test
    void returnsAndRetcodesComeBackAsTheExtensionSaid() throws Exception {
        JsonNode ok = run("hello.greet", "who=Ann", "times=2");
        assertEquals("Hello, Ann! Hello, Ann!", ok.get("ret").asText(), ok.toString());
        assertTrue(ok.get("success").asBoolean());
        JsonNode refused = run("hello.greet", "who=Ann", "times=500");
        assertFalse(refused.get("success").asBoolean());
        assertEquals(2, refused.get("retcode").asInt(), refused.toString());
        assertTrue(refused.get("ret").asText().contains("times must be from 1 to 100"), refused.toString());
        JsonNode builtIn = run("cmd.run", "echo real");
        assertEquals("real", builtIn.get("ret").asText().strip(), "the colliding extension did not replace cmd.run");
    }

    @Test
    void aStateExtensionRunsInAnSlsWithARequisiteAndTestMode() throws Exception {
        Path conf = root.resolve("made-by-state/app.conf");
        JsonNode test = run("state.apply", "kvtest", "test=True");
        assertTrue(test.toString().contains("color would be set to blue"), test.toString());
        assertFalse(Files.exists(conf.getParent()), "test mode changed nothing");

        JsonNode applied = run("state.apply", "kvtest");
        assertTrue(applied.get("success").asBoolean(), applied.toString());
        // the directory is declared after the setting: only the require put it first
        assertEquals("color=blue\n", Files.readString(conf));
        JsonNode again = run("state.apply", "kvtest");
        assertTrue(again.toString().contains("color is already blue"), again.toString());
    }

    @Test
    void reloadModulesRegistersAnExtensionAddedLaterAndTheMasterTakesIt() throws Exception {
        TestCluster.CliResult before = cluster.cli("run", "ext1", "later.answer");
        assertEquals(2, before.exit(), "not declared yet: " + before.err());
        script("later", "module: later\nfunctions:\n  answer:\n    doc: The answer.\n",
                "cat > /dev/null; echo '{\"ret\": 42, \"retcode\": 0}'");
        JsonNode reloaded = run("sys.reload_modules");
        assertTrue(reloaded.get("ret").get("registered").toString().contains("later.answer"), reloaded.toString());
        assertTrue(reloaded.get("ret").get("refused").toString().contains("module 'cmd' is built in"),
                reloaded.toString());
        Await.until(() -> cluster.cli("run", "ext1", "later.answer").exit() == 0, "later.answer declared",
                Duration.ofSeconds(10));
        assertEquals(42, run("later.answer").get("ret").asInt());
    }

    /** A job kill ends the extension's whole process tree, as it ends cmd.run's. */
    @Test
    void aKilledJobLeavesNoExtensionProcess() throws Exception {
        String seconds = "90." + java.util.concurrent.ThreadLocalRandom.current().nextInt(100_000, 999_999) + "1";
        script("waiter", "module: waiter\nfunctions:\n  wait:\n    doc: Waits.\n", "cat > /dev/null; sleep "
                + seconds + " & wait");
        run("sys.reload_modules");
        Await.until(() -> cluster.cli("run", "ext1", "sys.doc", "waiter.wait").out().contains("Waits."),
                "waiter.wait declared", Duration.ofSeconds(10));
        TestCluster.CliResult cast = cluster.cli("run", "--async", "--out", "json", "--timeout", "120", "ext1",
                "waiter.wait");
        assertEquals(0, cast.exit(), cast.out() + cast.err());
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Await.until(() -> !sleeping(seconds).isEmpty(), "the extension's sleep running", Duration.ofSeconds(15));
        assertEquals(0, cluster.cli("job", "kill", jid).exit());
        Await.until(() -> sleeping(seconds).isEmpty(), "no sleep left", Duration.ofSeconds(15));
        Await.until(() -> cluster.master.client().job(jid).map(j -> j.returns().containsKey("ext1")).orElse(false),
                "the killed job's return", Duration.ofSeconds(15));
        assertFalse(cluster.master.client().job(jid).orElseThrow().returns().get("ext1").success());
    }

    private static List<Long> sleeping(String seconds) {
        return ProcessHandle.allProcesses().filter(io.brine.functions.ProcessRunner::isRunning)
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(seconds)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }

    private static void script(String name, String manifest, String body) throws Exception {
        Files.writeString(extensions.resolve(name + ".yaml"), manifest);
        Path exe = extensions.resolve(name);
        Files.writeString(exe, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static JsonNode run(String... call) throws Exception {
        String[] args = new String[call.length + 4];
        args[0] = "run";
        args[1] = "--out";
        args[2] = "json";
        args[3] = "ext1";
        System.arraycopy(call, 0, args, 4, call.length);
        TestCluster.CliResult r = cluster.cli(args);
        return JSON.readTree(r.out()).get("returns").get("ext1");
    }
}
