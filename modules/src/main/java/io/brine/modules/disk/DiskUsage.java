package io.brine.modules.disk;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.modules.mount.Mounts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code disk.usage}: df's table by mount point. Salt returns df's columns as text, so the values here are
 * text too ("1K-blocks": "1024000", "capacity": "23%"), computed as df computes them.
 */
final class DiskUsage implements ExecutionFunction {
    @Override
    public String name() {
        return "disk.usage";
    }

    @Override
    public String doc() {
        return "Returns, by mount point, filesystem, 1K-blocks, used, available, capacity and mountpoint, as "
                + "'df -P' shows them (as text, as Salt returns them); file systems without space are left out.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Mounts.Mount m : Mounts.withSpace(Mounts.all())) {
            long used = m.total() - m.free();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("filesystem", m.device());
            row.put("1K-blocks", Long.toString(m.total() / 1024));
            row.put("used", Long.toString(used / 1024));
            row.put("available", Long.toString(m.available() / 1024));
            row.put("capacity", capacity(used, m.available()) + "%");
            row.put("mountpoint", m.mountpoint());
            out.put(m.mountpoint(), row);
        }
        return out;
    }

    /** df's Use%: used over what a user could have (used + available), rounded up. */
    static long capacity(long used, long available) {
        long whole = used + available;
        return whole == 0 ? 0 : (used * 100 + whole - 1) / whole;
    }
}
