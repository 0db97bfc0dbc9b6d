package io.brine.cli;

import io.brine.master.MasterConfig;
import io.brine.protocol.KeysChanged;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;

/**
 * Tells a running master that keys changed. Best effort: with no master listening there is nobody to cut
 * off, and the master reads the directories when it starts; a quick TCP probe avoids waiting for a
 * handshake timeout in that case.
 */
final class MasterNotifier {
    private MasterNotifier() {
    }

    static void keysChanged(MasterConfig cfg) {
        URI uri = URI.create(cfg.connectAddress());
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 300);
        } catch (IOException e) {
            return;
        }
        try (MasterConnection master = MasterConnection.open(cfg, Duration.ofSeconds(3))) {
            master.request(new KeysChanged(master.nextRequestId()), r -> { }, Duration.ofSeconds(5));
        } catch (CliException e) {
            System.err.println("brine: warning: could not tell the running master: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
