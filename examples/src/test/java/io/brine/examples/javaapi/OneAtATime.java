package io.brine.examples.javaapi;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A Flow subscriber that requests {@code perRequest} items, and as many again each time they came (or nothing
 * by itself when {@code perRequest} is 0), recording every signal.
 */
final class OneAtATime<T> implements Flow.Subscriber<T> {
    final List<T> items = new CopyOnWriteArrayList<>();
    final List<String> signals = new CopyOnWriteArrayList<>();
    volatile Throwable error;
    private final long perRequest;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Semaphore arrived = new Semaphore(0);
    private volatile Flow.Subscription subscription;
    private long sinceRequest;

    OneAtATime(long perRequest) {
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
        arrived.release();
        if (perRequest > 0 && ++sinceRequest == perRequest) {
            sinceRequest = 0;
            subscription.request(perRequest);
        }
    }

    @Override
    public void onError(Throwable t) {
        error = t;
        signals.add("error");
        ended.countDown();
    }

    @Override
    public void onComplete() {
        signals.add("complete");
        ended.countDown();
    }

    void request(long n) {
        subscription.request(n);
    }

    boolean awaitItems(int n, Duration within) throws InterruptedException {
        return arrived.tryAcquire(n, within.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean awaitEnd(Duration within) throws InterruptedException {
        return ended.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }
}
