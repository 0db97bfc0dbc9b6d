package io.brine.modules.accounts;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a clear-text password into a crypt(3) hash with {@code openssl passwd}, never by hand. When
 * the user already has a SHA-256 or SHA-512 crypt hash, its salt and algorithm are reused, as Salt
 * does, so the same password gives the same hash and re-applying a state changes nothing; otherwise
 * the result is SHA-512 crypt ({@code $6$}) with a random salt. The password goes in on stdin, so it
 * never shows in the process list.
 */
final class PasswordHashes {
    private static final Pattern CRYPT = Pattern.compile("^\\$([56])\\$(?:rounds=\\d+\\$)?([^$]+)\\$.*");

    private final CommandRunner commands;

    PasswordHashes(CommandRunner commands) {
        this.commands = commands;
    }

    /** The hash of {@code clear}, reusing the salt of {@code current} when that is a $5$ or $6$ hash. */
    String hash(String clear, Optional<String> current) throws IOException, InterruptedException {
        if (clear.contains("\n") || clear.contains("\r")) {
            throw new IllegalArgumentException("a password to hash cannot contain a line break");
        }
        String algorithm = "-6";
        String salt = null;
        Matcher m = current.map(CRYPT::matcher).filter(Matcher::matches).orElse(null);
        if (m != null && !current.get().contains("rounds=")) {
            algorithm = "-" + m.group(1);
            salt = m.group(2);
        }
        Command cmd = salt == null ? Command.of("openssl", "passwd", algorithm, "-stdin")
                : Command.of("openssl", "passwd", algorithm, "-salt", salt, "-stdin");
        CommandResult r = commands.run(cmd.withStdin(clear + "\n"));
        if (!r.ok()) {
            throw new IOException("openssl passwd failed (exit " + r.exitCode() + "): " + r.diagnostic());
        }
        return r.stdout().strip();
    }
}
