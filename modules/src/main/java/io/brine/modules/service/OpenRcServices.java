package io.brine.modules.service;

import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** OpenRC (Alpine, Gentoo) through rc-service and rc-update, in the default runlevel. */
final class OpenRcServices implements ServiceManager {
    private final CommandRunner commands;
    private final Path initScripts;

    OpenRcServices(CommandRunner commands) {
        this(commands, Path.of("/etc/init.d"));
    }

    /** With the directory of init scripts passed in, for tests on machines without OpenRC. */
    OpenRcServices(CommandRunner commands, Path initScripts) {
        this.commands = commands;
        this.initScripts = initScripts;
    }

    @Override
    public String name() {
        return "openrc";
    }

    @Override
    public boolean available(String service) {
        return Files.isExecutable(initScripts.resolve(service));
    }

    @Override
    public boolean running(String service) throws IOException, InterruptedException {
        return commands.run("rc-service", service, "status").ok();
    }

    @Override
    public boolean enabled(String service) throws IOException, InterruptedException {
        for (String line : commands.run("rc-update", "show", "default").stdout().split("\n")) {
            if (line.strip().startsWith(service + " ") || line.strip().equals(service)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean act(String service, Action action) throws IOException, InterruptedException {
        return commands.run("rc-service", service, action.name().toLowerCase(Locale.ROOT)).ok();
    }

    @Override
    public boolean setEnabled(String service, boolean enable) throws IOException, InterruptedException {
        return commands.run("rc-update", enable ? "add" : "del", service, "default").ok();
    }

    @Override
    public List<String> all() throws IOException, InterruptedException {
        return commands.run("rc-service", "--list").stdout().lines().map(String::strip).filter(s -> !s.isEmpty())
                .distinct().sorted().toList();
    }
}
