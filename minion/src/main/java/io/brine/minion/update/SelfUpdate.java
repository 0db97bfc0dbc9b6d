package io.brine.minion.update;

import io.brine.functions.FunctionException;
import io.brine.functions.MasterLink;
import io.brine.minion.UpdateSettings;
import io.brine.protocol.BrineVersion;
import io.brine.release.BundleKind;
import io.brine.release.BundleVersion;
import io.brine.release.MinionDeb;
import io.brine.release.ReleaseRefused;
import io.brine.release.ReleaseSignature;
import io.brine.release.Versions;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * A minion's side of {@code brine update} (docs/updates.md): the guest owner's switch, the release keys it trusts,
 * the signed bundle received over the session and checked before anything is installed, the new version put
 * beside the running one ({@code versions/VERSION/brine-minion.jar}: a jar bundle as it came, a brine-minion .deb's
 * own jar) and marked for trial. The launcher then
 * starts it (see packaging's brine-minion), and {@link UpdateOutcome} reports how that went. A refusal leaves
 * nothing behind: the bundle is received into a scratch file removed with it.
 */
public final class SelfUpdate {
    private static final Logger LOG = System.getLogger(SelfUpdate.class.getName());
    /** What a bundle installs beside the running version. */
    public static final String JAR = "brine-minion.jar";

    private final Path versions;
    private final UpdateSettings settings;
    private final boolean restartable;

    /**
     * @param versions the versions directory (in the minion's cachedir)
     * @param restartable whether a launcher restarts this minion into a new version (not an embedded one)
     */
    public SelfUpdate(Path versions, UpdateSettings settings, boolean restartable) {
        this.versions = versions;
        this.settings = settings;
        this.restartable = restartable;
    }

    /**
     * Receives, checks and installs the release; returns the marker of the trial the minion must now restart into.
     *
     * @throws FunctionException {@code refused: REASON}, with nothing on disk changed
     */
    public UpdateMarker install(Map<?, ?> bundle, String signature, boolean allowDowngrade, MasterLink master,
            String jid) throws FunctionException {
        if (!settings.selfUpdate()) {
            throw refused("self_update is off on this minion (the guest owner's choice)");
        }
        if (settings.keys().isEmpty()) {
            throw refused("no update_keys are trusted on this minion");
        }
        if (!restartable) {
            throw refused("this minion was not started by the brine-minion launcher, which restarts it into a new "
                    + "version");
        }
        ReleaseSignature sig;
        try {
            sig = ReleaseSignature.parse(signature);
        } catch (ReleaseRefused e) {
            throw refused(e.getMessage());
        }
        String to = sig.release().version();
        String from = BrineVersion.CURRENT;
        int order = Versions.compare(to, from);
        if (order == 0) {
            throw refused("already running " + from);
        }
        if (order < 0 && !allowDowngrade) {
            throw refused(to + " is older than the running " + from + " (a downgrade needs --allow-downgrade)");
        }
        BundleKind kind = sig.release().kind();
        if (kind == BundleKind.DEB && !MinionDeb.toolsPresent()) {
            throw refused("this minion has no dpkg-deb and tar to open a .deb; send it the minion jar");
        }
        if (Files.exists(versions.resolve(UpdateMarker.TRIAL))) {
            throw refused("another update is under way");
        }
        if (!(bundle.get("source") instanceof String source)) {
            throw refused("the job names no bundle to fetch");
        }
        boolean madeVersions = !Files.isDirectory(versions);
        Path scratch = versions.resolve(".incoming-" + jid);
        Path installed = versions.resolve(to);
        Path staging = versions.resolve(".installing-" + jid);
        try {
            Files.createDirectories(versions);
            try (FileChannel out = FileChannel.open(scratch, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                master.download(source, new Bounded(out, sig.release().size()));
                out.force(true);
            }
            sig.check(scratch, settings.keys());
            Files.createDirectories(staging);
            Path jar = staging.resolve(JAR);
            if (kind == BundleKind.JAR) {
                Files.move(scratch, jar, StandardCopyOption.ATOMIC_MOVE);
            } else {
                new MinionDeb(scratch).extractJar(jar); // the package's own jar, run beside as a jar bundle is
                Files.delete(scratch);
            }
            String reports = BundleVersion.of(jar);
            if (!reports.equals(to)) {
                throw new ReleaseRefused("the release is signed as " + to + " but its minion jar reports " + reports);
            }
            if (Files.exists(installed)) {
                deleteTree(installed); // a version that failed before: this one is checked, that one is not kept
            }
            Files.move(staging, installed, StandardCopyOption.ATOMIC_MOVE);
            UpdateMarker trial = new UpdateMarker(to, from, jid, System.currentTimeMillis()
                    + settings.timeout().toMillis());
            trial.write(versions, UpdateMarker.TRIAL);
            LOG.log(Level.WARNING, "update job " + jid + ": " + to + " checked (" + sig.keyFingerprint()
                    + ") and installed beside " + from + "; restarting into it");
            return trial;
        } catch (ReleaseRefused e) {
            deleteQuietly(staging);
            cleanUp(scratch, madeVersions);
            throw refused(e.getMessage());
        } catch (IOException e) {
            deleteQuietly(staging);
            cleanUp(scratch, madeVersions);
            deleteQuietly(installed);
            throw refused("cannot receive or install the bundle: " + e.getMessage());
        }
    }

    private FunctionException refused(String why) {
        LOG.log(Level.WARNING, "update refused: " + why);
        return new FunctionException("refused: " + why);
    }

    private void cleanUp(Path scratch, boolean madeVersions) {
        deleteQuietly(scratch);
        if (madeVersions) {
            try {
                Files.deleteIfExists(versions);
            } catch (IOException e) {
                // not empty after all: left
            }
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            if (Files.isDirectory(p)) {
                deleteTree(p);
            } else {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot remove " + p + ": " + e.getMessage());
        }
    }

    /** Removes {@code dir} and everything in it; nothing when it does not exist. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** A channel that refuses to take more than the signed size: a master cannot fill the disk with a bundle. */
    private static final class Bounded implements WritableByteChannel {
        private final FileChannel out;
        private long left;

        Bounded(FileChannel out, long max) {
            this.out = out;
            this.left = max;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            if (src.remaining() > left) {
                throw new IOException("the bundle is larger than the signed size");
            }
            int n = out.write(src);
            left -= n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return out.isOpen();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
