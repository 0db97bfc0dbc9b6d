package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.client.ClientKey;
import io.brine.master.MasterConfig;
import io.brine.master.OperatorAudit;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Tells a running master that keys changed, or asks it something. Best effort: with no master listening there is nobody to cut
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
        try (BrineClient master = BrineClient.connect(cfg.endpoint(), ClientKey.local(cfg.endpoint()),
                Duration.ofSeconds(3))) {
            if (!master.keysChanged(changes, Duration.ofSeconds(5))) {
                auditHere(cfg, changes);
            }
        } catch (CliException | io.brine.client.ClientException e) {
            System.err.println("brine: warning: could not tell the running master: " + e.getMessage());
            auditHere(cfg, changes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What {@code question} answers from the running master, asked as its local operator; empty if none runs. */
    static <T> java.util.Optional<T> ask(MasterConfig cfg, MasterRequest<T> question) throws InterruptedException {
        URI uri = URI.create(cfg.connectAddress());
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 300);
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
        try (BrineClient master = BrineClient.connect(cfg.endpoint(), ClientKey.local(cfg.endpoint()),
                Duration.ofSeconds(3))) {
            return java.util.Optional.ofNullable(question.on(master));
        } catch (CliException | io.brine.client.ClientException e) {
            return java.util.Optional.empty();
        }
    }

    private static void auditHere(MasterConfig cfg, List<String> changes) {
        try (OperatorAudit audit = OperatorAudit.open(cfg, System.getProperty("user.name"))) {
            for (String change : changes) {
                int slash = change.indexOf('/');
                audit.record("key." + change.substring(slash + 1),
                        Map.of("id", change.substring(0, slash), "outcome", change.substring(slash + 1)));
            }
        } catch (IOException e) {
            System.err.println("brine: warning: cannot write the audit log " + cfg.auditLog() + ": " + e.getMessage());
        }
    }
}
