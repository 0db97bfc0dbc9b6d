package io.brine.functions;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a function may ask of the master this minion serves: its pillar, files from the master's
 * {@code file_roots} or staged for a copy, and storing files on the master. Calls block the job's thread
 * until the master answers (bounded by the job's deadline).
 */
public interface MasterLink {
    /** What crossed the wire in a {@link #download} or {@link #push}: its length and verified SHA-256. */
    record Transfer(long size, String sha256) {
    }

    /** A link for minions without a master (tests, local runs): no pillar, no files. */
    MasterLink NONE = new MasterLink() {
        @Override
        public Map<String, Object> pillar() {
            return Map.of();
        }

        @Override
        public Optional<Path> file(String path) {
            return Optional.empty();
        }
    };

    /** This minion's pillar, compiled by the master for this minion alone. */
    Map<String, Object> pillar() throws IOException;

    /**
     * A local, read-only copy of {@code brine://path} from the master's file roots, fetched only if the
     * master's version differs from the cached one; empty if the master has no such file.
     */
    Optional<Path> file(String path) throws IOException;

    /**
     * What lies below {@code brine://dir/} on the master ({@code ""}: the whole tree), as {@link StateFiles#list}
     * describes it; empty if no file root holds the directory. Throws if the master refuses the path or the
     * directory is too large to list in one answer.
     */
    default Optional<java.util.List<String>> list(String dir) throws IOException {
        throw new IOException("this minion has no master to list " + dir + " on");
    }

    /**
     * Streams a file the master offers ({@code brine://} path, or a name it staged for a copy) into {@code out}
     * chunk by chunk, in constant memory, and checks the whole against the master's SHA-256. Throws
     * {@link java.nio.file.NoSuchFileException} if the master has no such file (any more),
     * {@link java.nio.file.AccessDeniedException} if it refuses this minion, and {@link IOException} if
     * what arrived does not match.
     *
     * <p>Example: {@code try (FileChannel out = FileChannel.open(temp, WRITE)) { master.download(name, out); }}
     */
    default Transfer download(String path, WritableByteChannel out) throws IOException {
        throw new IOException("this minion has no master to download " + path + " from");
    }

    /**
     * Sends a local file to the master chunk by chunk, each acknowledged before the next, and the master
     * stores it as {@code cachedir/minions/ID/files/NAME} only once its SHA-256 matches. {@code mode} is the
     * permission bits it is stored with. Throws with the master's reason if it refused. The caller opened
     * {@code in} (confined to file_roots_allowed) and closes it.
     */
    default Transfer push(java.nio.channels.FileChannel in, String name, int mode) throws IOException {
        throw new IOException("this minion has no master to push " + name + " to");
    }

    /**
     * Sends this minion's mine data to the master: {@code flush} drops all it held first, then the functions in
     * {@code delete} go and each entry of {@code set} replaces that function's value. Throws with the master's
     * reason if it did not store it.
     */
    default void mineUpdate(Map<String, Object> set, java.util.List<String> delete, boolean flush)
            throws IOException {
        throw new IOException("this minion has no master to send its mine to");
    }

    /**
     * Function {@code function}'s mine values on the minions {@code target} matches ({@code targetType}: Salt's
     * name, such as {@code glob} or {@code grain}), by minion id: those the master's {@code mine_acl} lets this
     * minion read.
     */
    default Map<String, Object> mineGet(String target, String targetType, String function) throws IOException {
        throw new IOException("this minion has no master to read the mine of");
    }
}
