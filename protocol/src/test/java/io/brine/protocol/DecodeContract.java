package io.brine.protocol;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The decoders' promise to the network, checked on one input: {@link MessageCodec#decode} and {@link Frame#decode}
 * either accept or throw {@link MalformedMessageException}; nothing else escapes, and the heap they touch is
 * bounded by the bytes actually given, never by a length some header claims. What they accept is canonical:
 * encoding it again and decoding that gives the same bytes, so a receiver never holds something it could not send.
 *
 * <p>Violations are thrown as {@link AssertionError}s naming the input in hex, which Jazzer and JUnit both report.
 */
final class DecodeContract {
    /** Room for exception stack traces and the like, independent of input size. */
    static final long FIXED_ALLOWANCE = 512 * 1024;
    /**
     * Per input byte: a one-byte empty string or map costs a few hundred bytes of short-lived objects. A decoder
     * that believes a crafted length allocates megabytes to gigabytes, far beyond this.
     */
    static final long ALLOWANCE_PER_BYTE = 1024;

    private static final com.sun.management.ThreadMXBean THREADS = allocationCounter();

    private DecodeContract() {
    }

    enum Outcome { ACCEPTED, REJECTED }

    static Outcome checkMessage(byte[] input) {
        long before = allocatedBytes();
        Message message;
        try {
            message = MessageCodec.decode(input);
        } catch (MalformedMessageException expected) {
            requireBoundedAllocation("MessageCodec.decode", input, before, () -> MessageCodec.decode(input));
            return Outcome.REJECTED;
        } catch (Throwable t) {
            throw violation("MessageCodec.decode threw " + t, input, t);
        }
        requireBoundedAllocation("MessageCodec.decode", input, before, () -> MessageCodec.decode(input));
        requireCanonical(message, input);
        return Outcome.ACCEPTED;
    }

    static void checkFrame(byte[] input, int maxSize) {
        long before = allocatedBytes();
        Frame frame;
        try {
            frame = Frame.decode(input, maxSize);
        } catch (MalformedMessageException expected) {
            requireBoundedAllocation("Frame.decode", input, before, () -> Frame.decode(input, maxSize));
            return;
        } catch (Throwable t) {
            throw violation("Frame.decode threw " + t, input, t);
        }
        requireBoundedAllocation("Frame.decode", input, before, () -> Frame.decode(input, maxSize));
        if (input.length > maxSize) {
            throw violation("Frame.decode accepted " + input.length + " bytes with a limit of " + maxSize, input, null);
        }
        if (!Arrays.equals(input, frame.encode())) {
            throw violation("a decoded frame encodes to different bytes", input, null);
        }
    }

    private static void requireCanonical(Message message, byte[] input) {
        byte[] encoded;
        byte[] reencoded;
        try {
            encoded = MessageCodec.encode(message);
            reencoded = MessageCodec.encode(MessageCodec.decode(encoded));
        } catch (Throwable t) {
            throw violation("a decoded " + message.getClass().getSimpleName() + " does not survive re-encoding: " + t,
                    input, t);
        }
        if (!Arrays.equals(encoded, reencoded)) {
            throw violation("a decoded " + message.getClass().getSimpleName() + " has no stable encoding", input, null);
        }
    }

    /**
     * The first decode of a kind of input may load classes (and, under Jazzer, instrument them) on this thread,
     * which counts as its allocation; so an input over the limit is decoded once more, warm, before it is blamed.
     */
    private static void requireBoundedAllocation(String what, byte[] input, long before, Decoding again) {
        if (before < 0) {
            return;
        }
        int length = input == null ? 0 : input.length;
        long limit = FIXED_ALLOWANCE + ALLOWANCE_PER_BYTE * length;
        long used = allocatedBytes() - before;
        if (used <= limit) {
            return;
        }
        long retryStart = allocatedBytes();
        try {
            again.run();
        } catch (MalformedMessageException expected) {
            // The outcome was checked already; only the cost is measured here.
        }
        used = allocatedBytes() - retryStart;
        if (used > limit) {
            throw violation(what + " allocated " + used + " bytes for " + length + " bytes of input", input, null);
        }
    }

    private interface Decoding {
        Object run() throws MalformedMessageException;
    }

    /** Bytes this thread has allocated so far, or -1 where the JVM cannot tell. */
    static long allocatedBytes() {
        return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
    }

    private static AssertionError violation(String what, byte[] input, Throwable cause) {
        String hex = input == null ? "null" : HexFormat.of().formatHex(input, 0, Math.min(input.length, 512))
                + (input.length > 512 ? "... (" + input.length + " bytes)" : "");
        return new AssertionError(what + "\ninput: " + hex, cause);
    }

    private static com.sun.management.ThreadMXBean allocationCounter() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                && t.isThreadAllocatedMemorySupported()) {
            t.setThreadAllocatedMemoryEnabled(true);
            return t;
        }
        return null;
    }
}
