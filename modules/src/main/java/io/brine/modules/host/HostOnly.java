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
 * {@code host.only}: an address with exactly these host names, in this order (the first is the canonical one).
 * Other addresses may still carry the same names. An empty list removes the address's entries, as in Salt.
 *
 * <pre>
 * 127.0.1.1:
 *   host.only:
 *     - hostnames: [web1.example.com, web1]
 * </pre>
 */
final class HostOnly implements StateFunction {
    private final Path hostsFile;

    HostOnly(Path hostsFile) {
        this.hostsFile = hostsFile;
    }

    @Override
    public String name() {
        return "only";
    }

    @Override
    public String doc() {
        return "Ensures the address (name) is mapped to exactly the given host names and no others.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("hostnames", Type.STRING_LIST, "the host names, canonical name first; none"
                + " removes the address's entries"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        String ip = args.name();
        List<String> names = args.strings("hostnames");
        HostsFile hosts = HostsFile.read(hostsFile);
        List<String> old = hosts.names(ip);
        hosts.only(ip, names);
        String wanted = String.join(" ", names);
        return hosts.save(ctx, "Set " + ip + " to \"" + wanted + "\" (was \"" + String.join(" ", old) + "\")",
                "Would set " + ip + " to \"" + wanted + "\"", ip + " already set to \"" + wanted + "\"");
    }
}
