package io.brine.modules.timezone;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/**
 * Salt's {@code timezone} module and state on Debian. The files are constructor arguments so tests can use a
 * temporary root; {@link java.util.ServiceLoader} uses the system's.
 *
 * <pre>{@code
 * new TimezoneModule(root.resolve("timezone"), root.resolve("localtime"), root.resolve("zoneinfo"),
 *     root.resolve("adjtime"));
 * }</pre>
 */
public final class TimezoneModule implements FunctionModule {
    private final ZoneFiles zones;

    public TimezoneModule() {
        this(Path.of("/etc/timezone"), Path.of("/etc/localtime"), Path.of("/usr/share/zoneinfo"), Path.of("/etc/adjtime"));
    }

    public TimezoneModule(Path timezoneFile, Path localtime, Path zoneinfo, Path adjtime) {
        this.zones = new ZoneFiles(timezoneFile, localtime, zoneinfo, adjtime);
    }

    @Override
    public String name() {
        return "timezone";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new TimezoneGetZone(zones), new TimezoneSetZone(zones));
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new TimezoneSystem(zones));
    }
}
