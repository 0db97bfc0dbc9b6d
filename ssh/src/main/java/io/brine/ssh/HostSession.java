package io.brine.ssh;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import org.apache.sshd.client.channel.ClientChannel;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

/**
 * One logged-in session on a roster host, for one run: commands run in it one after another, each waiting no later
 * than the run's deadline, each stream they write kept up to a bound.
 */
final class HostSession implements AutoCloseable {
    /** What ran, as the host said it. */
    record Exec(String stdout, String stderr, int exit, boolean timedOut, boolean stdoutCut) {
    }

    /** Writes a command's input; an {@link IOException} it throws is about its own source, never the host. */
    @FunctionalInterface
    interface Stdin {
        void writeTo(OutputStream host) throws IOException;
    }

    private final ClientSession session;
    private final Instant deadline;
    private final long maxOutputBytes;

    long maxOutputBytes() {
        return maxOutputBytes;
    }

    HostSession(ClientSession session, Instant deadline, long maxOutputBytes) {
        this.session = session;
        this.deadline = deadline;
        this.maxOutputBytes = maxOutputBytes;
    }

    Exec exec(String command) throws SshUnreachable, IOException {
        return exec(command, null);
    }

    /**
     * Runs {@code command}, {@code stdin} (may be null) writing its input from this thread (never MINA's pump, which
     * interrupts what it reads from, and a file channel read when interrupted is closed for every other reader).
     *
     * @throws IOException when {@code stdin}'s own source failed (the command then ends, cut short)
     */
    Exec exec(String command, Stdin stdin) throws SshUnreachable, IOException {
        CappedOutput out = new CappedOutput(maxOutputBytes);
        CappedOutput err = new CappedOutput(maxOutputBytes);
        try (ClientChannel channel = session.createExecChannel(command)) {
            channel.setOut(out);
            channel.setErr(err);
            channel.open().verify(left());
            if (stdin != null) {
                try (HostInput in = new HostInput(channel.getInvertedIn())) {
                    stdin.writeTo(in);
                } catch (IOException source) {
                    throw new SourceFailed(source);
                }
            }
            Set<ClientChannelEvent> events = channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), left().toMillis());
            boolean timedOut = events.contains(ClientChannelEvent.TIMEOUT);
            Integer exit = channel.getExitStatus();
            return new Exec(out.text(), err.text(), timedOut ? 124 : exit == null ? 255 : exit, timedOut, out.cut());
        } catch (SourceFailed e) {
            throw e.source;
        } catch (IOException | RuntimeException e) {
            throw new SshUnreachable("the session ended: " + SshRunner.reason(e), e);
        }
    }

    Duration left() {
        return until(deadline);
    }

    /** The time from now to {@code deadline}; a millisecond once it has passed (a wait of 0 would mean for ever). */
    static Duration until(Instant deadline) {
        Duration d = Duration.between(Instant.now(), deadline);
        return d.isNegative() || d.isZero() ? Duration.ofMillis(1) : d;
    }

    @Override
    public void close() {
        session.close(false);
    }

    /** Carries a failure of the input's source out past the channel's own handling. */
    private static final class SourceFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient IOException source;

        SourceFailed(IOException source) {
            super(source);
            this.source = source;
        }
    }

    /**
     * The command's input: once the host stops taking it (the command ended or failed, the session closed), the rest
     * is dropped, and the exit status says what happened. Closing it tells the host the input ended.
     */
    private static final class HostInput extends OutputStream {
        private final OutputStream host;
        private boolean gone;

        HostInput(OutputStream host) {
            this.host = host;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (gone) {
                return;
            }
            try {
                host.write(b, off, len);
            } catch (IOException e) {
                gone = true;
            }
        }

        @Override
        public void close() {
            try {
                host.close();
            } catch (IOException e) {
                gone = true;
            }
        }
    }
}
