package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.StateContext;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The known_hosts file an {@code ssh_known_hosts} state edits: {@code config} (default {@code .ssh/known_hosts})
 * in the user's home, or without a user the absolute {@code config} (default /etc/ssh/ssh_known_hosts).
 *
 * @param user null for a system-wide file
 * @param config the file as the state named it, for comments
 */
record KnownHostsTarget(SshUser user, Path path, String config) {
    /** The file, or an {@link IllegalArgumentException} whose message is the state's failure comment. */
    static KnownHostsTarget of(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String userName = args.string("user");
        String config = args.string("config");
        if (userName == null || userName.isEmpty()) {
            config = config == null ? "/etc/ssh/ssh_known_hosts" : config;
            if (!Path.of(config).isAbsolute()) {
                throw new IllegalArgumentException("Without a user, config must be an absolute path, got " + config);
            }
            return new KnownHostsTarget(null, Path.of(config), config);
        }
        SshUser user = SshUser.lookup(userName, ctx.commands())
                .orElseThrow(() -> new IllegalArgumentException(SshUser.missing(userName)));
        config = config == null ? ".ssh/known_hosts" : config;
        return new KnownHostsTarget(user, user.home().resolve(config), config);
    }

    OwnedFile file() {
        return new OwnedFile(path, user);
    }
}
