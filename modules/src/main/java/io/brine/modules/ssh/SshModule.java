package io.brine.modules.ssh;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code ssh} execution functions that the {@code ssh_auth} states share a file format with.
 *
 * <p>Example: {@code brine web1 ssh.auth_keys user=deploy}.
 */
public final class SshModule implements FunctionModule {
    @Override
    public String name() {
        return "ssh";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new SshAuthKeys());
    }
}
