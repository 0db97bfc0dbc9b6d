package io.brine.master;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Files a client asked to copy to minions ({@code brine cp}), staged for one job. Nothing is copied: each
 * source is offered in place under an unguessable name ({@code staged:TOKEN/N}) that only the minions the job
 * targets may fetch, and only until the job ends. A source that changes after it was staged is no longer
 * served, so a minion never assembles a mixture of two versions.
 *
 * <p>Each source is hashed once, on a thread of the copy's own, while the minions already fetch it: hashing a
 * GiB takes most of a second, which used to pass before the job was even published. A source copied before and
 * unchanged since (same size and modification time, see {@link Digests}) is not hashed again. The SHA-256 reaches the
 * minions with the chunk that ends the file ({@link StagedFile#sha256} waits for it there), and a minion
 * renames nothing into place before its own hash of what arrived matches it.
 */
final class TransferStaging {
    static final String PREFIX = "staged:";
    /** How long the chunk that ends a file may wait for its hash (the hash normally finishes long before). */
    private static final long HASH_WAIT_MINUTES = 10;
    /** How long a fetch may wait for its job to be published (the job is sent before it is bound here). */
    private static final long BIND_WAIT_MILLIS = 10_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * One source as it was when staged, opened then (see {@link CopySources}), and its SHA-256 once known. Chunks are
     * read from {@code opened}'s channel, never by path again, so what the rules opened is what minions receive.
     */
    record StagedFile(CopySources.Opened opened, String name, CompletableFuture<String> digest) {
        Path source() {
            return opened.path();
        }

        long size() {
            return opened.size();
        }

        long modified() {
            return opened.modified();
        }

        int mode() {
            return opened.mode();
        }

        java.nio.channels.FileChannel channel() {
            return opened.channel();
        }

        /** Still the file that was staged? */
        boolean unchanged() {
            return CopySources.unchanged(opened);
        }

        /** The SHA-256 if hashing is done, else null: for chunks that do not end the file. */
        String sha256IfKnown() {
            return digest.isDone() && !digest.isCompletedExceptionally() ? digest.join() : null;
        }

        /** Waits for the SHA-256; empty if the source could not be hashed or changed meanwhile. */
        Optional<String> sha256() throws InterruptedException {
            try {
                return Optional.of(digest.get(HASH_WAIT_MINUTES, TimeUnit.MINUTES));
            } catch (ExecutionException | TimeoutException | java.util.concurrent.CancellationException e) {
                return Optional.empty();
            }
        }

        private void close() {
            try {
                opened.channel().close();
            } catch (IOException e) {
                // nothing was written through it
            }
        }
    }

    /** The files of one copy, waiting for the job that may fetch them. */
    static final class Staged {
        final String token;
        final List<StagedFile> files;
        final CompletableFuture<LiveJob> job = new CompletableFuture<>();

        private Staged(String token, List<StagedFile> files) {
            this.token = token;
            this.files = files;
        }

        /** The {@code files} argument of {@code cp.recv}: where to fetch each file and what to expect. */
        List<Object> describe() {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                StagedFile f = files.get(i);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("source", PREFIX + token + "/" + i);
                m.put("name", f.name());
                m.put("size", f.size());
                m.put("mode", (long) f.mode());
                out.add(m);
            }
            return out;
        }
    }

    /** A fetch of a staged name by a minion the job does not target. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /** Sources one copy may name: each is held open until its job ends. */
    static final int MAX_FILES_PER_COPY = 1024;

    private final Map<String, Staged> staged = new ConcurrentHashMap<>();
    private final Digests digests;
    private final CopySources sourceFiles;

    TransferStaging(Digests digests, CopySources sourceFiles) {
        this.digests = digests;
        this.sourceFiles = sourceFiles;
    }

    static boolean isStaged(String path) {
        return path.startsWith(PREFIX);
    }

    /**
     * Opens the sources as {@code who} may read them and starts hashing them.
     *
     * @throws CopySources.Refused naming the first source {@code who} may not copy; nothing stays open
     */
    Staged stage(Principal who, List<String> sources) throws CopySources.Refused {
        if (sources.size() > MAX_FILES_PER_COPY) {
            throw new IllegalArgumentException(sources.size() + " sources in one copy; at most " + MAX_FILES_PER_COPY);
        }
        List<StagedFile> files = new ArrayList<>();
        try {
            for (String source : sources) {
                CopySources.Opened opened = sourceFiles.open(who, source);
                files.add(new StagedFile(opened, opened.path().getFileName().toString(), new CompletableFuture<>()));
            }
        } catch (CopySources.Refused | RuntimeException e) {
            files.forEach(StagedFile::close);
            throw e;
        }
        startHashing(files);
        byte[] token = new byte[18];
        RANDOM.nextBytes(token);
        Staged s = new Staged(HexFormat.of().formatHex(token), List.copyOf(files));
        staged.put(s.token, s);
        return s;
    }

    /**
     * The whole of a small file {@code who} may read by the same rules as a staged source (a release's signature).
     *
     * @throws CopySources.Refused if {@code who} may not read it
     * @throws IOException if it is larger than {@code max} bytes or cannot be read
     */
    byte[] readSmall(Principal who, String source, int max) throws CopySources.Refused, java.io.IOException {
        CopySources.Opened opened = sourceFiles.open(who, source);
        try (java.nio.channels.FileChannel ch = opened.channel()) {
            if (opened.size() > max) {
                throw new java.io.IOException(source + " is larger than " + max + " bytes");
            }
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) opened.size());
            while (buf.hasRemaining() && ch.read(buf) > 0) {
                // reads the rest
            }
            return java.util.Arrays.copyOf(buf.array(), buf.position());
        }
    }

    /** Lets the job's minions fetch the files, until the job is done. */
    void bind(Staged s, LiveJob job) {
        s.job.complete(job);
        job.done.whenComplete((record, error) -> forget(s));
    }

    /** Forgets files whose job could not be published. */
    void discard(Staged s) {
        forget(s);
        s.job.cancel(false);
    }

    /** Stops hashing what nobody can fetch any more. */
    private void forget(Staged s) {
        staged.remove(s.token);
        s.files.forEach(f -> f.digest().cancel(false));
        s.files.forEach(StagedFile::close);
    }

    /** The staged file at {@code path}, if {@code minionId} may fetch it; empty if there is none (any more). */
    Optional<StagedFile> find(String minionId, String path) throws Refused, InterruptedException {
        String rest = path.substring(PREFIX.length());
        int slash = rest.indexOf('/');
        Staged s = slash < 0 ? null : staged.get(rest.substring(0, slash));
        if (s == null) {
            return Optional.empty();
        }
        int index;
        try {
            index = Integer.parseInt(rest.substring(slash + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (index < 0 || index >= s.files.size()) {
            return Optional.empty();
        }
        LiveJob job;
        try {
            job = s.job.get(BIND_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | java.util.concurrent.CancellationException e) {
            return Optional.empty();
        }
        if (!job.expects(minionId)) {
            throw new Refused(minionId + " is not a target of job " + job.jid());
        }
        return Optional.of(s.files.get(index));
    }

    /**
     * Hashes one copy's files in order, on a thread of its own: a worker thread is wanted for serving them, and
     * the minions fetch them in that order too, each after the one before, so the hashing stays ahead.
     */
    private void startHashing(List<StagedFile> files) {
        for (StagedFile f : files) {
            digests.known(f.source(), f.size(), f.modified()).ifPresent(f.digest()::complete);
        }
        if (files.stream().allMatch(f -> f.digest().isDone())) {
            return; // the same files as before, unchanged: their hashes are known
        }
        Thread t = new Thread(() -> files.forEach(this::hash), "brine-stage-hash");
        t.setDaemon(true);
        t.start();
    }

    private void hash(StagedFile f) {
        if (f.digest().isDone()) {
            return; // known already, or the copy is over
        }
        try {
            String sha = Digests.sha256(f.channel(), f.digest()::isDone);
            if (sha == null) {
                return; // the copy ended first
            }
            // A hash of a file that changed while it was read belongs to no version of it.
            if (f.unchanged()) {
                digests.remember(f.source(), f.size(), f.modified(), sha);
                f.digest().complete(sha);
            } else {
                f.digest().completeExceptionally(new IOException(f.source() + " changed while it was hashed"));
            }
        } catch (IOException | RuntimeException e) {
            f.digest().completeExceptionally(e);
        }
    }
}
