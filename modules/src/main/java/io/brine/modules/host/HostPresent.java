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
 * {@code host.present}: the host name on the line of each address.
 *
 * <pre>
 * db.internal:
 *   host.present:
 *     - ip: [10.0.0.5, fd00::5]
 * </pre>
 */
final class HostPresent implements StateFunction {
    private final Path hostsFile;

    HostPresent(Path hostsFile) {
        this.hostsFile = hostsFile;
    }

    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Ensures the hosts file maps the host name to each given address.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("ip", Type.STRING_LIST, "the address, or a list of them"),
                Param.optional("clean", Type.BOOLEAN, false, "remove the name from every other address"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        String name = args.name();
        List<String> ips = args.strings("ip");
        HostsFile hosts = HostsFile.read(hostsFile);
        List<String> stale = args.bool("clean")
                ? hosts.addresses(name).stream().filter(ip -> !ips.contains(ip)).toList() : List.of();
        hosts.remove(stale::contains, name);
        List<String> missing = ips.stream().filter(ip -> !hosts.has(ip, name)).toList();
        missing.forEach(ip -> hosts.add(ip, name));
        String what = "host " + name + " (" + String.join(", ", missing) + ")"
                + (stale.isEmpty() ? "" : "; removed it from " + String.join(", ", stale));
        return hosts.save(ctx, "Added " + what, "Would add " + what,
                "Host " + name + " (" + String.join(", ", ips) + ") already present");
    }
}
