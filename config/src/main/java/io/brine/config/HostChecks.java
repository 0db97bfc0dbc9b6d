package io.brine.config;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a daemon needs from its host before it creates anything, each checked without side effects: an address of
 * this host, a free port, a readable file, a directory it may use or create. Each returns a {@link Finding} whose
 * detail names the address or path; {@link Preflight} adds the file and key.
 *
 * <pre>{@code
 * HostChecks.address("10.9.9.9");          // FAIL "10.9.9.9 is not an address of this host"
 * HostChecks.directory(Path.of("/var/cache/brine/master"));
 * }</pre>
 */
public final class HostChecks {
    private HostChecks() {
    }

    /** {@code iface} is every address ({@code 0.0.0.0}, {@code ::}, {@code *}) or one this host has. */
    public static Finding address(String iface) {
        if (wildcard(iface)) {
            return Finding.ok(iface + " is every address of this host");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(iface);
        } catch (UnknownHostException e) {
            return Finding.fail(iface + " is not an address or a known host name");
        }
        // The kernel's own answer: binding an ephemeral port works exactly on the addresses this host has (all of
        // 127/8 included, which no NetworkInterface lists).
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(address, 0));
            return Finding.ok(address.getHostAddress() + " is an address of this host");
        } catch (IOException e) {
            return Finding.fail(address.getHostAddress() + " is not an address of this host");
        }
    }

    /**
     * Nothing listens on {@code iface:port}. The probe binds with SO_REUSEADDR as JeroMQ and Jetty do, so that
     * connections of a master that just stopped (TIME_WAIT) are not mistaken for a listener: only a socket that
     * would make the daemon's own bind fail makes this fail.
     */
    public static Finding port(String iface, int port) {
        String where = hostPort(iface, port);
        if (port == 0) {
            return Finding.ok(where + ": a free port is picked when listening");
        }
        Finding address = address(iface);
        if (address.failed()) {
            return address;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(wildcard(iface) ? new InetSocketAddress(port) : new InetSocketAddress(iface, port));
            return Finding.ok(where + " is free");
        } catch (BindException e) {
            String why = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (port < 1024 && why.contains("permission")) {
                return Finding.fail(where + ": permission denied (ports below 1024 need root or "
                        + "CAP_NET_BIND_SERVICE)");
            }
            return why.contains("in use") ? Finding.fail(where + " is already in use")
                    : Finding.fail(where + ": cannot listen: " + e.getMessage());
        } catch (IOException e) {
            return Finding.fail(where + ": cannot listen: " + e.getMessage());
        }
    }

    /** {@code file} exists, is a regular file (or a link to one) and this user may read it. */
    public static Finding readableFile(Path file) {
        if (!Files.exists(file)) {
            Path parent = file.toAbsolutePath().getParent();
            // A file in a directory this user may not search looks missing: say which it is.
            return parent != null && Files.isDirectory(parent) && !Files.isExecutable(parent)
                    ? Finding.fail("permission denied on " + parent + " (cannot reach " + file + ")")
                    : Finding.fail(file + " does not exist");
        }
        if (!Files.isRegularFile(file)) {
            return Finding.fail(file + " is not a file");
        }
        if (!Files.isReadable(file)) {
            return Finding.fail("permission denied on " + file);
        }
        return Finding.ok(file + " is readable");
    }

    /**
     * This user may use {@code dir} (list, create and remove entries in it), or create it: the nearest existing
     * ancestor is a directory this user may write into. The test is access(2)'s (through {@link Files#isWritable}),
     * which for root still fails on a read-only file system or an immutable directory; the file system's
     * read-only flag is checked too, for a clearer message.
     */
    public static Finding directory(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Finding.fail("no existing ancestor of " + dir);
        }
        boolean creating = !existing.equals(absolute);
        String cannot = creating ? " (cannot create " + dir + ")" : "";
        if (!Files.isDirectory(existing)) {
            return Finding.fail(existing + " is not a directory" + cannot);
        }
        if (readOnly(existing)) {
            return Finding.fail(existing + " is on a read-only file system" + cannot);
        }
        boolean usable = Files.isWritable(existing) && Files.isExecutable(existing)
                && (creating || Files.isReadable(existing));
        if (!usable) {
            return Finding.fail("permission denied on " + existing + cannot);
        }
        return Finding.ok(creating ? dir + " can be created in " + existing : dir + " is writable");
    }

    private static boolean readOnly(Path existing) {
        try {
            return Files.getFileStore(existing).isReadOnly();
        } catch (IOException e) {
            return false; // unknown: access(2) above still decides
        }
    }

    static boolean wildcard(String iface) {
        return iface.equals("0.0.0.0") || iface.equals("::") || iface.equals("*") || iface.equals("[::]");
    }

    static String hostPort(String iface, int port) {
        return (iface.contains(":") && !iface.startsWith("[") ? "[" + iface + "]" : iface) + ":" + port;
    }
}
