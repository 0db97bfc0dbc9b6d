package io.brine.master;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How the master reaches machines with no minion ({@code brine ssh}, docs/ssh.md), by Salt's key names where Salt
 * has them: {@code roster_file} (the roster, read again for every job so that an edit needs no restart),
 * {@code ssh_priv} (the private key hosts that name no {@code priv} log in with), {@code ssh_known_hosts} (the host
 * keys a host must present), {@code ssh_max_procs} (how many hosts are worked on at once), and
 * {@code ssh_minion_jar} (Brine's minion jar, copied to a host for functions a shell cannot run).
 *
 * <pre>{@code
 * roster_file: /etc/brine/roster
 * ssh_priv: /etc/brine/pki/master/ssh/brine-ssh
 * ssh_known_hosts: /etc/brine/pki/master/ssh/known_hosts
 * ssh_max_procs: 25
 * ssh_minion_jar: /usr/share/brine/brine-minion.jar
 * }</pre>
 */
public record SshConfig(Path rosterFile, Path priv, Path knownHosts, int maxProcs, Path minionJar) {
    /** The largest {@code ssh_max_procs}: each host at work holds a thread and a connection. */
    public static final int MAX_PROCS = 1024;

    public SshConfig {
        Objects.requireNonNull(rosterFile, "roster_file");
        Objects.requireNonNull(priv, "ssh_priv");
        Objects.requireNonNull(knownHosts, "ssh_known_hosts");
        Objects.requireNonNull(minionJar, "ssh_minion_jar");
        if (maxProcs < 1 || maxProcs > MAX_PROCS) {
            throw new IllegalArgumentException("ssh_max_procs must be from 1 to " + MAX_PROCS + ": " + maxProcs);
        }
    }

    /** The defaults, the keys under {@code pkiDir/ssh} as Salt keeps them under its master's pki folder. */
    public static SshConfig defaults(Path pkiDir) {
        return new SshConfig(Path.of("/etc/brine/roster"), pkiDir.resolve("ssh").resolve("brine-ssh"),
                pkiDir.resolve("ssh").resolve("known_hosts"), 25, Path.of("/usr/share/brine/brine-minion.jar"));
    }

    public SshConfig withRosterFile(Path file) {
        return new SshConfig(file, priv, knownHosts, maxProcs, minionJar);
    }

    public SshConfig withPriv(Path key) {
        return new SshConfig(rosterFile, key, knownHosts, maxProcs, minionJar);
    }

    public SshConfig withKnownHosts(Path file) {
        return new SshConfig(rosterFile, priv, file, maxProcs, minionJar);
    }

    public SshConfig withMinionJar(Path jar) {
        return new SshConfig(rosterFile, priv, knownHosts, maxProcs, jar);
    }
}
