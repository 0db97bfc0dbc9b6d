package io.brine.cli;

import io.brine.client.ClientKey;
import io.brine.client.internal.MasterSession;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.Principal;
import io.brine.master.internal.AuditLog;
import io.brine.protocol.KeysChanged;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Tells a running master that keys changed. Best effort: with no master listening there is nobody to cut
 * off, and the master reads the directories when it starts; a quick TCP probe avoids waiting for a
 * handshake timeout in that case.
 */
final class MasterNotifier {
    private MasterNotifier() {
    }

    /**
     * Reports {@code changes} ({@code ID/VERB}) to the running master, which announces and audits them; with no
     * master running they are written to the audit log here.
     */
    static void keysChanged(MasterConfig cfg, List<String> changes) {
        URI uri = URI.create(cfg.connectAddress());
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 300);
        } catch (IOException e) {
            auditHere(cfg, changes);
            return;
        }
        try (MasterSession master = CliRuntime.connect(cfg, ClientKey.local(cfg.endpoint()), Duration.ofSeconds(3))) {
            if (master.request(new KeysChanged(master.nextRequestId(), changes), r -> { },
                    Duration.ofSeconds(5)) == null) {
                auditHere(cfg, changes);
            }
        } catch (CliException | io.brine.client.ClientException e) {
            System.err.println("brine: warning: could not tell the running master: " + e.getMessage());
            auditHere(cfg, changes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void auditHere(MasterConfig cfg, List<String> changes) {
        Principal operator = new Principal(Master.LOCAL_CLIENT, true, "cli:" + System.getProperty("user.name"));
        try (AuditLog audit = AuditLog.open(cfg)) {
            for (String change : changes) {
                int slash = change.indexOf('/');
                audit.record(operator, "key." + change.substring(slash + 1),
                        Map.of("id", change.substring(0, slash), "outcome", change.substring(slash + 1)));
            }
        } catch (IOException e) {
            System.err.println("brine: warning: cannot write the audit log " + cfg.auditLog() + ": " + e.getMessage());
        }
    }
}
