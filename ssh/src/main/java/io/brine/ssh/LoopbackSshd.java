package io.brine.ssh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server on a free loopback port, with a host key, a user key (root's, authorized) and a
 * configuration of its own in a folder, for {@code brine bench} and the tests to reach roster hosts (Debian's
 * openssh-server, installed by scripts/install-test-packages; the packaged service is not used). Needs root, as sshd
 * does.
 *
 * <pre>{@code
 * try (LoopbackSshd host = LoopbackSshd.start(dir)) {
 *     RosterHost web1 = host.host("web1");
 * }
 * }</pre>
 */
public final class LoopbackSshd implements AutoCloseable {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    private final Path dir;
    private final int port;
    private final Path userKey;
    private final Process process;

    private LoopbackSshd(Path dir, int port, Path userKey, Process process) {
        this.dir = dir;
        this.port = port;
        this.userKey = userKey;
        this.process = process;
    }

    /** Why no server can be started here, or empty when one can: sshd is installed and this is root. */
    public static java.util.Optional<String> unavailable() {
        if (!Files.isExecutable(SSHD)) {
            return java.util.Optional.of("needs openssh-server (scripts/install-test-packages)");
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return java.util.Optional.of("sshd needs root");
        }
        return java.util.Optional.empty();
    }

    /** A server whose keys, configuration and log are in {@code dir}, listening once this returns. */
    public static LoopbackSshd start(Path dir) throws IOException, InterruptedException {
        return start(dir, "");
    }

    /** As above, with {@code extraConfig} (sshd_config lines, such as {@code SetEnv PATH=...}) added. */
    public static LoopbackSshd start(Path dir, String extraConfig) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Files.createDirectories(Path.of("/run/sshd")); // its privilege separation directory
        keygen(dir.resolve("host_key"));
        Path userKey = dir.resolve("user_key");
        keygen(userKey);
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
        int port = freePort();
        Path config = Files.writeString(dir.resolve("sshd_config"), "Port " + port + "\nListenAddress 127.0.0.1\n"
                + "HostKey " + dir.resolve("host_key") + "\nPidFile " + dir.resolve("sshd.pid") + "\n"
                + "AuthorizedKeysFile " + dir.resolve("authorized_keys") + "\nStrictModes no\nUsePAM no\n"
                + "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
                + extraConfig);
        Process p = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        LoopbackSshd sshd = new LoopbackSshd(dir, port, userKey, p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!sshd.listening()) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                sshd.close();
                throw new IOException("sshd did not listen: " + Files.readString(dir.resolve("sshd.log")));
            }
            Thread.sleep(20);
        }
        return sshd;
    }

    public Path dir() {
        return dir;
    }

    public int port() {
        return port;
    }

    /** The private key root logs in with. */
    public Path userKey() {
        return userKey;
    }

    /** The known_hosts line for this server, as OpenSSH writes one for a non-default port. */
    public String knownHostsLine() throws IOException {
        String[] key = Files.readString(dir.resolve("host_key.pub")).trim().split(" ");
        return "[127.0.0.1]:" + port + " " + key[0] + " " + key[1] + "\n";
    }

    /** This server as the roster host {@code id}: root, with the user key. */
    public RosterHost host(String id) {
        return new RosterHost(id, "127.0.0.1", port, "root", userKey, false, java.time.Duration.ofSeconds(10),
                java.util.Map.of());
    }

    private boolean listening() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A new key pair without passphrase at {@code key} and {@code key.pub}, made by OpenSSH's ssh-keygen. */
    public static void keygen(Path key) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", key.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("ssh-keygen failed: " + out);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Whether it still runs (a test stops one to see a host that is down). */
    public boolean running() {
        return process.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
