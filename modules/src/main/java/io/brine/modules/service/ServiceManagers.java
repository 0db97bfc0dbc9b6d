package io.brine.modules.service;

import io.brine.functions.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Chooses the init system from what the machine runs, not from grains: a container of a systemd
 * distribution often runs no systemd at all, and then only the init scripts work.
 */
final class ServiceManagers {
    private ServiceManagers() {}

    /** systemd when it is running (/run/systemd/system), OpenRC when it is (/run/openrc), else sysvinit. */
    static String choose(Predicate<Path> exists) {
        if (exists.test(Path.of("/run/systemd/system"))) {
            return "systemd";
        }
        if (exists.test(Path.of("/run/openrc"))) {
            return "openrc";
        }
        return "sysvinit";
    }

    /** The init system running here, taking only service names (see {@link NamedServices}). */
    static ServiceManager detect(CommandRunner commands) {
        ServiceManager init = switch (choose(Files::isDirectory)) {
            case "systemd" -> new SystemdServices(commands);
            case "openrc" -> new OpenRcServices(commands);
            default -> new SysvinitServices(commands);
        };
        return new NamedServices(init);
    }
}
