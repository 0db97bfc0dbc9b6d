package io.brine.minion;

import io.brine.functions.ScheduleControl;
import io.brine.minion.schedule.MinionSchedule;
import io.brine.minion.schedule.RunAttempt;
import io.brine.minion.schedule.ScheduleEntry;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The minion's schedule as the {@code schedule.*} functions see it. The entries the minion makes itself
 * ({@link MineInterval}) follow its config: they can be run, enabled and disabled, but not added, modified or
 * deleted at run time, where a change would outlive the config that made them.
 */
final class MinionScheduleControl implements ScheduleControl {
    private final MinionSchedule schedule;
    private final Set<String> ownEntries;
    private final ZoneId zone;

    /**
     * @param ownEntries the names of the entries the minion makes itself
     * @param zone the zone the schedule's clock runs in, to tell next runs in
     */
    MinionScheduleControl(MinionSchedule schedule, Set<String> ownEntries, ZoneId zone) {
        this.schedule = schedule;
        this.ownEntries = Set.copyOf(ownEntries);
        this.zone = zone;
    }

    @Override
    public Map<String, Object> list() {
        return schedule.list();
    }

    @Override
    public Map<String, Object> read(String name, Map<String, Object> definition) {
        return ScheduleEntry.parse(name, definition).toMap();
    }

    @Override
    public void add(String name, Map<String, Object> definition) {
        schedule.add(notOwn(name), definition);
    }

    @Override
    public void modify(String name, Map<String, Object> definition) {
        schedule.modify(notOwn(name), definition);
    }

    @Override
    public void delete(String name) {
        schedule.delete(notOwn(name));
    }

    @Override
    public void enableJob(String name) {
        schedule.enableJob(name);
    }

    @Override
    public void disableJob(String name) {
        schedule.disableJob(name);
    }

    @Override
    public void enable() {
        schedule.enable();
    }

    @Override
    public void disable() {
        schedule.disable();
    }

    @Override
    public Optional<String> runJob(String name, boolean force) {
        RunAttempt attempt = schedule.runJob(name, force);
        return attempt.started() ? Optional.empty() : Optional.of(attempt.skipped().saltName());
    }

    @Override
    public Optional<ZonedDateTime> nextRun(String name) {
        if (!(schedule.list().get(name) instanceof Map<?, ?>)) { // "enabled" is the schedule's, not an entry
            throw new IllegalArgumentException("no schedule entry '" + name + "'");
        }
        return Optional.ofNullable(schedule.nextRuns().get(name)).map(at -> at.atZone(zone));
    }

    private String notOwn(String name) {
        if (ownEntries.contains(name)) {
            throw new IllegalArgumentException("schedule entry '" + name + "' is the minion's own, made from its "
                    + "config (mine_functions, mine_interval); change the config instead");
        }
        return name;
    }
}
