package io.brine.minion.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.FunctionResult;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.ProcessRunner;
import java.lang.System.Logger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extension modules loaded from a directory of real executables and run through the minion's process runner. */
class ExtensionsTest {
    private static final Logger LOG = System.getLogger(ExtensionsTest.class.getName());
    private static final Path EXAMPLES = Path.of("../examples/extensions").toAbsolutePath().normalize();

    @TempDir
    Path dir;
    private final ProcessRunner processes = new ProcessRunner(LOG);

    @AfterEach
    void close() {
        processes.close();
    }

    @Test
    void theShellAndPythonExamplesRegisterBesideTheBuiltIns() throws Exception {
        example("hello");
        example("kv");
        Extensions.Loaded loaded = load();
        assertEquals(List.of(), loaded.refused());
        assertTrue(loaded.registry().find("hello.greet").isPresent());
        assertTrue(loaded.registry().find("kv.get").isPresent());
        assertTrue(loaded.registry().state("kv.present").isPresent(), "a state: true function is a state");
        assertFalse(loaded.registry().find("kv.present").isPresent());
        assertTrue(loaded.registry().find("cmd.run").isPresent(), "the built-ins stay");

        ExecutionFunction greet = loaded.registry().find("hello.greet").get();
        Object ret = call(greet, List.of("Ann"), Map.of("times", 2));
        assertEquals(new FunctionResult("Hello, Ann! Hello, Ann!", 0), ret);
        FunctionException refused = assertThrows(FunctionException.class, () -> call(greet, List.of(), Map.of()));
        assertTrue(refused.getMessage().contains("who"), "arguments checked before anything runs: "
                + refused.getMessage());
        FunctionException error = assertThrows(FunctionException.class,
                () -> call(greet, List.of("Ann"), Map.of("times", 0)));
        assertEquals("hello.greet: times must be from 1 to 100", error.getMessage());
        assertEquals(2, error.retcode(), "the executable's exit code");
    }

    /** A manifest taking a built-in name is refused; the other extensions still load. */
    @Test
    void aManifestCollidingWithABuiltInIsRefusedAndTheRestLoad() throws Exception {
        example("hello");
        script("cmd", "module: cmd\nfunctions:\n  run:\n    doc: Mine now.\n", "echo '{\"ret\": 1}'");
        script("mycmd", "module: mycmd\nfunctions:\n  run:\n    doc: Fine.\n", "echo '{\"ret\": 1}'");
        Extensions.Loaded loaded = load();
        assertEquals(1, loaded.refused().size(), loaded.refused().toString());
        assertTrue(loaded.refused().get(0).contains("module 'cmd' is built in"), loaded.refused().toString());
        assertTrue(loaded.registry().find("hello.greet").isPresent());
        assertTrue(loaded.registry().find("mycmd.run").isPresent());
        assertEquals("io.brine.modules.cmd.CmdRun", loaded.registry().find("cmd.run").get().getClass().getName());
    }

    @Test
    void unsafeOrIncompleteExtensionsAreRefusedWithWhy() throws Exception {
        script("open", "module: open\nfunctions: {f: {}}\n", "echo '{\"ret\": 1}'");
        Files.setPosixFilePermissions(dir.resolve("open"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.writeString(dir.resolve("lonely.yaml"), "module: lonely\nfunctions: {f: {}}\n");
        script("dup", "module: open2\nfunctions: {f: {}}\n", "echo '{\"ret\": 1}'");
        script("dup2", "module: open2\nfunctions: {g: {}}\n", "echo '{\"ret\": 1}'");
        List<String> refused = load().refused();
        assertEquals(3, refused.size(), refused.toString());
        assertTrue(refused.get(0).contains("module 'open2' is already registered by " + dir.resolve("dup.yaml")),
                refused.toString());
        assertTrue(refused.get(1).contains("no executable lonely beside it"), refused.toString());
        assertTrue(refused.get(2).contains("writable by every user"), refused.toString());
    }

    @Test
    void crashesGarbageAndTimeoutsAreFailedReturnsWithNoProcessLeft() throws Exception {
        script("bad", """
                module: bad
                functions:
                  crash: {}
                  garbage: {}
                  nothing: {}
                  slow: {timeout: 1}
                """, """
                case "$1" in
                  crash) echo 'Traceback: it broke' >&2; exit 3 ;;
                  garbage) echo 'this is not json'; echo 'details on stderr' >&2 ;;
                  nothing) exit 0 ;;
                  slow) sleep 300 & echo $! > "$(dirname "$0")/slow.pid"; wait ;;
                esac
                """);
        Extensions.Loaded loaded = load();
        FunctionException crash = assertThrows(FunctionException.class,
                () -> call(loaded.registry().find("bad.crash").get(), List.of(), Map.of()));
        assertEquals("bad.crash answered nothing (exit 3); stderr: Traceback: it broke", crash.getMessage());
        assertEquals(3, crash.retcode());
        FunctionException garbage = assertThrows(FunctionException.class,
                () -> call(loaded.registry().find("bad.garbage").get(), List.of(), Map.of()));
        assertEquals("bad.garbage did not answer one JSON document (exit 0): this is not json; stderr: details on "
                + "stderr", garbage.getMessage());
        assertEquals(1, garbage.retcode());
        assertThrows(FunctionException.class, () -> call(loaded.registry().find("bad.nothing").get(), List.of(),
                Map.of()));

        FunctionException slow = assertThrows(FunctionException.class,
                () -> call(loaded.registry().find("bad.slow").get(), List.of(), Map.of()));
        assertTrue(slow.getMessage().startsWith("bad.slow timed out after 1 s"), slow.getMessage());
        assertEquals(124, slow.retcode());
        long pid = Long.parseLong(Files.readString(dir.resolve("slow.pid")).strip());
        assertFalse(ProcessHandle.of(pid).map(ProcessRunner::isRunning).orElse(false),
                "the timeout killed the extension's child too");
    }

    /** A jar of FunctionModules compiled here: loaded in its own class loader, a colliding module refused. */
    @Test
    void javaModulesFromAnExtensionJarRegisterAndACollidingOneIsRefused() throws Exception {
        Path jar = compiledJar(Map.of(
                "ext/GreetModule", """
                        package ext;
                        import io.brine.functions.*;
                        import java.util.List;
                        public final class GreetModule implements FunctionModule {
                            public String name() { return "greetj"; }
                            public List<ExecutionFunction> execution() {
                                return List.of(new ExecutionFunction() {
                                    public String name() { return "greetj.greet"; }
                                    public String doc() { return "Greets someone."; }
                                    public List<Param> params() {
                                        return List.of(Param.required("who", Param.Type.STRING, "whom"));
                                    }
                                    public Object call(FunctionContext c, Arguments a) {
                                        return "Hello, " + a.string("who") + "!";
                                    }
                                });
                            }
                        }
                        """,
                "ext/FakeCmd", """
                        package ext;
                        import io.brine.functions.*;
                        public final class FakeCmd implements FunctionModule {
                            public String name() { return "cmd"; }
                        }
                        """));
        Extensions.Loaded loaded = Extensions.load(FunctionRegistry.installed(), List.of(), List.of(jar), LOG);
        assertEquals(1, loaded.refused().size(), loaded.refused().toString());
        assertTrue(loaded.refused().get(0).contains("ext.FakeCmd): module 'cmd' is built in"), loaded.refused().get(0));
        ExecutionFunction greet = loaded.registry().find("greetj.greet").orElseThrow();
        assertEquals("Hello, Ann!", call(greet, List.of("Ann"), Map.of()));
        assertTrue(greet.getClass().getClassLoader() != ExtensionsTest.class.getClassLoader(), "a loader of its own");
    }

    private Path compiledJar(Map<String, String> sources) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new java.util.ArrayList<>(List.of("-d", classes.toString(), "-cp",
                System.getProperty("java.class.path")));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null,
                args.toArray(String[]::new)), "the test's modules compile");
        Path jar = dir.resolve("ext.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("META-INF/services/io.brine.functions.FunctionModule"));
            out.write(String.join("\n", sources.keySet().stream().map(k -> k.replace('/', '.')).sorted().toList())
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            for (String name : sources.keySet()) {
                try (var classFiles = Files.walk(classes)) {
                    for (Path c : classFiles.filter(p -> p.toString().endsWith(".class")).toList()) {
                        String entry = classes.relativize(c).toString();
                        if (entry.startsWith(name)) {
                            out.putNextEntry(new java.util.jar.JarEntry(entry));
                            out.write(Files.readAllBytes(c));
                        }
                    }
                }
            }
        }
        return jar;
    }

    private Object call(ExecutionFunction f, List<Object> args, Map<String, Object> kwargs) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        FunctionContext ctx = new FunctionContext("m1", "20261129000000000001", Map.of("os", "Debian"),
                MasterLink.NONE, deadline, FunctionRegistry.of(List.of()), dir, MinionControl.NONE,
                FunctionPolicy.ALLOW_ALL, processes.until(deadline));
        return f.call(ctx, Arguments.bind(f.name(), f.params(), args, kwargs));
    }

    private Extensions.Loaded load() {
        return Extensions.load(FunctionRegistry.installed(), List.of(dir), List.of(), LOG);
    }

    private void example(String name) throws Exception {
        Files.copy(EXAMPLES.resolve(name), dir.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(EXAMPLES.resolve(name + ".yaml"), dir.resolve(name + ".yaml"));
    }

    private void script(String name, String manifest, String body) throws Exception {
        Files.writeString(dir.resolve(name + ".yaml"), manifest);
        Path exe = dir.resolve(name);
        Files.writeString(exe, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
