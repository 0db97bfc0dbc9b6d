package io.brine.modules.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body collected in memory up to a limit; a longer body fails the call and stops the download,
 * so a misbehaving service cannot exhaust the minion's memory.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
    /** The body went past the limit. */
    static final class TooLargeException extends IOException {
        TooLargeException(int limit) {
            super("response body exceeds " + (limit >= 1024 * 1024 ? limit / (1024 * 1024) + " MiB" : limit + " bytes")
                    + "; not read further");
        }
    }

    private final int limit;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private Flow.Subscription subscription;

    BoundedBody(int limit) {
        this.limit = limit;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer b : buffers) {
            if (bytes.size() + (long) b.remaining() > limit) {
                subscription.cancel();
                result.completeExceptionally(new TooLargeException(limit));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(bytes.toByteArray());
    }
}
