package io.brine.ssh;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server for a test, on a free loopback port, with a host key, a user key and a configuration of its
 * own in {@code dir} (Debian's openssh-server, installed by scripts/install-test-packages; the packaged service is
 * not used). Needs root, as sshd does; tests are skipped without it.
 */
final class TestSshd implements AutoCloseable {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    final Path dir;
    final int port;
    final Path userKey;
    private final Process process;

    private TestSshd(Path dir, int port, Path userKey, Process process) {
        this.dir = dir;
        this.port = port;
        this.userKey = userKey;
        this.process = process;
    }

    static void assumeAvailable() {
        assumeTrue(Files.isExecutable(SSHD), "needs openssh-server (scripts/install-test-packages)");
        assumeTrue("root".equals(System.getProperty("user.name")), "sshd needs root");
    }

    static TestSshd start(Path dir) throws Exception {
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
                + "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n");
        Process p = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        TestSshd sshd = new TestSshd(dir, port, userKey, p);
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

    /** The known_hosts line for this server, as OpenSSH writes one for a non-default port. */
    String knownHostsLine() throws IOException {
        String[] key = Files.readString(dir.resolve("host_key.pub")).trim().split(" ");
        return "[127.0.0.1]:" + port + " " + key[0] + " " + key[1] + "\n";
    }

    RosterHost host(String id) {
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

    static void keygen(Path key) throws Exception {
        Process p = new ProcessBuilder("ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", key.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "ssh-keygen: " + out);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
