package io.brine.master;

import io.brine.jobs.MinionStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a minion is up and when it was last seen, for {@link MasterKeys#status()}: up is a live session; last
 * seen is now for an up minion, the end of its last session for a down one, and, for a minion not seen since this
 * master started, the time of its cached grains (a minion reports them on every connection).
 */
final class MinionPresence {
    /** Knows no minion: for key views without a running master. */
    static MinionPresence none() {
        return new MinionPresence(new MinionSessions(), null, Clock.systemUTC());
    }

    private final MinionSessions sessions;
    private final Path minionsDir;
    private final Clock clock;
    private final Function<String, Map<String, Object>> grains;

    MinionPresence(MinionSessions sessions, Path cacheDir, Clock clock) {
        this(sessions, cacheDir, clock, id -> null);
    }

    /** As above; {@code grains} answers the grains a minion last reported, or null. */
    MinionPresence(MinionSessions sessions, Path cacheDir, Clock clock, Function<String, Map<String, Object>> grains) {
        this.grains = grains;
        this.sessions = sessions;
        this.minionsDir = cacheDir == null ? null : cacheDir.resolve("minions");
        this.clock = clock;
    }

    MinionStatus of(String id) {
        Optional<io.brine.transport.Session> session = sessions.get(id);
        if (session.isPresent()) {
            return new MinionStatus(id, true, Optional.of(clock.instant()), Optional.of(session.get().transport()),
                    version(id));
        }
        Optional<Instant> ended = sessions.lastSeen(id);
        return new MinionStatus(id, false, ended.isPresent() ? ended : grainsTime(id), Optional.empty(), version(id));
    }

    /**
     * The version {@code id} runs, as its {@code brineversion} grain last said: only a version's characters, 64 at
     * most (a minion's grain is its own to write, and one minion's must not spoil a listing of all of them).
     */
    private Optional<String> version(String id) {
        return grains(id).get("brineversion") instanceof String v && VERSION.matcher(v).matches() ? Optional.of(v)
                : Optional.empty();
    }

    private static final java.util.regex.Pattern VERSION =
            java.util.regex.Pattern.compile("[0-9][A-Za-z0-9.+~:-]{0,63}");

    /** The grains {@code id} last reported (to this master or, through its cachedir, an earlier one); empty if none. */
    Map<String, Object> grains(String id) {
        Map<String, Object> g = grains.apply(id);
        return g == null ? Map.of() : g;
    }

    private Optional<Instant> grainsTime(String id) {
        if (minionsDir == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.getLastModifiedTime(minionsDir.resolve(id).resolve("grains.json")).toInstant());
        } catch (IOException e) {
            return Optional.empty(); // never reported grains here
        }
    }
}
