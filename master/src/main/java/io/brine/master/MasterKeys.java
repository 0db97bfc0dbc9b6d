package io.brine.master;

import io.brine.jobs.MinionStatus;
import io.brine.master.internal.AuditLog;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.Fingerprint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The operator's view of minion keys: list, accept, reject, delete, and pre-seed a key before its minion
 * boots. Changes take effect on a running master at once: an accepted minion gets its session, and a
 * deleted or rejected one is cut off before the next job. Each is audited; with {@code audit_required: true}, a
 * change is refused ({@link AuditUnavailableException}, nothing changed) while the audit log cannot record it.
 *
 * <pre>{@code
 * master.keys().preseed("web1", KeyFiles.readPublicKey(Path.of("web1.pub")));   // before web1 boots
 * master.keys().list().pending().forEach(master.keys()::accept);
 * }</pre>
 */
public final class MasterKeys {
    /** Told which ids' keys changed, so that their live sessions are checked again (and no others). */
    @FunctionalInterface
    interface Rechecks {
        /** Completes once the sessions of {@code ids} know their keys' status. */
        CompletableFuture<Void> recheck(Set<String> ids);

        Rechecks NONE = ids -> CompletableFuture.completedFuture(null);
    }

    private final KeyStore directory;
    private final Rechecks onChange;
    private final EventBus events;
    private final AccessPolicy access;
    private final AuditLog audit;
    private final Principal actor;
    private final MinionPresence presence;

    MasterKeys(KeyStore directory, Rechecks onChange, EventBus events, AccessPolicy access, AuditLog audit,
            Principal actor) {
        this(directory, onChange, events, access, audit, actor, MinionPresence.none());
    }

    MasterKeys(KeyStore directory, Rechecks onChange, EventBus events, AccessPolicy access, AuditLog audit,
            Principal actor, MinionPresence presence) {
        this.presence = presence;
        this.directory = directory;
        this.onChange = onChange;
        this.events = events;
        this.access = access;
        this.audit = audit;
        this.actor = actor;
    }

    /**
     * Keys in a pki_dir, for tools working beside a master (such as {@code brine key} run by the master's local
     * operator): no master is told, no event is published and nothing is audited here; the caller does that.
     */
    public static MasterKeys inDirectory(java.nio.file.Path pkiDir) {
        return beside(new KeyDirectory(pkiDir));
    }

    /**
     * The keys of a cluster, in its database, for the same tools: every master of the cluster hears of a change
     * itself (NOTIFY), so none needs telling. The caller closes {@code db}.
     */
    public static MasterKeys inCluster(ClusterDatabase db) {
        return beside(new ClusterKeys(db.dataSource()));
    }

    private static MasterKeys beside(KeyStore store) {
        return new MasterKeys(store, Rechecks.NONE, new EventBus(),
                new AccessPolicy(PublisherAcl.NONE, true, (id, g, p) -> null), null,
                Principal.local(Master.LOCAL_CLIENT, "cli"));
    }

    /**
     * These keys as {@code name} sees them: every operation needs {@code @keys} in {@code publisher_acl}, is
     * audited, and its {@code brine/key/ID/...} event names {@code name} as {@code by}. Refusals throw
     * {@link AccessDeniedException}.
     */
    public MasterKeys as(String name, String source) {
        return as(Principal.named(name, source));
    }

    MasterKeys as(Principal who) {
        return new MasterKeys(directory, onChange, events, access, audit, who, presence);
    }

    /** Who acts through this view. */
    public Principal principal() {
        return actor;
    }

    /**
     * Every key filed, by status.
     *
     * @throws AccessDeniedException if this view's identity lacks {@code @keys}
     */
    public KeyList list() {
        allowed("list keys");
        return new KeyList(directory.ids(KeyStatus.ACCEPTED), directory.ids(KeyStatus.PENDING),
                directory.ids(KeyStatus.REJECTED), directory.ids(KeyStatus.DENIED));
    }

    /**
     * Every accepted minion, by id, up or down with when it was last seen: Salt's {@code manage.status}.
     *
     * @throws AccessDeniedException if this view's identity lacks {@code @keys} (the list names every minion)
     */
    public List<MinionStatus> status() {
        allowed("see minion status");
        return directory.ids(KeyStatus.ACCEPTED).stream().sorted().map(presence::of).toList();
    }

    /**
     * The accepted minions this view's identity may see, by id: every one with {@code @keys} (or as the local
     * admin), otherwise those some grant of its {@code publisher_acl} covers, so an operator granted
     * {@code web*: [test.*]} sees the web minions and nothing of the others. Nothing is refused, so nothing is
     * audited.
     */
    public List<MinionStatus> visibleStatus() {
        return directory.ids(KeyStatus.ACCEPTED).stream().sorted().filter(this::sees).map(presence::of).toList();
    }

    /** Whether this view's identity may see accepted minion {@code id}: {@code @keys}, or a grant covering it. */
    public boolean sees(String id) {
        return access.holds(actor, "@keys") || access.coversMinion(actor, id);
    }

    /**
     * One minion's status and grains when this view's identity {@link #sees} it; empty when it is no accepted
     * minion or is not seen (the two look alike, so ids beyond one's grants cannot be probed).
     */
    public Optional<MinionStatus> visibleStatus(String id) {
        if (!MinionId.isValid(id) || !sees(id) || directory.publicKey(KeyStatus.ACCEPTED, id).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(presence.of(id));
    }

    /** The grains of a minion this view's identity {@link #sees}; empty otherwise. */
    public Map<String, Object> visibleGrains(String id) {
        return MinionId.isValid(id) && sees(id) ? presence.grains(id) : Map.of();
    }

    /**
     * One accepted minion's status; empty if {@code id} is not an accepted minion.
     *
     * @throws AccessDeniedException if this view's identity lacks {@code @keys}
     */
    public Optional<MinionStatus> status(String id) {
        allowed("see minion status");
        if (!MinionId.isValid(id) || directory.publicKey(KeyStatus.ACCEPTED, id).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(presence.of(id));
    }

    /**
     * The grains {@code id} last reported (each minion reports them on every connection; they are kept in the
     * master's cachedir); empty if it never did.
     *
     * <pre>{@code
     * Object os = master.keys().grains("web1").get("os");
     * }</pre>
     *
     * @throws AccessDeniedException if this view's identity lacks {@code @keys}
     */
    public Map<String, Object> grains(String id) {
        allowed("see grains");
        return presence.grains(MinionId.requireValid(id));
    }

    /** Accepts a pending key; false if {@code id} has no pending key. */
    public boolean accept(String id) {
        allowed("accept keys");
        auditable("accepted", MinionId.requireValid(id));
        return changed(id, "accepted",
                directory.move(MinionId.requireValid(id), KeyStatus.PENDING, KeyStatus.ACCEPTED));
    }

    /** Accepts every pending key and returns their ids. */
    public List<String> acceptAll() {
        allowed("accept keys");
        auditable("accepted", "*");
        List<String> accepted = new ArrayList<>();
        for (String id : directory.ids(KeyStatus.PENDING)) {
            if (directory.move(id, KeyStatus.PENDING, KeyStatus.ACCEPTED)) {
                accepted.add(id);
                announce(id, "accepted");
            }
        }
        onChange.recheck(Set.copyOf(accepted));
        return accepted;
    }

    /** Rejects a pending or accepted key; false if there was none. */
    public boolean reject(String id) {
        allowed("reject keys");
        auditable("rejected", MinionId.requireValid(id));
        boolean moved = directory.move(id, KeyStatus.PENDING, KeyStatus.REJECTED)
                | directory.move(id, KeyStatus.ACCEPTED, KeyStatus.REJECTED);
        return changed(id, "rejected", moved);
    }

    /** Deletes every key filed for {@code id}; false if there was none. */
    public boolean delete(String id) {
        allowed("delete keys");
        auditable("deleted", MinionId.requireValid(id));
        return changed(id, "deleted", directory.delete(MinionId.requireValid(id)));
    }

    /**
     * Files {@code publicKey} as accepted for {@code id} before its minion ever connects (orchestrators
     * generate the pair, boot the machine with the private half, and never wait for an operator).
     * Refuses to replace a different key that is already accepted.
     */
    public void preseed(String id, byte[] publicKey) {
        allowed("pre-seed keys");
        auditable("preseeded", MinionId.requireValid(id));
        Optional<byte[]> existing = directory.publicKey(KeyStatus.ACCEPTED, id);
        if (existing.isPresent() && !KeyStore.sameKey(existing, publicKey)) {
            throw new IllegalStateException("a different key is already accepted for " + id
                    + "; delete it first");
        }
        directory.put(KeyStatus.ACCEPTED, id, publicKey);
        if (KeyStore.sameKey(directory.publicKey(KeyStatus.PENDING, id), publicKey)) {
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
            announce(id, what);
            onChange.recheck(Set.of(id));
        }
        return changed;
    }

    /**
     * Publishes {@code brine/key/ID/WHAT} naming who did it, and audits it: what the master does for a key change
     * made here, or made by {@code brine key} beside it and reported with {@link #reported}.
     */
    private void announce(String id, String what) {
        events.publish("brine/key/" + id + "/" + what, Map.of("id", id, "by", actor.name()));
        if (audit != null) {
            audit.record(actor, "key." + what, Map.of("id", id, "outcome", what));
        }
    }

    /**
     * Key changes that {@code brine key} made in the directories itself ({@code ID/WHAT} each), announced and
     * audited as this view's actor's, and taken into account at once: the returned future completes once the
     * live sessions of those ids know their keys' new status. Only the master's own local operator changes the
     * directories beside it, so only it reports; and only changes the directories show are announced and audited as
     * made (a report of a change that did not happen is audited as refused), so nobody can write a key history into
     * the audit log that never was.
     *
     * @throws AccessDeniedException for any caller but the local operator, {@code @keys} or not
     */
    CompletableFuture<Void> reported(List<String> changes) {
        allowed("change keys");
        if (!actor.local()) {
            refuse("'" + actor.name() + "' may not report key changes: only the master's local operator changes the "
                    + "key directories beside it (named operators change keys through the master: brine key "
                    + "--client-key)");
        }
        Set<String> ids = new java.util.HashSet<>();
        for (String change : changes) {
            int slash = change.indexOf('/');
            String id = change.substring(0, Math.max(0, slash));
            String what = change.substring(slash + 1);
            if (slash <= 0 || !MinionId.isValid(id) || !REPORTABLE.containsKey(what)) {
                continue;
            }
            ids.add(id);
            if (directory.statusOf(id).equals(REPORTABLE.get(what))) {
                announce(id, what);
            } else if (audit != null) {
                audit.record(actor, "refused", Map.of("function", "key." + what, "id", id, "outcome",
                        "reported as " + what + ", but the key directories say otherwise; not announced"));
            }
        }
        return onChange.recheck(ids);
    }

    /** What the directories show after each change {@code brine key} reports: a status, or no key at all. */
    private static final Map<String, Optional<KeyStatus>> REPORTABLE = Map.of("accepted", Optional.of(KeyStatus.ACCEPTED),
            "preseeded", Optional.of(KeyStatus.ACCEPTED), "rejected", Optional.of(KeyStatus.REJECTED),
            "deleted", Optional.empty());

    private void refuse(String why) {
        if (audit != null) {
            audit.record(actor, "refused", Map.of("function", "@keys", "outcome", why));
        }
        throw new AccessDeniedException(why);
    }

    /**
     * With {@code audit_required}, refuses ({@link AuditUnavailableException}, nothing changed) a key change whose
     * audit line, written once the change is made, could not be made durable now.
     */
    private void auditable(String what, String id) {
        if (audit != null) {
            audit.requireWritable(actor, "key." + what, Map.of("id", id));
        }
    }

    private void allowed(String what) {
        try {
            access.checkRight(actor, "@keys", what);
        } catch (AccessDeniedException e) {
            if (audit != null) {
                audit.record(actor, "refused", Map.of("function", "@keys", "outcome", e.getMessage()));
            }
            throw e;
        }
    }
}
