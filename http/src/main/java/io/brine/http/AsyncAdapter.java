package io.brine.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** An {@link AsyncHandler} on Jetty's own asynchronous API: bodies read without blocking, answers written later. */
final class AsyncAdapter extends Handler.Abstract {
    private final AsyncHandler handler;
    private final int maxBody;
    /**
     * Bytes of bodies being read, across every request: each is read whole into memory before it is handed over,
     * so without a bound a thousand clients each sending a body at the limit would hold gigabytes.
     */
    private final java.util.concurrent.atomic.AtomicLong reading = new java.util.concurrent.atomic.AtomicLong();
    private final long maxReading;
    /** Requests refused unread: a body over the bound (413), and past what bodies being read may hold (503). */
    private final java.util.concurrent.atomic.LongAdder tooLarge = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder overBudget = new java.util.concurrent.atomic.LongAdder();

    AsyncAdapter(AsyncHandler handler, int maxBody, long maxReading) {
        this.handler = handler;
        this.maxBody = maxBody;
        this.maxReading = maxReading;
    }

    long tooLarge() {
        return tooLarge.sum();
    }

    long overBudget() {
        return overBudget.sum();
    }

    /** Bytes of bodies being read now (tests). */
    long reading() {
        return reading.get();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        long length = request.getLength();
        if (length > maxBody) {
            tooLarge.increment();
            Response.writeError(request, response, callback, 413);
            return true;
        }
        // A body of unknown length is counted at the limit: it may be that long.
        long reserved = length < 0 ? maxBody : length;
        if (reading.addAndGet(reserved) > maxReading) {
            reading.addAndGet(-reserved);
            overBudget.increment();
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
            Response.writeError(request, response, callback, 503);
            return true;
        }
        Content.Source.asByteArrayAsync(request, maxBody).whenComplete((body, failure) -> {
            reading.addAndGet(-reserved);
            if (failure != null) {
                tooLarge.increment(); // longer than it said, or than the bound
                Response.writeError(request, response, callback, 413);
            } else {
                handler.handle(new Exchange(request, response, callback, body));
            }
        });
        return true;
    }

    private static final class Exchange implements AsyncExchange {
        private final Request request;
        private final Response response;
        private final Callback callback;
        private final byte[] body;
        private final AtomicBoolean answered = new AtomicBoolean();

        Exchange(Request request, Response response, Callback callback, byte[] body) {
            this.request = request;
            this.response = response;
            this.callback = callback;
            this.body = body;
        }

        @Override
        public String method() {
            return request.getMethod();
        }

        @Override
        public String path() {
            return request.getHttpURI().getDecodedPath();
        }

        @Override
        public String query() {
            return request.getHttpURI().getQuery();
        }

        @Override
        public InetAddress remoteAddress() {
            SocketAddress remote = request.getConnectionMetaData().getRemoteSocketAddress();
            return remote instanceof InetSocketAddress inet ? inet.getAddress() : InetAddress.getLoopbackAddress();
        }

        @Override
        public byte[] body() {
            return body;
        }

        @Override
        public void authenticated() {
            request.setAttribute(HttpListener.AUTHENTICATED, Boolean.TRUE);
        }

        @Override
        public void respond(int status, Map<String, String> headers, byte[] answer) {
            if (!answered.compareAndSet(false, true)) {
                return;
            }
            response.setStatus(status);
            headers.forEach((name, value) -> response.getHeaders().put(name, value));
            if (answer.length > 0) {
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/octet-stream");
            }
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, answer.length);
            response.write(true, ByteBuffer.wrap(answer), callback);
        }
    }
}
