package io.brine.master;

import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.Fingerprint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operator's view of minion keys: list, accept, reject, delete, and pre-seed a key before its minion
 * boots. Changes take effect on a running master at once: an accepted minion gets its session, and a
 * deleted or rejected one is cut off before the next job.
 *
 * <p>Example: {@code master.keys().preseed("web1", KeyFiles.readPublicKey(Path.of("web1.pub")))}.
 */
public final class MasterKeys {
    private final KeyDirectory directory;
    private final Runnable onChange;
    private final EventBus events;

    MasterKeys(KeyDirectory directory, Runnable onChange, EventBus events) {
        this.directory = directory;
        this.onChange = onChange;
        this.events = events;
    }

    /** Keys in a pki_dir, for tools working beside a master (such as {@code brine key}): no master is told. */
    public static MasterKeys inDirectory(java.nio.file.Path pkiDir) {
        return new MasterKeys(new KeyDirectory(pkiDir), () -> { }, new EventBus());
    }

    public Map<KeyStatus, List<String>> list() {
        return directory.list();
    }

    /** Accepts a pending key; false if {@code id} has no pending key. */
    public boolean accept(String id) {
        return changed(id, "accepted",
                directory.move(MinionId.requireValid(id), KeyStatus.PENDING, KeyStatus.ACCEPTED));
    }

    /** Accepts every pending key and returns their ids. */
    public List<String> acceptAll() {
        List<String> accepted = new ArrayList<>();
        for (String id : directory.ids(KeyStatus.PENDING)) {
            if (directory.move(id, KeyStatus.PENDING, KeyStatus.ACCEPTED)) {
                accepted.add(id);
                events.publish("brine/key/" + id + "/accepted", java.util.Map.of("id", id));
            }
        }
        changed(!accepted.isEmpty());
        return accepted;
    }

    /** Rejects a pending or accepted key; false if there was none. */
    public boolean reject(String id) {
        MinionId.requireValid(id);
        boolean moved = directory.move(id, KeyStatus.PENDING, KeyStatus.REJECTED)
                | directory.move(id, KeyStatus.ACCEPTED, KeyStatus.REJECTED);
        return changed(id, "rejected", moved);
    }

    /** Deletes every key filed for {@code id}; false if there was none. */
    public boolean delete(String id) {
        return changed(id, "deleted", directory.delete(MinionId.requireValid(id)));
    }

    /**
     * Files {@code publicKey} as accepted for {@code id} before its minion ever connects (orchestrators
     * generate the pair, boot the machine with the private half, and never wait for an operator).
     * Refuses to replace a different key that is already accepted.
     */
    public void preseed(String id, byte[] publicKey) {
        MinionId.requireValid(id);
        Optional<byte[]> existing = directory.publicKey(KeyStatus.ACCEPTED, id);
        if (existing.isPresent() && !KeyDirectory.sameKey(existing, publicKey)) {
            throw new IllegalStateException("a different key is already accepted for " + id
                    + "; delete it first");
        }
        directory.put(KeyStatus.ACCEPTED, id, publicKey);
        if (KeyDirectory.sameKey(directory.publicKey(KeyStatus.PENDING, id), publicKey)) {
            directory.remove(KeyStatus.PENDING, id);
        }
        changed(id, "preseeded", true);
    }

    /** The fingerprint of {@code id}'s key, wherever it is filed (accepted first). */
    public Optional<String> fingerprint(String id) {
        for (KeyStatus s : KeyStatus.values()) {
            Optional<byte[]> key = directory.publicKey(s, MinionId.requireValid(id));
            if (key.isPresent()) {
                return Optional.of(Fingerprint.of(key.get()));
            }
        }
        return Optional.empty();
    }

    private boolean changed(String id, String what, boolean changed) {
        if (changed) {
            events.publish("brine/key/" + id + "/" + what, java.util.Map.of("id", id));
        }
        return changed(changed);
    }

    private boolean changed(boolean changed) {
        if (changed) {
            onChange.run();
        }
        return changed;
    }
}
