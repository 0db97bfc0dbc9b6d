package io.brine.modules.ssh;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/**
 * Salt's {@code ssh_auth} states: public keys in an account's authorized_keys file, found through the passwd
 * database's home directory.
 *
 * <pre>
 * ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG... deploy@ci:
 *   ssh_auth.present:
 *     - user: deploy
 * </pre>
 */
public final class SshAuthStates implements FunctionModule {
    @Override
    public String name() {
        return "ssh_auth";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new SshAuthPresent(), new SshAuthAbsent());
    }
}
