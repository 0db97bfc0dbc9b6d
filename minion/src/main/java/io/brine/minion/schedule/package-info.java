/**
 * A minion's job scheduler, Salt's {@code schedule:}: entries that run a function every so often, on a cron
 * expression, at given times or once, from the minion config, the pillar, or {@code schedule.add} at run time.
 * {@link io.brine.minion.schedule.MinionSchedule} is what the minion uses; it ticks a scheduler that has no thread
 * of its own, and starts runs through a {@link io.brine.minion.schedule.ScheduledJobLauncher}.
 *
 * <p>Keys, defaults and precedence follow Salt 3006's code ({@code salt/utils/schedule.py},
 * {@code salt/modules/schedule.py}); where its docs disagree with its code (run_on_start, the lower bound of an
 * integer splay), the code wins. What Brine does differently, on purpose: a bad entry is refused once, naming the
 * entry and the key, instead of logged at every evaluation; times are read in a fixed set of forms instead of
 * python-dateutil's guesses; a late tick runs an overdue entry once, whatever its kind.
 */
package io.brine.minion.schedule;
