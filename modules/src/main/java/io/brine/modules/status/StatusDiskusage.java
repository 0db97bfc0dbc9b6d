package io.brine.modules.status;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.modules.mount.Mounts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Salt's {@code status.diskusage}: free and total bytes by mount point, from statvfs. */
final class StatusDiskusage implements ExecutionFunction {
    @Override
    public String name() {
        return "status.diskusage";
    }

    @Override
    public String doc() {
        return "Returns {available, total} in bytes by mount point, for every mount or only those of the given "
                + "file system types (as ext4, xfs).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("fstypes", Param.Type.STRING_LIST, null,
                "only mounts of these file system types; every mount when not given"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        List<String> types = args.strings("fstypes");
        Map<String, Object> out = new LinkedHashMap<>();
        for (Mounts.Mount m : Mounts.all().values()) {
            if (types.isEmpty() || types.contains(m.type())) {
                out.put(m.mountpoint(), Map.of("available", m.available(), "total", m.total()));
            }
        }
        return out;
    }
}
