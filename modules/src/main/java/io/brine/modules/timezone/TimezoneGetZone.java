package io.brine.modules.timezone;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.List;

/** {@code timezone.get_zone}: the configured time zone's name, {@code Europe/Amsterdam}. */
final class TimezoneGetZone implements ExecutionFunction {
    private final ZoneFiles zones;

    TimezoneGetZone(ZoneFiles zones) {
        this.zones = zones;
    }

    @Override
    public String name() {
        return "timezone.get_zone";
    }

    @Override
    public String doc() {
        return "Returns the system time zone's name, from /etc/timezone or the zone /etc/localtime links to.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        return zones.zone().orElseThrow(() -> new FunctionException(
                "timezone.get_zone: neither /etc/timezone nor the /etc/localtime link names a zone"));
    }
}
