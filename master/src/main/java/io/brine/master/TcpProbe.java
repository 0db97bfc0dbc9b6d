package io.brine.master;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Which of some host:port pairs accept a TCP connection now, all within one bound: how a job over SSH tells a roster
 * host that is down (not connected) from one that runs it, without a thread per host. Names are looked up together on
 * {@code lookups}; up to {@link #MAX_OPEN} connections are tried at once on one selector, the next started as each
 * ends. What has not answered by the bound (a name not found in time included) has not accepted.
 */
final class TcpProbe {
    /** Sockets open at once: a large roster must not take the master's file descriptors. */
    static final int MAX_OPEN = 512;

    private TcpProbe() {
    }

    /** A host to try: a name or address, and its port. */
    record Target(String host, int port) {
    }

    /** The keys of {@code targets} whose address accepted a connection within {@code wait}. */
    static Set<String> accepting(Map<String, Target> targets, Duration wait, Executor lookups) {
        long deadline = System.nanoTime() + wait.toNanos();
        Map<String, CompletableFuture<InetAddress>> addresses = new HashMap<>();
        targets.forEach((id, t) -> addresses.put(id, CompletableFuture.supplyAsync(() -> {
            try {
                return InetAddress.getByName(t.host()); // an address literal is not looked up
            } catch (UnknownHostException e) {
                return null;
            }
        }, lookups)));
        Deque<Map.Entry<String, InetSocketAddress>> queue = new ArrayDeque<>();
        for (Map.Entry<String, CompletableFuture<InetAddress>> a : addresses.entrySet()) {
            InetAddress resolved;
            try {
                resolved = a.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                resolved = null; // not found in time
            }
            if (resolved != null) {
                queue.add(Map.entry(a.getKey(), new InetSocketAddress(resolved, targets.get(a.getKey()).port())));
            }
        }
        Set<String> up = new HashSet<>();
        Map<SocketChannel, String> pending = new HashMap<>();
        try (Selector selector = Selector.open()) {
            while (!queue.isEmpty() || !pending.isEmpty()) {
                while (!queue.isEmpty() && pending.size() < MAX_OPEN) {
                    Map.Entry<String, InetSocketAddress> next = queue.poll();
                    open(next.getKey(), next.getValue(), selector, pending, up);
                }
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0 || pending.isEmpty()) {
                    if (left <= 0) {
                        break;
                    }
                    continue;
                }
                selector.select(left);
                for (SelectionKey key : selector.selectedKeys()) {
                    SocketChannel ch = (SocketChannel) key.channel();
                    String id = pending.remove(ch);
                    try {
                        if (ch.finishConnect()) {
                            up.add(id);
                        }
                    } catch (IOException e) {
                        // refused or unreachable
                    }
                    key.cancel();
                    close(ch);
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            // the selector itself failed: what was found so far
        } finally {
            pending.keySet().forEach(TcpProbe::close);
        }
        return up;
    }

    private static void open(String id, InetSocketAddress address, Selector selector, Map<SocketChannel, String> pending,
            Set<String> up) {
        SocketChannel ch = null;
        try {
            ch = SocketChannel.open();
            ch.configureBlocking(false);
            if (ch.connect(address)) {
                up.add(id);
                close(ch);
            } else {
                ch.register(selector, SelectionKey.OP_CONNECT);
                pending.put(ch, id);
            }
        } catch (IOException e) {
            close(ch); // refused at once, no route, or no descriptor left: not reachable now
        }
    }

    private static void close(SocketChannel ch) {
        if (ch == null) {
            return;
        }
        try {
            ch.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
