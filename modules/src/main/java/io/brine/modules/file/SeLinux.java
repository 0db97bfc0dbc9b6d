package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SELinux context arguments of file states. On a machine without SELinux they cannot mean
 * anything, so they are reported as not applicable rather than failing the state: the same tree
 * then serves SELinux and non-SELinux minions.
 */
final class SeLinux {
    static final List<String> KEYS = List.of("seuser", "serole", "setype", "serange");
    private static final Path ENFORCE = Path.of("/sys/fs/selinux/enforce");

    private SeLinux() {}

    static Map<String, String> requested(Arguments args) {
        Map<String, String> out = new LinkedHashMap<>();
        KEYS.forEach(k -> args.optString(k).ifPresent(v -> out.put(k, v)));
        return out;
    }

    static boolean enabled() {
        return Files.exists(ENFORCE);
    }

    static String notApplicable(Map<String, String> requested) {
        return " SELinux context " + requested + " not applied: SELinux is not enabled on this minion.";
    }

    /** Differences between the requested and current context, as {@code key: new value}. */
    static Map<String, Object> pending(Path path, Map<String, String> requested, CommandRunner commands)
            throws IOException, InterruptedException {
        Map<String, Object> out = new LinkedHashMap<>();
        if (!Files.exists(path)) {
            out.putAll(requested);
            return out;
        }
        CommandResult r = commands.run("stat", "-c", "%C", path.toString());
        String[] parts = r.stdout().strip().split(":", 4);
        for (int i = 0; i < KEYS.size(); i++) {
            String want = requested.get(KEYS.get(i));
            if (want != null && (i >= parts.length || !parts[i].equals(want))) {
                out.put(KEYS.get(i), want);
            }
        }
        return out;
    }

    static void apply(Path path, Map<String, String> requested, CommandRunner commands) throws IOException, InterruptedException {
        List<String> flags = List.of("-u", "-r", "-t", "-l");
        List<String> argv = new java.util.ArrayList<>(List.of("chcon"));
        for (int i = 0; i < KEYS.size(); i++) {
            String want = requested.get(KEYS.get(i));
            if (want != null) {
                argv.add(flags.get(i));
                argv.add(want);
            }
        }
        argv.add(path.toString());
        CommandResult r = commands.run(argv.toArray(String[]::new));
        if (!r.ok()) {
            throw new IOException("chcon failed: " + r.diagnostic());
        }
    }
}
