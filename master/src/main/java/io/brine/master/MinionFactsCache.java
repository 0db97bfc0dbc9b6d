package io.brine.master;

import io.brine.fileserver.PillarCompiler;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.PrivateFiles;
import io.brine.targeting.MinionFacts;
import io.brine.protocol.MinionId;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the master knows of each minion for targeting: the grains it last reported (kept in memory and in
 * {@code cachedir/minions/ID/grains.json}, Salt's place, so a restarted master still knows minions that have
 * not reconnected yet) and its pillar, compiled here on first need and again on {@code pillar.refresh}.
 *
 * <p>Grains are whatever the minion says about itself, except {@code id}: that is always the id its key was
 * accepted under, so {@code -G id:web1} can never select an impostor that merely claims to be web1.
 */
final class MinionFactsCache {
    private static final Logger LOG = System.getLogger(MinionFactsCache.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };

    private final GrainsStore stored;
    private final PillarCompiler pillars;
    private final Map<String, Map<String, Object>> grains = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Object>> pillar = new ConcurrentHashMap<>();

    MinionFactsCache(Path cacheDir, PillarCompiler pillars) {
        this(new FileGrains(cacheDir.resolve("minions")), pillars);
    }

    /** Grains kept in {@code stored} beyond memory: this master's files, or a cluster's database. */
    MinionFactsCache(GrainsStore stored, PillarCompiler pillars) {
        this.stored = stored;
        this.pillars = pillars;
    }

    /** {@code id}'s grains changed elsewhere (another master of the cluster; null: anyone's): read them again. */
    void forget(String id) {
        if (id == null) {
            grains.clear();
            pillar.clear();
        } else {
            grains.remove(id);
            pillar.remove(id);
        }
    }

    /**
     * Keeps a minion's report, and stores it unless it equals what is kept already: every minion reports its grains
     * on each new session, and a restart storm of 10,000 wrote (and moved into place) 10,000 unchanged files, or
     * rows in a cluster's database, on the master's workers. After a master restart the stored copy is read to
     * compare, which costs less than writing it.
     */
    void grainsReported(String id, Map<String, Object> claimed) {
        MinionId.requireValid(id);
        Map<String, Object> reported = withAuthenticatedId(id, claimed);
        Map<String, Object> before = grains.put(id, reported);
        if (before == null) {
            before = readStoredGrains(id);
        }
        if (!reported.equals(before)) {
            stored.store(id, reported);
        }
    }

    private static Map<String, Object> withAuthenticatedId(String id, Map<String, Object> grains) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(grains);
        out.put("id", id);
        return java.util.Collections.unmodifiableMap(out);
    }

    void pillarChanged(String id) {
        pillar.remove(id);
    }

    MinionFacts facts(String id, boolean needGrains, boolean needPillar) {
        return new MinionFacts(id, needGrains ? grains(id) : null, needPillar ? pillar(id) : null);
    }

    private Map<String, Object> grains(String id) {
        return grains.computeIfAbsent(id, this::readStoredGrains);
    }

    private Map<String, Object> readStoredGrains(String id) {
        Map<String, Object> kept = stored.read(id);
        return kept == null ? null : withAuthenticatedId(id, kept);
    }

    /** Salt's {@code cachedir/minions/ID/grains.json}, written whole and moved into place. */
    private static final class FileGrains implements GrainsStore {
        private final Path minionsDir;

        FileGrains(Path minionsDir) {
            this.minionsDir = minionsDir;
        }

        @Override
        public void store(String id, Map<String, Object> grains) {
            try {
                Path dir = PrivateFiles.directory(minionsDir.resolve(id));
                Path temp = Files.createTempFile(dir, "grains", ".tmp");
                JSON.writeValue(temp.toFile(), grains);
                Files.move(temp, dir.resolve("grains.json"), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "cannot store the grains of " + id + ": " + e.getMessage());
            }
        }

        @Override
        public Map<String, Object> read(String id) {
            Path file = minionsDir.resolve(id).resolve("grains.json");
            if (!Files.exists(file)) {
                return null;
            }
            try {
                return JSON.readValue(file.toFile(), MAP);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "ignoring unreadable cached grains " + file + ": " + e.getMessage());
                return null;
            }
        }
    }

    private Map<String, Object> pillar(String id) {
        Map<String, Object> cached = pillar.get(id);
        if (cached != null) {
            return cached;
        }
        try {
            Map<String, Object> compiled = pillars.compile(id, grains(id));
            pillar.put(id, compiled);
            return compiled;
        } catch (PillarCompiler.PillarException e) {
            LOG.log(Level.WARNING, "pillar of " + id + " cannot be compiled for targeting: " + e.getMessage());
            return null;
        }
    }
}
