package io.brine.modules.ssh;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A host's public keys as ssh-keyscan fetches them, in known_hosts form. */
final class KeyScan {
    /** Salt asks again when a scan returns nothing, since a busy sshd may drop the first connection. */
    private static final int ATTEMPTS = 5;

    private final CommandRunner commands;

    KeyScan(CommandRunner commands) {
        this.commands = commands;
    }

    /**
     * The keys {@code host} offers; empty when it offers none or cannot be reached.
     *
     * @param enc a key type to ask for, or null for every type
     * @param port null for 22
     * @param hashed whether the names come back hashed (ssh-keyscan -H)
     * @param timeout seconds for each connection
     */
    List<KnownHost> scan(String host, String enc, Long port, boolean hashed, long timeout)
            throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("ssh-keyscan"));
        if (port != null) {
            argv.addAll(List.of("-p", port.toString()));
        }
        if (enc != null) {
            argv.addAll(List.of("-t", enc));
        }
        if (hashed) {
            argv.add("-H");
        }
        argv.addAll(List.of("-T", Long.toString(timeout), "--", host));
        Command command = Command.of(argv).withTimeout(Duration.ofSeconds(timeout + 10));
        for (int i = 0; i < ATTEMPTS; i++) {
            CommandResult r = commands.run(command);
            List<KnownHost> keys = r.stdout().lines().map(KnownHost::parse).filter(Objects::nonNull)
                    .filter(h -> Fingerprints.isValidKey(h.key())).toList();
            if (!keys.isEmpty()) {
                return keys;
            }
        }
        return List.of();
    }
}
