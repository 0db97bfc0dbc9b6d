package io.brine.modules.timezone;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code timezone.system}: the system's time zone, and with {@code utc: True} (the default) a hardware clock
 * keeping UTC. As in Salt, {@code utc: False} leaves the hardware clock as it is.
 *
 * <pre>
 * Europe/Amsterdam:
 *   timezone.system:
 *     - utc: True
 * </pre>
 */
final class TimezoneSystem implements StateFunction {
    private final ZoneFiles zones;

    TimezoneSystem(ZoneFiles zones) {
        this.zones = zones;
    }

    @Override
    public String name() {
        return "system";
    }

    @Override
    public String doc() {
        return "Ensures the system time zone (/etc/timezone and /etc/localtime) and, with utc, a UTC hardware clock.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("utc", Type.BOOLEAN, true, "make the hardware clock keep UTC"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        String zone = args.name();
        if (zones.rules(zone).isEmpty()) {
            return StateResult.failed("Unable to compare desired timezone '" + zone + "' to system timezone: "
                    + "no such zone in the zoneinfo database");
        }
        boolean utc = args.bool("utc");
        boolean doZone = !zones.isSet(zone);
        boolean doUtc = utc && !zones.hwclock().equals("UTC");
        if (!doZone && !doUtc) {
            return StateResult.ok("Timezone " + zone + " already set" + (utc ? ", UTC already set" : ""));
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        List<String> messages = new ArrayList<>();
        if (doZone) {
            changes.put("timezone", zone);
            messages.add(ctx.test() ? "Timezone " + zone + " needs to be set" : "Set timezone " + zone);
        }
        if (doUtc) {
            changes.put("utc", true);
            messages.add(ctx.test() ? "UTC needs to be set to True" : "Set UTC to True");
        }
        if (ctx.test()) {
            return StateResult.pending(changes, String.join(", ", messages));
        }
        if (doZone) {
            zones.set(zone);
        }
        if (doUtc) {
            zones.setHwclock(true);
        }
        return StateResult.changed(changes, String.join(", ", messages));
    }
}
