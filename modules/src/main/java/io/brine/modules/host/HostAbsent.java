package io.brine.modules.host;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code host.absent}: the host name gone from the given addresses, or from all of them when none is given.
 *
 * <pre>
 * old-db.internal:
 *   host.absent:
 *     - ip: 10.0.0.9
 * </pre>
 */
final class HostAbsent implements StateFunction {
    private final Path hostsFile;

    HostAbsent(Path hostsFile) {
        this.hostsFile = hostsFile;
    }

    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures the hosts file no longer maps the host name to the given addresses (or to any).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("ip", Type.STRING_LIST, null, "the address or addresses; omitted means all"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        String name = args.name();
        List<String> ips = args.strings("ip");
        HostsFile hosts = HostsFile.read(hostsFile);
        List<String> found = hosts.addresses(name).stream().filter(ip -> ips.isEmpty() || ips.contains(ip)).toList();
        hosts.remove(found::contains, name);
        String what = "host " + name + " (" + String.join(", ", found) + ")";
        return hosts.save(ctx, "Removed " + what, "Would remove " + what, "Host " + name + " already absent");
    }
}
