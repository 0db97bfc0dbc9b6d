package io.brine.modules.service;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Init scripts in /etc/init.d, run through service(8) when present (it gives the script a clean
 * environment) or directly. A service is enabled when a runlevel 2-5 directory has its S link;
 * links are managed with update-rc.d, or chkconfig on RedHat-style systems.
 */
final class SysvinitServices implements ServiceManager {
    private static final Path INIT_D = Path.of("/etc/init.d");

    private final CommandRunner commands;

    SysvinitServices(CommandRunner commands) {
        this.commands = commands;
    }

    @Override
    public String name() {
        return "sysvinit";
    }

    @Override
    public boolean available(String service) {
        return Files.isExecutable(script(service));
    }

    @Override
    public boolean running(String service) throws IOException, InterruptedException {
        return control(service, "status").ok();
    }

    @Override
    public boolean act(String service, Action action) throws IOException, InterruptedException {
        return control(service, action.name().toLowerCase(Locale.ROOT)).ok();
    }

    @Override
    public boolean enabled(String service) throws IOException {
        for (int level = 2; level <= 5; level++) {
            Path dir = Path.of("/etc/rc" + level + ".d");
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> links = Files.list(dir)) {
                if (links.anyMatch(p -> p.getFileName().toString().matches("S\\d\\d" + java.util.regex.Pattern.quote(service)))) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean setEnabled(String service, boolean enable) throws IOException, InterruptedException {
        if (onPath("update-rc.d")) {
            if (enable && !commands.run("update-rc.d", service, "defaults").ok()) {
                return false;
            }
            return commands.run("update-rc.d", service, enable ? "enable" : "disable").ok();
        }
        return commands.run("chkconfig", service, enable ? "on" : "off").ok();
    }

    /** Every executable script in /etc/init.d (a README there is not a service). */
    @Override
    public List<String> all() throws IOException {
        if (!Files.isDirectory(INIT_D)) {
            return List.of();
        }
        try (Stream<Path> scripts = Files.list(INIT_D)) {
            return scripts.filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                    .map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private CommandResult control(String service, String verb) throws IOException, InterruptedException {
        List<String> argv = onPath("service") ? List.of("service", service, verb) : List.of(script(service).toString(), verb);
        return commands.run(argv.toArray(String[]::new));
    }

    private static Path script(String service) {
        return INIT_D.resolve(service);
    }

    private static boolean onPath(String program) {
        for (String dir : List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
