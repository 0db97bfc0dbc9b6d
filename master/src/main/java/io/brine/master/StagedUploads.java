package io.brine.master;

import io.brine.ssh.Upload;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The files a copy job staged ({@link CopyJobs}), as {@code brine cp --ssh} sends them to one roster host: each read
 * from the channel opened when it was staged, at positions of its own, so that what the rules opened is what every
 * host receives and no reader moves the channel for the others.
 */
final class StagedUploads {
    /** Why a host gets none of the files. */
    static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable(String message) {
            super(message);
        }
    }

    private StagedUploads() {
    }

    /** The files {@code files} (the job's {@code files} argument) names, for {@code hostId}. */
    static List<Upload> of(TransferStaging staging, String hostId, List<?> files)
            throws Unavailable, InterruptedException {
        List<Upload> uploads = new ArrayList<>();
        for (Object o : files) {
            Map<?, ?> described = (Map<?, ?>) o;
            Optional<TransferStaging.StagedFile> f;
            try {
                f = staging.find(hostId, String.valueOf(described.get("source")));
            } catch (TransferStaging.Refused e) {
                throw new Unavailable(e.getMessage());
            }
            if (f.isEmpty()) {
                throw new Unavailable("the master no longer holds " + described.get("name") + " for this copy");
            }
            if (!f.get().unchanged()) {
                throw new Unavailable(f.get().source() + " changed after it was staged; nothing of it was sent");
            }
            FileChannel channel = f.get().channel();
            uploads.add(new Upload(f.get().name(), f.get().mode(), () -> new PositionalInput(channel)));
        }
        return uploads;
    }

    /** A channel's bytes from its start, read at positions of their own. */
    private static final class PositionalInput extends InputStream {
        private final FileChannel channel;
        private long position;

        PositionalInput(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = channel.read(ByteBuffer.wrap(b, off, len), position);
            if (n > 0) {
                position += n;
            }
            return n;
        }
    }
}
