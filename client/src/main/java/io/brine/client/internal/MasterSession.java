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
import io.brine.transport.DealerListener;
import io.brine.transport.TransportRuntime;
import io.brine.transport.TransportSettings;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
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

    /**
     * How long past a call's timeout its caller waits for the master's report: the master waits up to 2 s of it
     * for minions stopping the job at their own deadline (retcode 124). With the last lookup a call may make then
     * ({@link FollowedCall#LAST_LOOKUP}), a call ends at most 5 s past its timeout.
     */
    public static final Duration REPORT_MARGIN = Duration.ofSeconds(4);

    private final DealerEndpoint endpoint;
    /**
     * Who hears the responses to each request still open, by request id: requests run side by side on one session
     * and none takes another's answers. A response to no open request (an event of a subscription no longer
     * listened to, an answer that came after its caller gave up) is dropped.
     */
    private final Map<Long, Consumer<ClientResponse>> open = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicLong requestIds = new AtomicLong();
    /** The calls waiting for their job's end: told when the session is lost and when one is up again. */
    private final Set<FollowedCall> following = ConcurrentHashMap.newKeySet();
    /** The calls' polls and deadlines; one thread of the runtime's, ended with the session. */
    private final ScheduledExecutorService timer;
    /** The session that the last acceptance began has ended, and no other is up yet. */
    private volatile boolean down;

    private MasterSession(DealerEndpoint endpoint, TransportRuntime runtime) {
        this.endpoint = endpoint;
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, runtime.threads("client-calls"));
        t.setRemoveOnCancelPolicy(true);
        this.timer = t;
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
        MasterSession connection = new MasterSession(endpoint, runtime);
        endpoint.start(connection.new Listener());
        KeyStatus status = endpoint.awaitStatus(connectTimeout);
        if (status != KeyStatus.ACCEPTED) {
            connection.close();
            throw ClientException.setup(status == null
                    ? "no answer from the master at " + address + " within "
                            + connectTimeout.toSeconds() + " s: is it running?"
                    : "the master refused this client: " + endpoint.statusDetail());
        }
        return connection;
    }

    /** What the dealer hears, on its thread: responses, and the session ending and beginning again. */
    private final class Listener implements DealerListener {
        @Override
        public void onMessage(Message message) {
            if (message instanceof ClientResponse r) {
                deliver(r);
            }
        }

        @Override
        public void onDisconnected(String reason) {
            down = true;
            following.forEach(FollowedCall::sessionLost);
        }

        @Override
        public void onStatus(KeyStatus status, String detail) {
            if (status == KeyStatus.ACCEPTED && down) {
                down = false;
                following.forEach(FollowedCall::sessionBack);
            }
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
     * Sends a call (a {@link io.brine.protocol.PublishRequest} that waits, or a
     * {@link io.brine.protocol.CopyRequest}) and follows it to its end, across a master restart too (see
     * {@link FollowedCall}): the future completes with the master's final answer (the whole job, as a
     * {@link JobReport}), or, {@code wait} from now (plus a second at most), with the job as far as known. Progress
     * (the jid, each return, as the master streams them or lookups find them) goes to {@code progress} on the
     * session's transport thread, in order, before the future completes. The future never completes exceptionally.
     */
    public CompletableFuture<CallOutcome> callAsync(ClientRequest request, Consumer<ClientResponse> progress,
            Duration wait) {
        FollowedCall call = new FollowedCall(this, request, progress);
        following.add(call);
        call.start(wait);
        if (down) {
            call.sessionLost(); // lost before it was sent: held until a session is up, and answered on it
        }
        return call.outcome();
    }

    /**
     * {@link #callAsync}, waiting for its outcome; progress is handed to {@code progress} on this thread, so a
     * caller printing it needs no lock and never holds up the transport thread.
     */
    public CallOutcome call(ClientRequest request, Consumer<ClientResponse> progress, Duration wait)
            throws InterruptedException {
        BlockingQueue<Runnable> heard = new LinkedBlockingQueue<>();
        CompletableFuture<CallOutcome> outcome = callAsync(request, r -> heard.add(() -> progress.accept(r)), wait);
        outcome.whenComplete((o, e) -> heard.add(() -> { }));
        while (!outcome.isDone() || !heard.isEmpty()) {
            heard.take().run();
        }
        return outcome.join();
    }

    /** The calls' timer (polls and deadlines). */
    ScheduledExecutorService timer() {
        return timer;
    }

    void unfollow(FollowedCall call) {
        following.remove(call);
    }

    /** One response to an open request: its final answer, or null after handing progress on. */
    static ClientResponse step(ClientResponse r, Map<String, MinionReturn> streamed,
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

    /** Ends the session; calls still waiting end now, with their job as far as known. */
    @Override
    public void close() {
        following.forEach(FollowedCall::closed);
        endpoint.close();
        timer.shutdownNow();
    }
}
