package io.brine.functions;

import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Optional;

/**
 * What the {@code schedule.*} functions may ask of the minion's scheduler (Salt's {@code schedule:}): its entries,
 * and the changes Salt's {@code schedule} module makes at run time, which the minion keeps across restarts.
 * Entries are maps in Salt's shape ({@code {function: test.ping, seconds: 3600, ...}}).
 *
 * <p>Misuse (a bad name or entry, an entry that does not exist, one that comes from the pillar or is the minion's
 * own) throws {@link IllegalArgumentException} with a sentence naming the entry and the key; a change the minion
 * could not save throws {@link java.io.UncheckedIOException} and changes nothing.
 *
 * <p>Example: {@code control.add("uptime", Map.of("function", "status.uptime", "minutes", 5));}
 */
public interface ScheduleControl {
    /**
     * The whole schedule as Salt's {@code schedule.list(show_all=True, return_yaml=False)} gives it: {@code enabled}
     * (the schedule's), then each entry by name in Salt's shape, with Brine's {@code source} ({@code config},
     * {@code pillar} or {@code runtime}).
     */
    Map<String, Object> list();

    /** {@code definition} read as {@link #add} would read it, in the shape {@link #list} shows (no source). */
    Map<String, Object> read(String name, Map<String, Object> definition);

    /** Adds entry {@code name}; the name must be free. */
    void add(String name, Map<String, Object> definition);

    /** Replaces entry {@code name}'s definition (its function kept when none is given), as Salt's modify. */
    void modify(String name, Map<String, Object> definition);

    /** Deletes entry {@code name}, for good (one from the minion config stays deleted). */
    void delete(String name);

    void enableJob(String name);

    void disableJob(String name);

    /** Enables the whole schedule. */
    void enable();

    /** Disables the whole schedule: no entry fires until it is enabled again. */
    void disable();

    /**
     * Runs entry {@code name} now; a disabled one only with {@code force}. Empty if the run started, else why not
     * in Salt's words ({@code disabled}, {@code maxrunning}, ...).
     */
    Optional<String> runJob(String name, boolean force);

    /** When entry {@code name} runs next, in the minion's time zone; empty when it has no time to come. */
    Optional<ZonedDateTime> nextRun(String name);
}
