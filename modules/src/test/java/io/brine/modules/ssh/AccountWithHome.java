package io.brine.modules.ssh;

import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A throwaway user whose home directory exists (under a test's temporary directory), and keys made for tests. */
final class AccountWithHome {
    private AccountWithHome() {}

    /** Creates the user with {@code parent/name} as its home, owned by it; {@code accounts} removes it again. */
    static String create(SystemAccounts accounts, Path parent) throws IOException, InterruptedException {
        String name = SystemAccounts.uniqueName();
        Path home = parent.resolve(name);
        run("useradd", "-M", "-U", "-d", home.toString(), "-s", "/usr/sbin/nologin", name);
        accounts.track(name);
        Files.createDirectory(home);
        run("chown", name + ":" + name, home.toString());
        return name;
    }

    /** A fresh ed25519 public key line ({@code ssh-ed25519 AAAA... comment}) from ssh-keygen. */
    static String newKey(Path dir, String comment) throws IOException, InterruptedException {
        Path file = Files.createTempDirectory(dir, "key").resolve("id");
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", file.toString());
        return Files.readString(Path.of(file + ".pub")).strip();
    }

    static String run(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", argv) + " failed: " + out);
        }
        return out;
    }
}
