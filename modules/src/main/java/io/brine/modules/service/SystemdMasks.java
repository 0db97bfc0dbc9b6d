package io.brine.modules.service;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * systemd's masks: a unit linked to /dev/null in /etc/systemd/system (until unmasked) or /run/systemd/system
 * (until reboot) cannot be started at all. The two masks are independent, as in Salt: each is read from its own
 * link, and {@code systemctl mask [--runtime]} sets it. systemctl edits the links itself when systemd is not
 * running (an image being built), so masking works there too.
 */
final class SystemdMasks {
    private static final Set<String> UNIT_TYPES = Set.of("service", "socket", "device", "mount", "automount", "swap",
            "target", "path", "timer", "slice", "scope");

    private final CommandRunner commands;
    private final Path root;

    /** @param root where {@code etc/} and {@code run/} are: {@code /} on a real machine */
    SystemdMasks(CommandRunner commands, Path root) {
        this.commands = commands;
        this.root = root;
    }

    /** The unit's full name: systemd, like Salt, takes a bare name as a {@code .service}. */
    static String unit(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 && UNIT_TYPES.contains(name.substring(dot + 1)) ? name : name + ".service";
    }

    boolean masked(String name, boolean runtime) throws IOException {
        Path link = root.resolve(runtime ? "run" : "etc").resolve("systemd/system").resolve(unit(name));
        return Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(Path.of("/dev/null"));
    }

    /** Runs {@code systemctl mask|unmask [--runtime] UNIT}; the result says why it failed, if it did. */
    CommandResult setMasked(String name, boolean runtime, boolean mask) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("systemctl", mask ? "mask" : "unmask"));
        if (runtime) {
            argv.add("--runtime");
        }
        argv.add(unit(name));
        return commands.run(argv.toArray(String[]::new));
    }
}
