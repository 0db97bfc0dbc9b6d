package io.brine.modules.cmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.modules.Calls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Salt's cmd.* siblings of cmd.run: one way of running, each its own return shape. */
class CmdSiblingsTest {
    @TempDir
    Path dir;

    @Test
    void eachSiblingReturnsItsOwnShapeAndTheCommandsExitStatus() throws Exception {
        String cmd = "echo out; echo err >&2; exit 3";
        FunctionResult all = (FunctionResult) Calls.callWith("cmd.run_all", Map.of("cmd", cmd));
        assertEquals(List.of("pid", "retcode", "stdout", "stderr"), List.copyOf(((Map<?, ?>) all.ret()).keySet()));
        assertEquals(3, all.retcode());
        assertResult(new FunctionResult("out", 3), Calls.callWith("cmd.run_stdout", Map.of("cmd", cmd)));
        assertResult(new FunctionResult("err", 3), Calls.callWith("cmd.run_stderr", Map.of("cmd", cmd)));
        assertResult(new FunctionResult(3, 3), Calls.callWith("cmd.retcode", Map.of("cmd", cmd)));
    }

    @Test
    void cmdRunReturnsTheStandardOutputAsSaltsDoes() throws Exception {
        assertResult(new FunctionResult("out", 3), Calls.callWith("cmd.run", Map.of("cmd",
                "echo out; echo err >&2; exit 3")));
    }

    @Test
    void withoutPythonShellALineIsSplitIntoWordsAndNothingIsExpanded() throws Exception {
        FunctionResult r = (FunctionResult) Calls.callWith("cmd.run_stdout",
                Map.of("cmd", "printf '%s|%s|%s' \"two words\" $HOME 'a;b'", "python_shell", false));
        assertEquals("two words|$HOME|a;b", r.ret());
        FunctionException e = assertThrows(FunctionException.class, () -> Calls.callWith("cmd.run",
                Map.of("cmd", "echo 'unterminated", "python_shell", false)));
        assertTrue(e.getMessage().contains("unterminated"), e.getMessage());
    }

    @Test
    void theShellCanBeChosen() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")));
        FunctionResult r = (FunctionResult) Calls.callWith("cmd.run_stdout",
                Map.of("cmd", "echo ${BASH_VERSION:+bash}", "shell", "/bin/bash"));
        assertEquals("bash", r.ret());
    }

    @Test
    void runasRunsTheCommandAsThatUser() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().map("root"::equals).orElse(false), "runuser needs root");
        FunctionResult r = (FunctionResult) Calls.callWith("cmd.run_stdout", Map.of("cmd", "id -un", "runas", "nobody"));
        assertEquals("nobody", r.ret());
    }

    @Test
    void withCmdAllowedNeitherTheShellNorTheEnvironmentCanBeChosen() throws Exception {
        io.brine.functions.FunctionPolicy onlyEcho = new io.brine.functions.FunctionPolicy(List.of("*"), List.of(),
                List.of("echo \\w+"));
        Instant deadline = Instant.now().plusSeconds(30);
        try (io.brine.functions.ProcessRunner runner = new io.brine.functions.ProcessRunner(System.getLogger("t"))) {
            FunctionContext ctx = new FunctionContext("minion1", "20240101000000000003", Map.of(), MasterLink.NONE,
                    deadline, Calls.REGISTRY, dir, MinionControl.NONE, onlyEcho, runner.until(deadline));
            assertEquals("hi", Calls.call(ctx, "cmd.run_stdout", List.of("echo hi"), Map.of()) instanceof FunctionResult r
                    ? r.ret() : null);
            FunctionException shell = assertThrows(FunctionException.class, () -> Calls.call(ctx, "cmd.run",
                    List.of("echo hi"), Map.of("shell", "/bin/dash")));
            assertEquals(77, shell.retcode());
            FunctionException env = assertThrows(FunctionException.class, () -> Calls.call(ctx, "cmd.run",
                    List.of("echo hi"), Map.of("env", Map.of("BASH_ENV", "/tmp/evil"))));
            assertTrue(env.getMessage().contains("env is refused"), env.getMessage());
            // a script is checked as the caller named it, before anything is fetched
            FunctionException script = assertThrows(FunctionException.class, () -> Calls.call(ctx, "cmd.script",
                    List.of("brine://fix.sh"), Map.of("args", "now")));
            assertEquals(77, script.retcode());
            assertTrue(script.getMessage().contains("'brine://fix.sh now'"), script.getMessage());
        }
    }

    @Test
    void aScriptFromTheMastersFileRootsRunsWithItsArguments() throws Exception {
        Path served = Files.writeString(dir.resolve("hello.sh"), "#!/bin/sh\necho \"hello $1 $2\"\nexit 4\n");
        FunctionResult r = (FunctionResult) Calls.call(context(Map.of("scripts/hello.sh", served)), "cmd.script",
                List.of("brine://scripts/hello.sh"), Map.of("args", "'big world' again"));
        Map<?, ?> ret = (Map<?, ?>) r.ret();
        assertEquals("hello big world again", ret.get("stdout"));
        assertEquals(4, r.retcode());
        assertEquals(List.of(), listing(dir.resolve("cache/scripts")), "the private copy is removed");
        // without a #! line the script goes through the shell
        Files.writeString(dir.resolve("plain.sh"), "echo plain\n");
        FunctionResult plain = (FunctionResult) Calls.call(context(Map.of("plain.sh", dir.resolve("plain.sh"))),
                "cmd.script", List.of("salt://plain.sh"), Map.of());
        assertEquals("plain", ((Map<?, ?>) plain.ret()).get("stdout"));
    }

    @Test
    void aScriptRunsAsTheRunasUser() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().map("root"::equals).orElse(false), "runuser needs root");
        Path served = Files.writeString(dir.resolve("who.sh"), "#!/bin/sh\nid -un\n");
        FunctionResult r = (FunctionResult) Calls.call(context(Map.of("who.sh", served)), "cmd.script",
                List.of("brine://who.sh"), Map.of("runas", "nobody"));
        assertEquals("nobody", ((Map<?, ?>) r.ret()).get("stdout"), r.toString());
    }

    /** Salt's cmd functions run through the minion's shell: bash where it exists, whose syntax formulas use. */
    @Test
    void aCommandLineRunsThroughBashWhereItExists() throws Exception {
        String expected = Files.isExecutable(Path.of("/bin/bash")) ? "bash pipefail" : "";
        assertResult(new FunctionResult(expected, 0), Calls.callWith("cmd.run_stdout", Map.of("cmd",
                "[[ -n \"$BASH_VERSION\" ]] && set -o pipefail && echo bash pipefail || true")));
    }

    @Test
    void anExplicitNullIsNoValueSoTheDefaultHolds() throws Exception {
        java.util.HashMap<String, Object> kwargs = new java.util.HashMap<>();
        kwargs.put("cmd", "echo $0");
        kwargs.put("shell", null);
        assertResult(new FunctionResult(io.brine.functions.FunctionPolicy.DEFAULT_SHELL, 0),
                Calls.callWith("cmd.run_stdout", kwargs));
        kwargs.put("cmd", null);
        FunctionException e = assertThrows(FunctionException.class, () -> Calls.callWith("cmd.run", kwargs));
        assertTrue(e.getMessage().contains("missing its required argument 'cmd'"), e.getMessage());
    }

    @Test
    void aScriptTheMasterDoesNotHaveIsAFailureNamingIt() {
        FunctionException e = assertThrows(FunctionException.class, () -> Calls.call(context(Map.of()),
                "cmd.script", List.of("brine://missing.sh"), Map.of()));
        assertTrue(e.getMessage().contains("brine://missing.sh"), e.getMessage());
        assertThrows(FunctionException.class, () -> Calls.call(context(Map.of()), "cmd.script",
                List.of("/etc/passwd"), Map.of()));
    }

    private FunctionContext context(Map<String, Path> files) {
        MasterLink master = new MasterLink() {
            @Override
            public Map<String, Object> pillar() {
                return Map.of();
            }

            @Override
            public Optional<Path> file(String path) {
                return Optional.ofNullable(files.get(path));
            }
        };
        return new FunctionContext("minion1", "20240101000000000001", Map.of(), master,
                Instant.now().plusSeconds(60), Calls.REGISTRY, dir.resolve("cache"), MinionControl.NONE);
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.toList();
        }
    }

    /** The value and the retcode; how large the output was in full ({@code uncutBytes}) is for the marker alone. */
    private static void assertResult(FunctionResult expected, Object actual) {
        FunctionResult r = (FunctionResult) actual;
        assertEquals(expected, new FunctionResult(r.ret(), r.retcode()));
    }
}
