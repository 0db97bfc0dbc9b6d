package io.brine.transport;

import io.brine.protocol.Hello;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The responder's side of Noise XX, computed on worker threads and handed back to the router's I/O thread. A
 * handshake costs the master four X25519 operations, about 0.4 ms of CPU here: done on the I/O thread, a restart
 * storm of 10,000 minions queued every other frame (pings, jobs, an operator's {@code brine run}) behind
 * seconds of them, and the master used one core for them at most.
 *
 * <p>Each step's outcome runs on the router thread through its {@link Outbox}; the router checks there that the
 * peer is still the one that asked, since it may have started over or expired meanwhile.
 */
final class HandshakeWorkers implements AutoCloseable {
    /** Message 2, or why message 1 was refused. */
    record Answer(NoiseXX handshake, byte[] message2, String failure) {
    }

    /** What message 3 proved, or why it was refused. */
    record Finish(Hello hello, byte[] remoteKey, SessionCipher cipher, String failure) {
    }

    private final StaticKeyPair key;
    private final byte[] prologue;
    private final Outbox router;
    private final HandshakeQueue queue;
    private final List<Thread> threads = new ArrayList<>();
    /** A worker task's time, smoothed (nanoseconds): what one more queued handshake step costs the queue. */
    private volatile long taskNanos = 400_000;

    HandshakeWorkers(StaticKeyPair key, byte[] prologue, Outbox router, int threads, int queueCapacity,
            TransportRuntime runtime) {
        this.key = key;
        this.prologue = prologue;
        this.router = router;
        this.queue = new HandshakeQueue(queueCapacity);
        for (int i = 1; i <= threads; i++) {
            Thread t = runtime.newThread("handshake-" + i, this::work);
            this.threads.add(t);
            t.start();
        }
    }

    /**
     * Reads message 1 and writes message 2; {@code then} runs on the router thread. False if the queue for the
     * peer's class is full: the caller drops the message, counted.
     */
    boolean answer(byte[] message1, HandshakeQueue.Lane lane, Consumer<Answer> then) {
        return queue.offer(() -> {
            NoiseXX handshake = NoiseXX.responder(key, prologue);
            Answer answer;
            try {
                if (handshake.readMessage(message1).length != 0) {
                    throw new CryptoException("first handshake message must carry no payload");
                }
                answer = new Answer(handshake, handshake.writeMessage(new byte[0]), null);
            } catch (CryptoException | RuntimeException e) {
                answer = new Answer(null, null, "handshake 1: " + e.getMessage());
            }
            Answer result = answer;
            router.submit(() -> then.accept(result));
        }, lane);
    }

    /**
     * Reads message 3 and splits the session keys; {@code then} runs on the router thread. The caller puts message
     * 3 in the known lane, or the operator's: its sender already passed the rate checks for message 1 and holds a
     * handshake slot, so finishing it is what frees capacity. False if that lane is full.
     */
    boolean finish(NoiseXX handshake, byte[] message3, HandshakeQueue.Lane lane, Consumer<Finish> then) {
        return queue.offer(() -> {
            Finish finish;
            try {
                Message m = MessageCodec.decode(handshake.readMessage(message3));
                if (!(m instanceof Hello hello)) {
                    throw new MalformedMessageException("handshake must carry a hello, not " + m.getClass().getSimpleName());
                }
                finish = new Finish(hello, handshake.remoteStaticKey(), handshake.split(), null);
            } catch (CryptoException | MalformedMessageException | RuntimeException e) {
                finish = new Finish(null, null, null, "handshake 3: " + e.getMessage());
            }
            Finish result = finish;
            router.submit(() -> then.accept(result));
        }, lane);
    }

    int queued() {
        return queue.size();
    }

    /**
     * How long a first handshake message queued now in {@code lane} would wait for a worker, estimated: the steps
     * ahead of it (its lane and those served before it) times a step's smoothed cost, shared by the workers.
     */
    long estimatedWaitMillis(HandshakeQueue.Lane lane) {
        return queue.sizeUpTo(lane) * taskNanos / threads.size() / 1_000_000;
    }

    private void work() {
        try {
            Runnable next;
            while ((next = queue.take()) != null) {
                long t0 = System.nanoTime();
                Outbox.guarded(next);
                long took = System.nanoTime() - t0;
                taskNanos += (took - taskNanos) / 16; // smoothed; racy updates only blur it
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the workers and waits (a few seconds at most) until their threads have ended. */
    @Override
    public void close() {
        queue.close();
        threads.forEach(Thread::interrupt);
        try {
            for (Thread t : threads) {
                t.join(5000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
