package io.brine.modules.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FileProbes;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A template's read-only file probes (docs/guest-policy.md, "Templates"): where the guest owner set no
 * file_roots_allowed they reach the whole file system, content only of what any local user may read and never the
 * minion's keys; where they set it, templates are confined to it as jobs are; jobs are confined either way.
 */
class TemplateProbesTest {
    @TempDir
    Path dir;
    Path pub;
    Path pki;

    @BeforeEach
    void tree() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        pub = Files.createDirectories(dir.resolve("pub"));
        Files.setPosixFilePermissions(pub, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(pub.resolve("motd"), "hello\n");
        Files.setPosixFilePermissions(pub.resolve("motd"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.writeString(pub.resolve("secret.conf"), "password\n");
        Files.setPosixFilePermissions(pub.resolve("secret.conf"), PosixFilePermissions.fromString("rw-------"));
        Files.createSymbolicLink(pub.resolve("link"), pub.resolve("motd"));
        Path hidden = Files.createDirectories(dir.resolve("hidden"));
        Files.writeString(hidden.resolve("readable"), "inside a private folder\n");
        Files.setPosixFilePermissions(hidden.resolve("readable"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(hidden, PosixFilePermissions.fromString("rwx------"));
        pki = Files.createDirectories(dir.resolve("pki"));
        Files.writeString(pki.resolve("minion.pub"), "key\n");
        Files.setPosixFilePermissions(pki.resolve("minion.pub"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(pki, PosixFilePermissions.fromString("rwxr-xr-x")); // even so: never probed
    }

    private FunctionContext template(FileProbes probes) {
        return Calls.context(Map.of(), Duration.ofMinutes(1), new Calls.Allowing(List.of(), List.of(dir.resolve("roots")), probes))
                .forTemplates();
    }

    private Object call(FunctionContext context, String function, String path) throws Exception {
        return Calls.call(context, function, List.of(path), Map.of());
    }

    private String refusal(FunctionContext context, String function, String path) {
        return assertThrows(FunctionException.class, () -> call(context, function, path), path).getMessage();
    }

    @Test
    void whereTheOwnerSetNoRootsTemplatesReadWhatAnyLocalUserMay() throws Exception {
        FunctionContext t = template(new FileProbes(true, List.of(pki)));
        assertEquals(true, call(t, "file.file_exists", pub.resolve("motd").toString()));
        assertEquals(true, call(t, "file.directory_exists", pub.toString()));
        assertEquals(true, call(t, "file.file_exists", pub.resolve("secret.conf").toString()), "existence only");
        assertEquals("hello\n", call(t, "file.read", pub.resolve("motd").toString()));
        assertEquals("hello\n", call(t, "file.read", pub.resolve("link").toString()), "links followed, as Salt's");
        assertEquals("file", ((Map<?, ?>) call(t, "file.stat", pub.resolve("motd").toString())).get("type"));
        List<?> found = (List<?>) call(t, "file.find", dir.toString());
        assertTrue(found.contains(pub.resolve("motd").toString()), found.toString());
        assertTrue(found.stream().noneMatch(f -> f.toString().startsWith(dir.resolve("hidden").toString())),
                "a private folder is not listed: " + found);

        assertTrue(refusal(t, "file.read", pub.resolve("secret.conf").toString()).contains("not world-readable"));
        assertTrue(refusal(t, "file.read", dir.resolve("hidden/readable").toString())
                .contains("is not world-searchable"));
        for (String f : List.of("file.read", "file.file_exists", "file.stat")) {
            assertTrue(refusal(t, f, pki.resolve("minion.pub").toString()).contains("the minion's own keys"), f);
        }
        if (Files.exists(Path.of("/etc/shadow"))) {
            assertTrue(refusal(t, "file.read", "/etc/shadow").contains("not world-readable"));
        }
        if (Files.isReadable(Path.of("/etc/os-release"))) {
            assertTrue(call(t, "file.read", "/etc/os-release").toString().contains("ID="), "beyond the temp tree");
        }
    }

    /** Through a real state run: the state's templates probe as the minion allows, the rendered plan shows it. */
    @Test
    void aStateRunsTemplatesProbeOnTheTemplatesBehalf() throws Exception {
        Path tree = Files.createDirectories(dir.resolve("tree"));
        Files.writeString(tree.resolve("probe.sls"), "{% if salt['file.file_exists']('" + pub.resolve("motd") + "') %}\n"
                + "seen:\n  test.succeed_without_changes:\n    - name: {{ salt['file.read']('" + pub.resolve("motd")
                + "') | trim }}\n{% endif %}\n");
        io.brine.functions.MasterLink master = new io.brine.functions.MasterLink() {
            @Override
            public Map<String, Object> pillar() {
                return Map.of();
            }

            @Override
            public java.util.Optional<Path> file(String path) {
                Path p = tree.resolve(path);
                return Files.isRegularFile(p) ? java.util.Optional.of(p) : java.util.Optional.empty();
            }
        };
        Map<?, ?> open = (Map<?, ?>) stateSls(master, new FileProbes(true, List.of(pki))).ret();
        assertEquals("hello", ((Map<?, ?>) open.values().iterator().next()).get("name"), open.toString());
        Object confined = stateSls(master, FileProbes.CONFINED).ret();
        assertTrue(confined.toString().contains("outside file_roots_allowed"), confined.toString());
    }

    private io.brine.functions.FunctionResult stateSls(io.brine.functions.MasterLink master, FileProbes probes)
            throws Exception {
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(30);
        try (io.brine.functions.ProcessRunner runner = new io.brine.functions.ProcessRunner(System.getLogger("t"))) {
            FunctionContext job = new FunctionContext("minion1", "20240101000000000009", Map.of(), master, deadline,
                    Calls.REGISTRY, dir.resolve("cache"), new Calls.Allowing(List.of(), List.of(dir.resolve("roots")), probes),
                    io.brine.functions.FunctionPolicy.ALLOW_ALL, runner.until(deadline));
            var f = Calls.REGISTRY.find("state.sls").orElseThrow();
            return (io.brine.functions.FunctionResult) f.call(job, io.brine.functions.Arguments.bind("state.sls",
                    f.params(), List.of("probe"), Map.of(), true));
        }
    }

    @Test
    void whereTheOwnerSetRootsTemplatesAreConfinedToThemAndJobsAlways() throws Exception {
        String outside = pub.resolve("motd").toString();
        FunctionContext confined = template(FileProbes.CONFINED);
        for (String f : List.of("file.read", "file.file_exists", "file.stat", "file.find")) {
            assertTrue(refusal(confined, f, outside).contains("outside file_roots_allowed"), f);
        }
        FunctionContext job = Calls.context(Map.of(), Duration.ofMinutes(1),
                new Calls.Allowing(List.of(), List.of(dir.resolve("roots")), new FileProbes(true, List.of(pki))));
        for (String f : List.of("file.read", "file.file_exists", "file.stat", "file.find")) {
            assertTrue(refusal(job, f, outside).contains("outside file_roots_allowed"), "a job's " + f);
        }
    }
}
