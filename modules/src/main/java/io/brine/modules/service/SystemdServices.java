package io.brine.modules.service;

import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.List;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/** systemd through systemctl. */
final class SystemdServices implements ServiceManager {
    private final CommandRunner commands;

    SystemdServices(CommandRunner commands) {
        this.commands = commands;
    }

    @Override
    public String name() {
        return "systemd";
    }

    @Override
    public boolean available(String service) throws IOException, InterruptedException {
        String out = commands.run("systemctl", "show", "-p", "LoadState", "--value", service).stdout().strip();
        return out.equals("loaded");
    }

    @Override
    public boolean running(String service) throws IOException, InterruptedException {
        return commands.run("systemctl", "is-active", "--quiet", service).ok();
    }

    @Override
    public boolean enabled(String service) throws IOException, InterruptedException {
        return commands.run("systemctl", "is-enabled", "--quiet", service).ok();
    }

    @Override
    public boolean act(String service, Action action) throws IOException, InterruptedException {
        return commands.run("systemctl", action.name().toLowerCase(Locale.ROOT), service).ok();
    }

    @Override
    public boolean setEnabled(String service, boolean enable) throws IOException, InterruptedException {
        return commands.run("systemctl", enable ? "enable" : "disable", service).ok();
    }

    @Override
    public Optional<SystemdMasks> masks() {
        return Optional.of(new SystemdMasks(commands, Path.of("/")));
    }

    /**
     * Services with a unit file, and loaded ones without (generated from init scripts), without the
     * {@code .service} suffix; template units ({@code getty@}) are left out, since only their
     * instances can run.
     */
    @Override
    public List<String> all() throws IOException, InterruptedException {
        TreeSet<String> names = new TreeSet<>();
        for (List<String> argv : List.of(
                List.of("systemctl", "list-unit-files", "--type=service", "--no-legend", "--no-pager", "--plain"),
                List.of("systemctl", "list-units", "--type=service", "--all", "--no-legend", "--no-pager", "--plain"))) {
            for (String line : commands.run(argv.toArray(String[]::new)).stdout().split("\n")) {
                String unit = line.strip().split("\\s+", 2)[0];
                if (unit.endsWith(".service") && !unit.endsWith("@.service")) {
                    names.add(unit.substring(0, unit.length() - ".service".length()));
                }
            }
        }
        return List.copyOf(names);
    }
}
