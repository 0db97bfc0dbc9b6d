package io.brine.modules.ssh;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.StateContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The account whose ssh files a state edits, from the passwd database (through getent, so whatever NSS knows),
 * and the paths Salt derives from it.
 */
record SshUser(String name, int uid, int gid, Path home) {
    static Optional<SshUser> lookup(String name, CommandRunner commands) throws IOException, InterruptedException {
        if (name == null || name.isBlank() || name.startsWith("-")) {
            return Optional.empty();
        }
        CommandResult r = commands.run("getent", "passwd", name);
        if (!r.ok()) {
            return Optional.empty();
        }
        String[] f = r.stdout().strip().split("\n")[0].split(":", -1);
        if (f.length < 7 || f[5].isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SshUser(f[0], Integer.parseInt(f[2]), Integer.parseInt(f[3]), Path.of(f[5])));
    }

    /**
     * In test mode, whether a state above will create the missing user, so a state for its files reports what it
     * would do rather than failing, as the real run would not fail.
     */
    static boolean createdAbove(String name, StateContext ctx) throws IOException, InterruptedException {
        return ctx.test() && ctx.pending().willApply("user.present", name) && lookup(name, ctx.commands()).isEmpty();
    }

    static String missing(String name) {
        return "User '" + name + "' does not exist";
    }

    /**
     * The file {@code config} names: {@code %h} (home), {@code %u} (user name) and {@code %%} expanded as sshd's
     * AuthorizedKeysFile does, then taken relative to the home directory unless absolute.
     *
     * @throws IllegalArgumentException for an unknown token or a trailing {@code %}
     */
    Path file(String config) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < config.length(); i++) {
            char c = config.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (++i == config.length()) {
                throw new IllegalArgumentException("AuthorizedKeysFile path: the last character cannot be '%': " + config);
            }
            switch (config.charAt(i)) {
                case '%' -> out.append('%');
                case 'u' -> out.append(name);
                case 'h' -> out.append(home);
                default -> throw new IllegalArgumentException(
                        "AuthorizedKeysFile path: unknown token \"%" + config.charAt(i) + "\" in " + config);
            }
        }
        return home.resolve(out.toString());
    }
}
