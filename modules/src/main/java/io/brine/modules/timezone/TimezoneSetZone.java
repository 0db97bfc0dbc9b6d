package io.brine.modules.timezone;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.List;

/** {@code timezone.set_zone}: sets the time zone ({@code salt '*' timezone.set_zone Europe/Amsterdam}). */
final class TimezoneSetZone implements ExecutionFunction {
    private final ZoneFiles zones;

    TimezoneSetZone(ZoneFiles zones) {
        this.zones = zones;
    }

    @Override
    public String name() {
        return "timezone.set_zone";
    }

    @Override
    public String doc() {
        return "Sets the system time zone: its name in /etc/timezone, /etc/localtime linked to its rules.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("timezone", Param.Type.STRING, "the zone, such as America/Denver"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String zone = args.string("timezone");
        if (zones.rules(zone).isEmpty()) {
            throw new FunctionException("timezone.set_zone: invalid timezone " + zone);
        }
        zones.set(zone);
        return true;
    }
}
