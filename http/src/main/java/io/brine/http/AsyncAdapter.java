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

    AsyncAdapter(AsyncHandler handler, int maxBody) {
        this.handler = handler;
        this.maxBody = maxBody;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        if (request.getLength() > maxBody) {
            Response.writeError(request, response, callback, 413);
            return true;
        }
        Content.Source.asByteArrayAsync(request, maxBody).whenComplete((body, failure) -> {
            if (failure != null) {
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
