package io.brine.modules.schedule;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/**
 * Salt's {@code schedule} module and states: the jobs a minion runs by itself, on an interval, a cron expression or
 * at given times, from its config, its pillar, or changes made at run time (kept across restarts). Each run is a
 * job of its own, caller {@code schedule:NAME}, filed by the master ({@code brine job list --caller 'schedule:*'}).
 * The functions reach the minion's scheduler through {@code MinionControl.schedule()}.
 *
 * <p>Example: {@code brine run web1 schedule.add uptime function=status.uptime minutes=5}, then
 * {@code brine run web1 schedule.list}.
 */
public final class ScheduleModule implements FunctionModule {
    @Override
    public String name() {
        return "schedule";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new ScheduleList(), new ScheduleAdd(), new ScheduleModify(), new ScheduleDelete(),
                new ScheduleJobSwitch(true), new ScheduleJobSwitch(false), new ScheduleSwitch(true),
                new ScheduleSwitch(false), new ScheduleRunJob(), new ScheduleIsEnabled(), new ScheduleBuildItem(),
                new ScheduleShowNextFireTime());
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new SchedulePresent(), new ScheduleAbsent());
    }
}
