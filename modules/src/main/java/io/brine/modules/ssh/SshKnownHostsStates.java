package io.brine.modules.ssh;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.security.SecureRandom;
import java.util.List;

/**
 * Salt's {@code ssh_known_hosts} states: host keys in a user's ~/.ssh/known_hosts or the system's
 * /etc/ssh/ssh_known_hosts, names hashed with HMAC-SHA1 as OpenSSH's HashKnownHosts does.
 *
 * <pre>
 * github.com:
 *   ssh_known_hosts.present:
 *     - user: deploy
 *     - fingerprint: SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU
 * </pre>
 */
public final class SshKnownHostsStates implements FunctionModule {
    private final SecureRandom random = new SecureRandom();

    @Override
    public String name() {
        return "ssh_known_hosts";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new KnownHostPresent(random), new KnownHostAbsent());
    }
}
