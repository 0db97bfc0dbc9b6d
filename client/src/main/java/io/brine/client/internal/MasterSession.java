package io.brine.client.internal;

import io.brine.client.ClientException;
import io.brine.client.ClientKey;
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
import io.brine.transport.TransportRuntime;
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
 * An authenticated client session with a master, as the CLI and {@link io.brine.client.BrineClient} hold it: the
 * client's key (the master's local operator's {@code pki_dir/client.pem}, or a named operator's {@code NAME.pem})
 * and the master's public key, so neither side can be impersonated. Requests go out with ids of this session;
 * their responses come back in order, kept here until asked for, or streamed to a listener.
 */
public final class MasterSession implements AutoCloseable {
    /**
     * Retries come quickly: an operator is waiting. (The first handshake used to get 150 ms rather than 2 s, for
     * a JeroMQ dealer that now and then never sent a fresh connection's greeting; Brine's own dealer always does,
     * and a short timeout only made a busy master's clients start over behind themselves.)
     */
    private static final TransportSettings CLIENT_TRANSPORT = TransportSettings.DEFAULTS
            .withBackoff(Duration.ofMillis(50), Duration.ofMillis(500));

    private final DealerEndpoint endpoint;
    /**
     * Who hears the responses to each request still open, by request id: requests run side by side on one session
     * and none takes another's answers. A response to no open request (an event of a subscription no longer
     * listened to, an answer that came after its caller gave up) is dropped.
     */
    private final Map<Long, Consumer<ClientResponse>> open = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicLong requestIds = new AtomicLong();

    private MasterSession(DealerEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * Connects to the master at {@code address} ({@code tcp://host:port}) as {@code who}, waiting up to
     * {@code connectTimeout} for it to accept this client.
     *
     * @throws ClientException when a key cannot be read, or the master does not answer or refuses this client
     */
    public static MasterSession open(TransportRuntime runtime, String address, ClientKey who, Duration connectTimeout)
            throws InterruptedException {
        StaticKeyPair clientKey;
        byte[] masterKey;
        try {
            clientKey = KeyFiles.readPrivateKey(who.privateKey());
            masterKey = KeyFiles.readPublicKey(who.masterKey());
        } catch (AccessDeniedException e) {
            throw ClientException.setup("cannot read " + e.getFile() + ": only the master's operator "
                    + "may act as '" + who.name() + "'; a named operator passes --client-key NAME.pem (or sets "
                    + ClientKey.ENV + ")");
        } catch (NoSuchFileException e) {
            throw ClientException.setup("no key at " + e.getFile()
                    + ": has the master been started with this configuration?");
        } catch (IOException e) {
            throw ClientException.setup(e.getMessage());
        }
        DealerEndpoint endpoint = new DealerEndpoint(runtime, address, clientKey,
                new Hello(Role.CLIENT, who.name(), BrineVersion.CURRENT),
                key -> Arrays.equals(key, masterKey) ? null
                        : "its key " + Fingerprint.of(key) + " is not the one in " + who.masterKey(),
                CLIENT_TRANSPORT);
        MasterSession connection = new MasterSession(endpoint);
        endpoint.start(connection::heard);
        KeyStatus status = endpoint.awaitStatus(connectTimeout);
        if (status != KeyStatus.ACCEPTED) {
            endpoint.close();
            throw ClientException.setup(status == null
                    ? "no answer from the master at " + address + " within "
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
        Consumer<ClientResponse> listener = open.get(r.requestId());
        if (listener != null) {
            listener.accept(r);
        }
    }

    /** Streams every response to {@code requestId} to {@code listener} (for subscriptions without an end). */
    public void listen(long requestId, Consumer<ClientResponse> listener) {
        open.put(requestId, listener);
    }

    /** Stops streaming the responses to {@code requestId}; later ones are dropped. */
    public void stopListening(long requestId) {
        open.remove(requestId);
    }

    public void send(ClientRequest request) {
        endpoint.send(request);
    }

    public long nextRequestId() {
        return requestIds.incrementAndGet();
    }

    /**
     * Sends a request and returns its final response; progress responses go to {@code progress}. Returns
     * null if nothing final arrived within {@code timeout}. The report ending a call names the returns it
     * streamed rather than sending them again: they are put back here, so a call ends in the whole job, as a
     * {@link JobReport}, exactly as a lookup does.
     */
    public ClientResponse request(ClientRequest request, Consumer<ClientResponse> progress, Duration timeout)
            throws InterruptedException {
        BlockingQueue<ClientResponse> mine = new LinkedBlockingQueue<>();
        open.put(request.requestId(), mine::add);
        try {
            endpoint.send(request);
            Map<String, MinionReturn> streamed = new HashMap<>();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = deadline - System.nanoTime();
                ClientResponse r = left <= 0 ? null : mine.poll(left, TimeUnit.NANOSECONDS);
                if (r == null) {
                    return null;
                }
                ClientResponse answer = step(r, streamed, progress);
                if (answer != null) {
                    return answer;
                }
            }
        } finally {
            open.remove(request.requestId());
        }
    }

    /**
     * Sends a request without waiting: the future completes with its final response (a call's whole job, as a
     * {@link JobReport}); progress responses go to {@code progress} on the session's transport thread, before it.
     * Completing the future otherwise (a timeout, a cancel) stops listening for the request.
     */
    public java.util.concurrent.CompletableFuture<ClientResponse> requestAsync(ClientRequest request,
            Consumer<ClientResponse> progress) {
        java.util.concurrent.CompletableFuture<ClientResponse> answer = new java.util.concurrent.CompletableFuture<>();
        Map<String, MinionReturn> streamed = new HashMap<>();
        open.put(request.requestId(), r -> {
            try {
                ClientResponse done = step(r, streamed, progress);
                if (done != null) {
                    answer.complete(done);
                }
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        answer.whenComplete((r, e) -> open.remove(request.requestId()));
        endpoint.send(request);
        return answer;
    }

    /** One response to an open request: its final answer, or null after handing progress on. */
    private static ClientResponse step(ClientResponse r, Map<String, MinionReturn> streamed,
            Consumer<ClientResponse> progress) {
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
        return null;
    }

    private static JobRecord merged(CallReport report, Map<String, MinionReturn> streamed) {
        try {
            return report.merge(streamed);
        } catch (IllegalStateException e) {
            // the session keeps messages in order and loses none while it lives: this is a fault, said plainly
            throw ClientException.failed(e.getMessage() + "; see 'brine job show " + report.rest().jid() + "'");
        }
    }

    @Override
    public void close() {
        endpoint.close();
    }
}
