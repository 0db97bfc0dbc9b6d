package io.brine.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where a master listens and keeps its keys, and how long its calls wait: the part of {@code master.yaml}
 * ({@code interface}, {@code ret_port}, {@code pki_dir}, {@code timeout}) that its local operator's client reads
 * too. The master reads these four keys here, with the rest of its configuration; a client that acts as the
 * local operator reads only these, so it needs nothing of the master to find it.
 *
 * <pre>{@code
 * MasterEndpoint m = MasterEndpoint.from(ConfigFile.load(Path.of("/etc/brine/master.yaml")));
 * m.connectAddress();   // tcp://127.0.0.1:4506 for a master listening on every address
 * }</pre>
 *
 * @param iface   the address the master listens on ({@code interface})
 * @param retPort the one port minions and clients connect to ({@code ret_port})
 * @param pkiDir  the master's keys ({@code pki_dir})
 * @param timeout how long a call waits unless its caller says otherwise ({@code timeout}, seconds)
 */
public record MasterEndpoint(String iface, int retPort, Path pkiDir, Duration timeout) {
    /** The client name of the master's local operator, whose key is {@code pki_dir/client.pem}. */
    public static final String LOCAL_CLIENT = "local";

    public MasterEndpoint {
        Objects.requireNonNull(iface, "interface");
        Objects.requireNonNull(pkiDir, "pki_dir");
        Objects.requireNonNull(timeout, "timeout");
    }

    /** The four keys of {@code c}, with the master's defaults; the file's other keys are the master's to check. */
    public static MasterEndpoint from(ConfigFile c) {
        int port = c.port("ret_port", 4506);
        if (port == 0) { // the master would listen where no minion can find it
            throw c.error("ret_port", "ret_port must be a port number from 1 to 65535; 0 would pick one nobody knows");
        }
        return new MasterEndpoint(c.string("interface", "0.0.0.0"), port,
                c.path("pki_dir", Path.of("/etc/brine/pki/master")),
                Duration.ofSeconds(c.integer("timeout", 30, 1, 7 * 24 * 3600)));
    }

    /** Where a local client connects: the interface, or loopback when listening on every address. */
    public String connectAddress() {
        return connectAddress(iface, retPort);
    }

    /** {@link #connectAddress()} for a master listening on {@code iface} and {@code retPort}. */
    public static String connectAddress(String iface, int retPort) {
        String host = iface.equals("0.0.0.0") || iface.equals("*") ? "127.0.0.1" : iface.equals("::") ? "::1" : iface;
        return "tcp://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + retPort;
    }

    /** The master's public key, which its clients check it by ({@code pki_dir/master.pub}). */
    public Path masterPublicKey() {
        return masterPublicKey(pkiDir);
    }

    /** The local operator's private key ({@code pki_dir/client.pem}, readable by the master's own user only). */
    public Path localClientKey() {
        return localClientKey(pkiDir);
    }

    /** {@link #masterPublicKey()} in {@code pkiDir}. */
    public static Path masterPublicKey(Path pkiDir) {
        return pkiDir.resolve("master.pub");
    }

    /** {@link #localClientKey()} in {@code pkiDir}. */
    public static Path localClientKey(Path pkiDir) {
        return pkiDir.resolve("client.pem");
    }
}
