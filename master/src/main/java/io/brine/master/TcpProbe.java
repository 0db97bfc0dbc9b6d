package io.brine.master;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which of some addresses accept a TCP connection now, all tried at once on one selector and given up after a
 * bound: how a job over SSH tells a roster host that is down (not connected) from one that runs it, without a
 * thread per host.
 */
final class TcpProbe {
    private TcpProbe() {
    }

    /** The keys of {@code addresses} whose address accepted a connection within {@code wait}. */
    static Set<String> accepting(Map<String, InetSocketAddress> addresses, Duration wait) {
        Set<String> up = new HashSet<>();
        if (addresses.isEmpty()) {
            return up;
        }
        Map<SocketChannel, String> pending = new HashMap<>();
        try (Selector selector = Selector.open()) {
            for (Map.Entry<String, InetSocketAddress> a : addresses.entrySet()) {
                if (a.getValue().isUnresolved()) {
                    continue; // a name that does not resolve: not reachable
                }
                SocketChannel ch = SocketChannel.open();
                try {
                    ch.configureBlocking(false);
                    if (ch.connect(a.getValue())) {
                        up.add(a.getKey());
                        ch.close();
                    } else {
                        ch.register(selector, SelectionKey.OP_CONNECT);
                        pending.put(ch, a.getKey());
                    }
                } catch (IOException e) {
                    ch.close(); // refused at once, or no route
                }
            }
            long deadline = System.nanoTime() + wait.toNanos();
            while (!pending.isEmpty()) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
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
                    ch.close();
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            // the selector itself failed: what was found so far
        } finally {
            for (SocketChannel ch : pending.keySet()) {
                try {
                    ch.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }
        return up;
    }
}
