package io.brine.master;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A subscriber that asks for {@code perRequest} items at first and again after each batch of that many (or for
 * nothing more when {@code perRequest} is 0, so the test asks through {@link #request}), and records every signal.
 */
final class RecordingSubscriber<T> implements Flow.Subscriber<T> {
    final List<T> items = new CopyOnWriteArrayList<>();
    final List<String> signals = new CopyOnWriteArrayList<>();
    /** The thread each item came on. */
    final List<String> threads = new CopyOnWriteArrayList<>();
    final CountDownLatch ended = new CountDownLatch(1);
    private final Semaphore arrived = new Semaphore(0);
    private final long perRequest;
    private volatile Flow.Subscription subscription;
    private volatile Throwable error;
    private volatile boolean completed;
    private long sinceRequest;

    RecordingSubscriber(long perRequest) {
        this.perRequest = perRequest;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        signals.add("subscribe");
        subscription = s;
        if (perRequest > 0) {
            s.request(perRequest);
        }
    }

    @Override
    public void onNext(T item) {
        items.add(item);
        threads.add(Thread.currentThread().getName());
        arrived.release();
        if (perRequest > 0 && ++sinceRequest == perRequest) {
            sinceRequest = 0;
            subscription.request(perRequest);
        }
    }

    @Override
    public void onError(Throwable t) {
        signals.add("error");
        error = t;
        ended.countDown();
    }

    @Override
    public void onComplete() {
        signals.add("complete");
        completed = true;
        ended.countDown();
    }

    void request(long n) {
        subscription.request(n);
    }

    void cancel() {
        subscription.cancel();
    }

    /** Whether {@code n} items (counted from the last time this was asked) arrived within the wait. */
    boolean awaitItems(int n, long seconds) throws InterruptedException {
        return arrived.tryAcquire(n, seconds, TimeUnit.SECONDS);
    }

    boolean awaitEnd(long seconds) throws InterruptedException {
        return ended.await(seconds, TimeUnit.SECONDS);
    }

    boolean completed() {
        return completed;
    }

    Throwable error() {
        return error;
    }
}
