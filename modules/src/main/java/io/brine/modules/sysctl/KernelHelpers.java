package io.brine.modules.sysctl;

import io.brine.functions.Effect;
import java.util.List;
import java.util.Map;

/**
 * The kernel parameters whose values are programs the kernel itself starts, as root, when something happens: a
 * core dump piped to a handler, a module asked for, an orderly power-off, a hotplug event, an executable of a
 * registered binary format. Setting one is running that program later, so {@code sysctl.present} declares it as a
 * command (or, for binfmt_misc's formats, as changing how programs run) for the minion's policy to judge.
 */
final class KernelHelpers {
    /** By path below /proc/sys, what the program is to the kernel. */
    private static final Map<String, String> PROGRAMS = Map.of(
            "kernel/modprobe", "the kernel's module loader",
            "kernel/poweroff_cmd", "the kernel's power-off command",
            "kernel/hotplug", "the kernel's hotplug helper");

    private KernelHelpers() {
    }

    /** What setting the parameter at {@code procPath} to {@code value} would set going. */
    static List<Effect> effects(String procPath, String value) {
        String v = value == null ? "" : value.strip();
        if (procPath.equals("kernel/core_pattern")) {
            // a pattern starting with '|' pipes every core dump to the program it names; any other is a file name
            return v.startsWith("|") ? List.of(new Effect.RunsCommand("the core dump handler", v.substring(1).strip()))
                    : List.of();
        }
        if (PROGRAMS.containsKey(procPath)) {
            return List.of(new Effect.RunsCommand(PROGRAMS.get(procPath), v));
        }
        if (procPath.startsWith("fs/binfmt_misc")) {
            return List.of(new Effect.ChangesHowCommandsRun("a binfmt_misc format",
                    "the kernel would start the interpreter it names for matching programs"));
        }
        return List.of();
    }
}
