package io.brine.ssh;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a command on a roster host wrote to one stream, kept up to a bound so that a command printing without end
 * cannot exhaust the master's memory; the rest is counted, not kept.
 */
final class CappedOutput extends OutputStream {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final long limit;
    private long total;

    CappedOutput(long limit) {
        this.limit = limit;
    }

    @Override
    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        int keep = (int) Math.max(0, Math.min(len, limit - kept.size()));
        kept.write(b, off, keep);
        total += len;
    }

    synchronized boolean cut() {
        return total > kept.size();
    }

    /** The text kept; when some was cut, with Brine's marker giving the size of the whole. */
    synchronized String text() {
        String s = kept.toString(StandardCharsets.UTF_8);
        return cut() ? s + "\n[brine: output cut at " + limit + " bytes; " + total + " bytes in all]" : s;
    }
}
