package io.brine.modules.cron;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.cron.Crontabs.CrontabException;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code cron.env_absent}: no {@code NAME=...} line for the variable in the managed part of a user's crontab.
 *
 * <pre>
 * MAILTO:
 *   cron.env_absent:
 *     - user: deploy
 * </pre>
 */
final class CronEnvAbsent implements StateFunction {
    private final String runningAs;

    CronEnvAbsent(String runningAs) {
        this.runningAs = runningAs;
    }

    @Override
    public String name() {
        return "env_absent";
    }

    @Override
    public String doc() {
        return "Ensures the environment variable (name) is not set in the user's crontab.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("user", Type.STRING, "root", "whose crontab"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String user = args.string("user");
        String name = args.name().strip();
        Crontabs crontabs = new Crontabs(ctx.commands(), runningAs);
        try {
            CronTab tab = CronTab.parse(crontabs.readOrPending(user, ctx));
            if (!tab.removeEnv(name)) {
                return StateResult.ok("Cron env " + name + " already absent");
            }
            Map<String, Object> changes = Map.of(user, name);
            if (ctx.test()) {
                return StateResult.pending(changes, "Cron env " + name + " is set to be removed");
            }
            crontabs.write(user, tab.text());
            return StateResult.changed(changes, "Cron env " + name + " removed from " + user + "'s crontab");
        } catch (CrontabException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
