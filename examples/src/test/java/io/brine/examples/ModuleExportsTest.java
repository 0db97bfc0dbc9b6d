package io.brine.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Each of Brine's modules exports only its API packages: implementation packages (the states' compiler, runtime
 * and template engine, the minion's function modules, the CLI's commands) are not visible to code that depends on
 * them, and what one module shares with another is exported to that module alone. Read from the compiled module
 * descriptors, as a consumer's compiler reads them.
 */
class ModuleExportsTest {
    @Test
    void onlyApiPackagesAreExported() {
        Map<String, String> exports = new TreeMap<>();
        ModuleFinder.of(ours()).findAll().stream().map(m -> m.descriptor())
                .filter(d -> d.name().startsWith("io.brine."))
                .forEach(d -> exports.put(d.name(), describe(d)));
        assertEquals(Map.ofEntries(
                Map.entry("io.brine.api", "io.brine.api"),
                Map.entry("io.brine.bench", "io.brine.bench to io.brine.cli"),
                Map.entry("io.brine.cli", ""),
                Map.entry("io.brine.client", "io.brine.client"),
                Map.entry("io.brine.config", "io.brine.config"),
                Map.entry("io.brine.console", ""),
                Map.entry("io.brine.examples", "io.brine.examples.orchestrator"),
                Map.entry("io.brine.functions", "io.brine.functions"),
                Map.entry("io.brine.http", "io.brine.http"),
                Map.entry("io.brine.logging", "io.brine.logging"),
                Map.entry("io.brine.fileserver", "io.brine.fileserver"),
                Map.entry("io.brine.jobs", "io.brine.jobs, io.brine.jobs.internal to io.brine.client, io.brine.master"),
                Map.entry("io.brine.master", "io.brine.master, io.brine.master.internal to io.brine.api, "
                        + "io.brine.orchestrate"),
                Map.entry("io.brine.minion", "io.brine.minion"),
                Map.entry("io.brine.modules", ""),
                Map.entry("io.brine.orchestrate", ""),
                Map.entry("io.brine.output", "io.brine.output"),
                Map.entry("io.brine.protocol", "io.brine.protocol, io.brine.protocol.crypto"),
                Map.entry("io.brine.release", "io.brine.release"),
                Map.entry("io.brine.ssh", "io.brine.ssh"),
                Map.entry("io.brine.states", "io.brine.states"),
                Map.entry("io.brine.targeting", "io.brine.targeting"),
                Map.entry("io.brine.transport", "io.brine.transport")), exports);
    }

    /**
     * A remote client is small: everything {@code io.brine.client} reads, directly or through the modules it
     * requires, is Brine's values, wire and transport, never the master with its job cache (SQLite's natives),
     * HTTP listener (Jetty) and metrics (Prometheus).
     */
    @Test
    void aRemoteClientReadsNothingOfTheMaster() {
        Map<String, ModuleDescriptor> ours = new TreeMap<>();
        ModuleFinder.of(ours()).findAll().forEach(m -> ours.put(m.descriptor().name(), m.descriptor()));
        TreeSet<String> read = new TreeSet<>();
        java.util.ArrayDeque<String> next = new java.util.ArrayDeque<>(java.util.List.of("io.brine.client"));
        while (!next.isEmpty()) {
            ModuleDescriptor d = ours.get(next.poll());
            if (d == null) {
                continue;
            }
            for (ModuleDescriptor.Requires r : d.requires()) {
                if (read.add(r.name())) {
                    next.add(r.name());
                }
            }
        }
        assertTrue(read.contains("io.brine.jobs") && read.contains("io.brine.transport"), read.toString());
        for (String heavy : java.util.List.of("io.brine.master", "io.brine.http", "io.brine.output",
                "org.xerial.sqlitejdbc", "org.eclipse.jetty.server", "io.prometheus.metrics.core")) {
            assertFalse(read.contains(heavy), "io.brine.client reads " + heavy + ": " + read);
        }
    }

    /**
     * Function modules are found through META-INF/services on the class path (how Brine runs) and through the
     * module declaration's provides on the module path (how a consumer's modular application would): both lists
     * must name the same modules.
     */
    @Test
    void everyListedFunctionModuleIsAlsoProvidedByItsModuleDeclaration() throws Exception {
        for (Path entry : ours()) {
            java.util.List<String> services = services(entry);
            if (services.isEmpty()) {
                continue;
            }
            ModuleDescriptor d = ModuleFinder.of(entry).findAll().iterator().next().descriptor();
            TreeSet<String> listed = new TreeSet<>(services.stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList());
            TreeSet<String> provided = new TreeSet<>(d.provides().stream()
                    .filter(p -> p.service().equals("io.brine.functions.FunctionModule"))
                    .flatMap(p -> p.providers().stream()).toList());
            assertEquals(listed, provided, d.name() + ": META-INF/services and module-info disagree");
        }
    }

    private static Path[] ours() {
        return Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(Path::of)
                .filter(p -> Files.isRegularFile(p.resolve("module-info.class"))
                        || p.getFileName().toString().startsWith("brine-"))
                .toArray(Path[]::new);
    }

    /** The service file of a class path entry, a directory (in the reactor) or a jar (from the local repository). */
    private static java.util.List<String> services(Path entry) throws java.io.IOException {
        String name = "META-INF/services/io.brine.functions.FunctionModule";
        if (Files.isDirectory(entry)) {
            Path file = entry.resolve(name);
            return Files.isRegularFile(file) ? Files.readAllLines(file) : java.util.List.of();
        }
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(entry.toFile())) {
            java.util.zip.ZipEntry file = jar.getEntry(name);
            return file == null ? java.util.List.of()
                    : new String(jar.getInputStream(file).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                            .lines().toList();
        }
    }

    private static String describe(ModuleDescriptor d) {
        TreeSet<String> out = new TreeSet<>();
        for (ModuleDescriptor.Exports e : d.exports()) {
            out.add(e.isQualified() ? e.source() + " to " + String.join(", ", new TreeSet<>(e.targets())) : e.source());
        }
        return String.join(", ", out);
    }
}
