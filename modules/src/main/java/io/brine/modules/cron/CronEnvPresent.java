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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cron.env_present}: a {@code NAME=value} line in the managed part of a user's crontab, changed in place
 * when its value differs.
 *
 * <pre>
 * MAILTO:
 *   cron.env_present:
 *     - value: ops@example.com
 *     - user: deploy
 * </pre>
 */
final class CronEnvPresent implements StateFunction {
    private final String runningAs;

    CronEnvPresent(String runningAs) {
        this.runningAs = runningAs;
    }

    @Override
    public String name() {
        return "env_present";
    }

    @Override
    public String doc() {
        return "Ensures the environment variable (name) is set to value in the user's crontab.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("value", Type.STRING, null, "the value; empty when omitted"),
                Param.optional("user", Type.STRING, "root", "whose crontab"));
    }

    /** A crontab's variables are the environment its jobs run in: SHELL, PATH and BASH_ENV pick what runs them. */
    @Override
    public List<Effect> effects(Arguments args) {
        return List.of(new Effect.ChangesHowCommandsRun("the variable " + args.name().strip() + " in " + args.string("user")
                + "'s crontab", "the environment of cron jobs cannot be changed (SHELL, PATH or BASH_ENV would run "
                + "other code)"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String user = args.string("user");
        CronEnv wanted = new CronEnv(args.name().strip(), args.string("value"));
        if (!CronStates.ENV_NAME.matcher(wanted.name()).matches() || wanted.value().contains("\n")) {
            return StateResult.failed("Invalid cron environment variable " + wanted.name());
        }
        Crontabs crontabs = new Crontabs(ctx.commands(), runningAs);
        try {
            CronTab tab = CronTab.parse(crontabs.readOrPending(user, ctx));
            Optional<CronEnv> current = tab.env(wanted.name());
            if (current.filter(wanted::equals).isPresent()) {
                return StateResult.ok("Cron env " + wanted.name() + " already present");
            }
            Map<String, Object> changes = Map.of(user, wanted.name());
            String verb = current.isEmpty() ? "added" : "updated";
            if (ctx.test()) {
                return StateResult.pending(changes, "Cron env " + wanted.name() + " is set to be " + verb);
            }
            tab.putEnv(wanted);
            crontabs.write(user, tab.text());
            String done = current.isEmpty() ? " added to " + user + "'s crontab" : " updated";
            return StateResult.changed(changes, "Cron env " + wanted.name() + done);
        } catch (CrontabException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
