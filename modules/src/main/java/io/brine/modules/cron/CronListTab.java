package io.brine.modules.cron;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.modules.cron.Crontabs.CrontabException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code cron.list_tab}: a user's crontab as {@code pre} (the lines above Salt's marker), {@code env},
 * {@code crons} and {@code special}, in Salt's shape.
 *
 * <p>Example: {@code brine web1 cron.list_tab root}
 */
final class CronListTab implements ExecutionFunction {
    private final String runningAs;

    CronListTab(String runningAs) {
        this.runningAs = runningAs;
    }

    @Override
    public String name() {
        return "cron.list_tab";
    }

    @Override
    public String doc() {
        return "Returns the user's crontab as {pre, crons, special, env}: the unmanaged lines, then each managed job "
                + "with its schedule, cmd, comment, commented and identifier.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("user", Type.STRING, "whose crontab"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        CronTab tab;
        try {
            tab = CronTab.parse(new Crontabs(context.commands(), runningAs).read(args.string("user")));
        } catch (CrontabException e) {
            throw new FunctionException(e.getMessage());
        }
        List<Object> crons = new ArrayList<>();
        List<Object> special = new ArrayList<>();
        for (CronJob job : tab.jobs()) {
            Map<String, Object> m = new LinkedHashMap<>();
            if (job.isSpecial()) {
                m.put("spec", job.special());
            } else {
                for (int i = 0; i < CronJob.FIELDS.size(); i++) {
                    m.put(CronJob.FIELDS.get(i), job.times().get(i));
                }
            }
            m.put("cmd", job.cmd());
            m.put("comment", job.comment());
            m.put("commented", job.commented());
            m.put("identifier", job.identifier());
            (job.isSpecial() ? special : crons).add(m);
        }
        List<Object> env = new ArrayList<>();
        tab.env().forEach(e -> env.add(Map.of("name", e.name(), "value", e.value())));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("pre", tab.pre());
        out.put("crons", crons);
        out.put("special", special);
        out.put("env", env);
        return out;
    }
}
