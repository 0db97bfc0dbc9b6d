package io.brine.cli;

import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.internal.MasterPki;
import io.brine.protocol.BrineVersion;
import io.brine.protocol.CallReport;
import io.brine.protocol.ClientRequest;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.Hello;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobReport;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.ReturnNotice;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.DealerEndpoint;
import io.brine.transport.TransportSettings;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The CLI's authenticated session with its master: the local client key from {@code pki_dir/client.pem}
 * (readable only by the master's operator) and the master's key from {@code pki_dir/master.pub}, so neither
 * side can be impersonated by another process on the host.
 */
final class MasterConnection implements AutoCloseable {
    /**
     * Retries come quickly: an operator is waiting. The first handshake gets 150 ms rather than the 2 s a minion
     * gives it, because JeroMQ 0.6.0 now and then never sends the greeting of a fresh connection and only a new
     * connection recovers (jeromq#1022); a fast-starting CLI hit that in a third of its runs and waited 2 s. A
     * handshake, the CLI's cold crypto included, takes 40 to 60 ms on an idle master. The timeout doubles on
     * every failure, so a master that is merely slow (a restart storm) still gets its time.
     */
    private static final TransportSettings CLIENT_TRANSPORT = TransportSettings.DEFAULTS
            .withBackoff(Duration.ofMillis(50), Duration.ofMillis(500))
            .withFirstHandshakeTimeout(Duration.ofMillis(150));

    private final DealerEndpoint endpoint;
    private final BlockingQueue<ClientResponse> responses = new LinkedBlockingQueue<>();
    private volatile java.util.function.Consumer<ClientResponse> streamListener;
    private volatile long streamId = -1;
    private final AtomicLong requestIds = new AtomicLong();

    private MasterConnection(DealerEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    static MasterConnection open(MasterConfig config, ClientIdentity who, Duration connectTimeout)
            throws InterruptedException {
        StaticKeyPair clientKey;
        byte[] masterKey;
        try {
            clientKey = KeyFiles.readPrivateKey(who.privateKey());
            masterKey = KeyFiles.readPublicKey(who.masterKey());
        } catch (AccessDeniedException e) {
            throw new CliException(ExitCodes.USAGE, "cannot read " + e.getFile() + ": only the master's operator "
                    + "may act as '" + who.name() + "'; a named operator passes --client-key NAME.pem (or sets "
                    + ClientIdentity.ENV + ")");
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.USAGE, "no key at " + e.getFile()
                    + ": has the master been started with this configuration?");
        } catch (IOException e) {
            throw new CliException(ExitCodes.USAGE, e.getMessage());
        }
        DealerEndpoint endpoint = new DealerEndpoint(CliRuntime.shared(), config.connectAddress(), clientKey,
                new Hello(Role.CLIENT, who.name(), BrineVersion.CURRENT),
                key -> Arrays.equals(key, masterKey) ? null
                        : "its key " + Fingerprint.of(key) + " is not the one in " + who.masterKey(),
                CLIENT_TRANSPORT);
        MasterConnection connection = new MasterConnection(endpoint);
        endpoint.start(connection::heard);
        KeyStatus status = endpoint.awaitStatus(connectTimeout);
        if (status != KeyStatus.ACCEPTED) {
            endpoint.close();
            throw new CliException(ExitCodes.USAGE, status == null
                    ? "no answer from the master at " + config.connectAddress() + " within "
                            + connectTimeout.toSeconds() + " s: is it running?"
                    : "the master refused this client: " + endpoint.statusDetail());
        }
        return connection;
    }

    /** What the master said (on the dealers' thread): responses are kept or streamed, anything else ignored. */
    private void heard(Message message) {
        if (message instanceof ClientResponse r) {
            deliver(r);
        }
    }

    private void deliver(ClientResponse r) {
        if (r.requestId() == streamId && streamListener != null) {
            streamListener.accept(r);
        } else {
            responses.add(r);
        }
    }

    /** Streams every response to {@code requestId} to {@code listener} (for subscriptions without an end). */
    void listen(long requestId, java.util.function.Consumer<ClientResponse> listener) {
        streamListener = listener;
        streamId = requestId;
    }

    void send(ClientRequest request) {
        endpoint.send(request);
    }

    long nextRequestId() {
        return requestIds.incrementAndGet();
    }

    /**
     * Sends a request and returns its final response; progress responses go to {@code progress}. Returns
     * null if nothing final arrived within {@code timeout}. The report ending a call names the returns it
     * streamed rather than sending them again: they are put back here, so a call ends in the whole job, as a
     * {@link JobReport}, exactly as a lookup does.
     */
    ClientResponse request(ClientRequest request, Consumer<ClientResponse> progress, Duration timeout)
            throws InterruptedException {
        endpoint.send(request);
        Map<String, MinionReturn> streamed = new HashMap<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            ClientResponse r = left <= 0 ? null : responses.poll(left, TimeUnit.NANOSECONDS);
            if (r == null) {
                return null;
            }
            if (r.requestId() != request.requestId()) {
                continue;
            }
            if (r instanceof CallReport report) {
                return new JobReport(report.requestId(), merged(report, streamed));
            }
            if (r.isFinal()) {
                return r;
            }
            if (r instanceof ReturnNotice n) {
                streamed.put(n.minionId(), n.result());
            }
            progress.accept(r);
        }
    }

    private static JobRecord merged(CallReport report, Map<String, MinionReturn> streamed) {
        try {
            return report.merge(streamed);
        } catch (IllegalStateException e) {
            // the session keeps messages in order and loses none while it lives: this is a fault, said plainly
            throw new CliException(ExitCodes.FAILED, e.getMessage() + "; see 'brine job show " + report.rest().jid()
                    + "'");
        }
    }

    @Override
    public void close() {
        endpoint.close();
    }
}
