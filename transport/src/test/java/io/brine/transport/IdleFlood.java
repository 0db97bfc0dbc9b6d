package io.brine.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A hostile local process for the flood tests, run as a child so that its connections use its own descriptors, not
 * the test's: opens {@code count} connections to 127.0.0.1:{@code port} without waiting for them (non-blocking
 * connects) and says nothing on them; prints {@code opened N}, then holds them until its standard input closes (the
 * test is done, or gone) or a minute has passed, and ends them with a reset.
 *
 * <pre>{@code java -cp test-classes io.brine.transport.IdleFlood 4506 17384}</pre>
 */
final class IdleFlood {
    private static final long MAX_LIFE_MILLIS = 60_000;

    private IdleFlood() {
    }

    public static void main(String[] args) throws IOException {
        InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]));
        int count = Integer.parseInt(args[1]);
        Thread bound = new Thread(() -> {
            try {
                Thread.sleep(MAX_LIFE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            System.exit(3);
        });
        bound.setDaemon(true);
        bound.start();
        List<SocketChannel> held = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                SocketChannel c = SocketChannel.open();
                held.add(c);
                c.configureBlocking(false);
                c.setOption(StandardSocketOptions.SO_LINGER, 0);
                c.connect(target);
            }
        } catch (IOException e) {
            System.out.println("failed after " + held.size() + ": " + e);
        }
        System.out.println("opened " + held.size());
        System.out.flush();
        while (System.in.read() != -1) {
            // hold until the test closes our input
        }
        for (SocketChannel c : held) {
            c.close();
        }
    }
}
