package io.brine.modules.cron;

import io.brine.functions.Arguments;
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

/**
 * {@code cron.absent}: a job gone from a user's crontab, found as {@code cron.present} finds it (identifier, else
 * command). A job with time fields is removed unless {@code special} is given; then the special job with that
 * schedule is. The schedule and comment arguments are accepted and ignored, as in Salt, so a present state turns
 * into an absent one by changing only its function.
 *
 * <pre>
 * /usr/local/bin/backup --all:
 *   cron.absent:
 *     - identifier: nightly-backup
 * </pre>
 */
final class CronAbsent implements StateFunction {
    private final String runningAs;

    CronAbsent(String runningAs) {
        this.runningAs = runningAs;
    }

    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures a job (name is the command, or found by identifier) is not in the user's crontab.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(List.of(
                Param.optional("user", Type.STRING, "root", "whose crontab"),
                Param.optional("identifier", Type.STRING, null, "the job's identifier; the command when omitted"),
                Param.optional("special", Type.STRING, null, "remove the special job with this schedule (@reboot...)")));
        for (Param p : CronSchedule.PARAMS) {
            params.add(Param.optional(p.name(), Type.STRING, null, "ignored: accepted as cron.present takes it"));
        }
        params.add(Param.optional("comment", Type.STRING, null, "ignored: accepted as cron.present takes it"));
        params.add(Param.optional("commented", Type.BOOLEAN, null, "ignored: accepted as cron.present takes it"));
        return params;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String user = args.string("user");
        String cmd = args.name().strip();
        String identifier = args.optString("identifier").orElse(cmd);
        String special = args.string("special");
        Crontabs crontabs = new Crontabs(ctx.commands(), runningAs);
        try {
            CronTab tab = CronTab.parse(crontabs.readOrPending(user, ctx));
            Optional<CronJob> gone = tab.remove(special != null, cmd, identifier,
                    j -> special == null || special.equals(j.special()));
            if (gone.isEmpty()) {
                return StateResult.ok("Cron " + cmd + " already absent");
            }
            Map<String, Object> changes = Map.of(user, cmd);
            if (ctx.test()) {
                return StateResult.pending(changes, "Cron " + cmd + " is set to be removed");
            }
            crontabs.write(user, tab.text());
            return StateResult.changed(changes, "Cron " + cmd + " removed from " + user + "'s crontab");
        } catch (CrontabException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
