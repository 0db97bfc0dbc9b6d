package io.brine.modules.status;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Salt's {@code status.loadavg}, from {@code /proc/loadavg}. */
final class StatusLoadavg implements ExecutionFunction {
    @Override
    public String name() {
        return "status.loadavg";
    }

    @Override
    public String doc() {
        return "Returns the load averages as {'1-min': 0.1, '5-min': 0.2, '15-min': 0.3}.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("1-min", Double.parseDouble(f[0]));
        out.put("5-min", Double.parseDouble(f[1]));
        out.put("15-min", Double.parseDouble(f[2]));
        return out;
    }
}
