package io.brine.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        Path[] ours = Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(Path::of)
                .filter(p -> Files.isRegularFile(p.resolve("module-info.class"))
                        || p.getFileName().toString().startsWith("brine-"))
                .toArray(Path[]::new);
        ModuleFinder.of(ours).findAll().stream().map(m -> m.descriptor())
                .filter(d -> d.name().startsWith("io.brine."))
                .forEach(d -> exports.put(d.name(), describe(d)));
        assertEquals(Map.ofEntries(
                Map.entry("io.brine.api", "io.brine.api"),
                Map.entry("io.brine.bench", "io.brine.bench to io.brine.cli"),
                Map.entry("io.brine.cli", ""),
                Map.entry("io.brine.config", "io.brine.config"),
                Map.entry("io.brine.examples", "io.brine.examples.orchestrator"),
                Map.entry("io.brine.functions", "io.brine.functions"),
                Map.entry("io.brine.master", "io.brine.master, io.brine.master.internal to io.brine.api, io.brine.cli, "
                        + "io.brine.master.targeting"),
                Map.entry("io.brine.minion", "io.brine.minion"),
                Map.entry("io.brine.protocol", "io.brine.protocol, io.brine.protocol.crypto"),
                Map.entry("io.brine.states", "io.brine.states, io.brine.states.functions.file to io.brine.minion, "
                        + "io.brine.states.functions.mount to io.brine.minion"),
                Map.entry("io.brine.transport", "io.brine.transport")), exports);
    }

    private static String describe(ModuleDescriptor d) {
        TreeSet<String> out = new TreeSet<>();
        for (ModuleDescriptor.Exports e : d.exports()) {
            out.add(e.isQualified() ? e.source() + " to " + String.join(", ", new TreeSet<>(e.targets())) : e.source());
        }
        return String.join(", ", out);
    }
}
