package io.brine.modules.sysctl;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Salt's {@code sysctl} states: kernel parameters set now and persisted. The default config file is a
 * constructor argument so tests write a temporary one; {@link java.util.ServiceLoader} uses Salt's
 * {@code /etc/sysctl.d/99-salt.conf}.
 *
 * <pre>{@code
 * StateEngine.of(List.of(new SysctlStates(tempDir.resolve("99-test.conf"))));
 * }</pre>
 */
public final class SysctlStates implements FunctionModule {
    private final Path defaultConfig;

    public SysctlStates() {
        this(Path.of("/etc/sysctl.d/99-salt.conf"));
    }

    public SysctlStates(Path defaultConfig) {
        this.defaultConfig = Objects.requireNonNull(defaultConfig, "defaultConfig");
    }

    @Override
    public String name() {
        return "sysctl";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new SysctlPresent(defaultConfig, Path.of("/proc/sys")));
    }
}
