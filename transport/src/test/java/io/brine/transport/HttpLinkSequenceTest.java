package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.crypto.StaticKeyPair;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The HTTPS link protocol's promises, asked of a real router through {@link HttpLinks} as its HTTP server hands
 * it requests: a poll whose answer was lost gets the same frames again, a post sent twice is taken once, a gap in
 * the posts or an acknowledgement of a frame never sent closes the link, a closed link answers 404, and frames a
 * link closes with that its peer never acknowledged are counted.
 */
class HttpLinkSequenceTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /** The router's greeting: a RESET whose body is 1 (see RouterEndpoint.GREETING). */
    private static final byte[] GREETING = new Frame(FrameKind.RESET, new byte[] {1}).encode();

    @Test
    void pollsArePromisedTheirFramesUntilAcknowledgedAndPostsAreTakenOnce() throws Exception {
        try (TestMaster m = TestMaster.start(StaticKeyPair.generate(), 0, (hello, key) ->
                PeerAuthenticator.Verdict.accepted(), TransportSettings.DEFAULTS)) {
            HttpLinks links = m.router.httpLinks();
            String token = new String(ask(links, "POST", "/open", null, new byte[0]).body(),
                    StandardCharsets.US_ASCII);

            // the greeting, asked for twice (the first answer lost on the way): the same frame both times
            assertEquals(1, frames(ask(links, "GET", "/" + token + "/frames", "ack=0", null)).size());
            List<byte[]> again = frames(ask(links, "GET", "/" + token + "/frames", "ack=0", null));
            assertEquals(1, again.size());
            assertArrayEquals(GREETING, again.get(0));
            // acknowledged: a poll that does not wait comes back empty
            assertEquals(0, frames(ask(links, "GET", "/" + token + "/frames", "ack=1&wait=0", null)).size());

            // a sealed frame with no session: the router drops it (counted) and answers with an empty RESET
            byte[] stray = new Frame(FrameKind.SEALED, new byte[40]).encode();
            long before = m.router.counters().dropped(Counters.Drop.NO_SESSION);
            assertEquals(204, ask(links, "POST", "/" + token + "/frames", "seq=1", body(stray)).status());
            assertEquals(204, ask(links, "POST", "/" + token + "/frames", "seq=1", body(stray)).status(),
                    "the same post again, its answer lost: taken, not delivered twice");
            assertEquals(before + 1, m.router.counters().dropped(Counters.Drop.NO_SESSION));
            List<byte[]> reset = frames(ask(links, "GET", "/" + token + "/frames", "ack=1&wait=5", null));
            assertEquals(1, reset.size(), "one answer to one frame");
            assertEquals(FrameKind.RESET, Frame.kindOf(reset.get(0), 1024));

            // frame 2 never came: a post of frame 3 closes the link, and the link is gone
            assertEquals(409, ask(links, "POST", "/" + token + "/frames", "seq=3", body(stray)).status());
            assertEquals(404, ask(links, "GET", "/" + token + "/frames", "ack=2", null).status());
        }
    }

    @Test
    void anAcknowledgementOfAFrameNeverSentClosesTheLinkAndAnUnknownTokenIsGone() throws Exception {
        try (TestMaster m = TestMaster.start(StaticKeyPair.generate(), 0, (hello, key) ->
                PeerAuthenticator.Verdict.accepted(), TransportSettings.DEFAULTS)) {
            HttpLinks links = m.router.httpLinks();
            String token = new String(ask(links, "POST", "/open", null, new byte[0]).body(),
                    StandardCharsets.US_ASCII);
            assertEquals(409, ask(links, "GET", "/" + token + "/frames", "ack=5", null).status());
            assertEquals(404, ask(links, "POST", "/" + token + "/frames", "seq=1", body()).status());
            assertEquals(404, ask(links, "GET", "/" + "0".repeat(32) + "/frames", "ack=0", null).status());
            assertEquals(400, ask(links, "GET", "/not-a-token/frames", "ack=0", null).status());
            assertEquals(400, ask(links, "POST", "/" + token + "/frames", "seq=1",
                    new byte[] {0, 0, 0, 9, 1}).status(), "a body whose length lies");
            assertTrue(m.router.counters().dropped(Counters.Drop.PROTOCOL_ERROR) >= 2);
        }
    }

    @Test
    void framesALinkClosesWithNeverAcknowledgedAreCountedAndThoseTheClosingPeerHasAreNot() throws Exception {
        TestMaster m = TestMaster.start(StaticKeyPair.generate(), 0, (hello, key) ->
                PeerAuthenticator.Verdict.accepted(), TransportSettings.DEFAULTS);
        try (m) {
            HttpLinks links = m.router.httpLinks();
            String had = new String(ask(links, "POST", "/open", null, new byte[0]).body(), StandardCharsets.US_ASCII);
            assertEquals(1, frames(ask(links, "GET", "/" + had + "/frames", "ack=0", null)).size());
            assertEquals(204, ask(links, "DELETE", "/" + had, "ack=1", null).status());
            assertEquals(0, m.router.counters().sendUnconfirmed(), "the peer said it had the greeting");

            String never = new String(ask(links, "POST", "/open", null, new byte[0]).body(),
                    StandardCharsets.US_ASCII);
            assertEquals(204, ask(links, "DELETE", "/" + never, null, null).status());
            assertEquals(1, m.router.counters().sendUnconfirmed(), "the greeting nobody said they had");

            assertEquals(200, ask(links, "POST", "/open", null, new byte[0]).status());
        }
        assertEquals(2, m.router.counters().sendUnconfirmed(), "the greeting of a link the router closed with");
    }

    private static HttpLinks.Answer ask(HttpLinks links, String method, String path, String query, byte[] body)
            throws Exception {
        CompletableFuture<HttpLinks.Answer> answer = new CompletableFuture<>();
        links.handle(method, HttpLinks.PATH + path, query, LOOPBACK, body == null ? new byte[0] : body,
                answer::complete);
        return answer.get(10, TimeUnit.SECONDS);
    }

    private static byte[] body(byte[]... frames) {
        return HttpCarrier.body(List.of(frames));
    }

    private static List<byte[]> frames(HttpLinks.Answer answer) {
        assertEquals(200, answer.status());
        return HttpCarrier.frames(answer.body(), Integer.MAX_VALUE);
    }
}
