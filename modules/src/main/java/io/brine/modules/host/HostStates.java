package io.brine.modules.host;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Salt's {@code host} states: entries of the hosts file. The file is a constructor argument so tests (and a
 * minion in a chroot) can point the module elsewhere; {@link java.util.ServiceLoader} uses {@code /etc/hosts}.
 *
 * <pre>{@code
 * StateEngine.of(List.of(new HostStates(tempDir.resolve("hosts"))));
 * }</pre>
 */
public final class HostStates implements FunctionModule {
    private final Path hostsFile;

    public HostStates() {
        this(Path.of("/etc/hosts"));
    }

    public HostStates(Path hostsFile) {
        this.hostsFile = Objects.requireNonNull(hostsFile, "hostsFile");
    }

    @Override
    public String name() {
        return "host";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new HostPresent(hostsFile), new HostAbsent(hostsFile), new HostOnly(hostsFile));
    }
}
