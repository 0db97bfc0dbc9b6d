package io.brine.modules.cron;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.cron.Crontabs.CrontabException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * {@code cron.present}: a job in a user's crontab. The job is found by its identifier (by default its command,
 * written as {@code # SALT_CRON_IDENTIFIER:id} above it) or, for a job without one, by its command; a found job
 * is rewritten in place when its schedule, command, comment or disabled state differ.
 *
 * <pre>
 * /usr/local/bin/backup --all:
 *   cron.present:
 *     - user: root
 *     - minute: 15
 *     - hour: 2
 *     - identifier: nightly-backup
 * </pre>
 */
final class CronPresent implements StateFunction {
    private final RandomGenerator random;
    private final String runningAs;

    CronPresent(RandomGenerator random, String runningAs) {
        this.random = random;
        this.runningAs = runningAs;
    }

    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Ensures a job (name is the command) is in the user's crontab with this schedule, found by identifier.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(List.of(Param.optional("user", Type.STRING, "root", "whose crontab")));
        params.addAll(CronSchedule.PARAMS);
        params.addAll(List.of(
                Param.optional("comment", Type.STRING, null, "a comment written on the line above the job"),
                Param.optional("commented", Type.BOOLEAN, false, "write the job disabled (#DISABLED# in front)"),
                Param.optional("identifier", Type.STRING, null, "what finds the job again when its command changes; "
                        + "the command when omitted"),
                Param.optional("special", Type.STRING, null, "a schedule such as @reboot or @hourly instead of the fields")));
        return params;
    }

    /** The job's command, which cron will run as the user: judged now, as cmd.run with that line would be. */
    @Override
    public List<Effect> effects(Arguments args) {
        return List.of(new Effect.RunsCommand("the cron job", args.name().strip()));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String user = args.string("user");
        String cmd = args.name().strip();
        String identifier = args.optString("identifier").orElse(cmd);
        String special = args.string("special");
        CronSchedule schedule;
        try {
            schedule = CronSchedule.of(args);
            CronStates.checkJob(cmd, identifier, special);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        Crontabs crontabs = new Crontabs(ctx.commands(), runningAs);
        try {
            CronTab tab = CronTab.parse(crontabs.readOrPending(user, ctx));
            boolean ofSpecial = special != null;
            Optional<CronJob> current = tab.job(ofSpecial, cmd, identifier);
            // the same job under the other kind of schedule is replaced, as Salt removes it first
            Optional<CronJob> otherKind = tab.job(!ofSpecial, cmd, identifier);
            CronJob old = current.orElse(null);
            String comment = args.string("comment") != null ? args.string("comment") : old == null ? null : old.comment();
            CronJob wanted = new CronJob(special, ofSpecial ? List.of() : schedule.resolve(old == null ? null
                    : old.times(), random), cmd, comment, args.bool("commented"), identifier);
            if (wanted.equals(old) && otherKind.isEmpty()) {
                return StateResult.ok("Cron " + cmd + " already present");
            }
            boolean added = old == null && otherKind.isEmpty();
            Map<String, Object> changes = Map.of(user, cmd);
            if (ctx.test()) {
                return StateResult.pending(changes, "Cron " + cmd + " is set to be " + (added ? "added" : "updated"));
            }
            tab.put(old != null ? old : otherKind.orElse(null), wanted);
            if (old != null) {
                otherKind.ifPresent(o -> tab.remove(!ofSpecial, cmd, identifier, o::equals));
            }
            crontabs.write(user, tab.text());
            return StateResult.changed(changes, added ? "Cron " + cmd + " added to " + user + "'s crontab"
                    : "Cron " + cmd + " updated");
        } catch (CrontabException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
