package io.brine.modules.cron;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.modules.cron.Crontabs.CrontabException;
import java.util.List;

/** Salt's {@code cron.raw_cron}: the text of a user's crontab, "" when there is none. */
final class CronRawCron implements ExecutionFunction {
    private final String runningAs;

    CronRawCron(String runningAs) {
        this.runningAs = runningAs;
    }

    @Override
    public String name() {
        return "cron.raw_cron";
    }

    @Override
    public String doc() {
        return "Returns the text of the user's crontab as crontab -l prints it, or an empty text if there is none.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("user", Type.STRING, "whose crontab"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        try {
            return new Crontabs(context.commands(), runningAs).read(args.string("user"));
        } catch (CrontabException e) {
            throw new FunctionException(e.getMessage());
        }
    }
}
