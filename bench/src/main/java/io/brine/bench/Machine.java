package io.brine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the figures were measured on: they mean little without the core count, memory and JDK. */
final class Machine {
    private Machine() {
    }

    static Map<String, Object> describe(BenchOptions options) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nproc", Runtime.getRuntime().availableProcessors());
        meminfoMib().ifPresent(mib -> m.put("memory_mib", mib));
        cpuModel().ifPresent(cpu -> m.put("cpu", cpu));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        m.put("mode", options.processes() ? "processes" : "swarm");
        m.put("minions_per_process", options.minionsPerProcess());
        m.put("launcher", BrineProcess.describe(options));
        m.put("process_jvm_options", String.join(" ", options.jvmOptions()));
        return m;
    }

    private static Optional<Long> meminfoMib() {
        return firstLine(Path.of("/proc/meminfo"), "MemTotal:")
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024);
    }

    private static Optional<String> cpuModel() {
        return firstLine(Path.of("/proc/cpuinfo"), "model name").map(l -> l.substring(l.indexOf(':') + 1).trim());
    }

    private static Optional<String> firstLine(Path file, String prefix) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.stream().filter(l -> l.startsWith(prefix)).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
