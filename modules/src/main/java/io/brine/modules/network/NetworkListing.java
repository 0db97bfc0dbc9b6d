package io.brine.modules.network;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.List;

/**
 * Salt's {@code network.ip_addrs6}, {@code network.subnets} and {@code network.subnets6}: this machine's IPv6
 * addresses and its networks of either family, which formulas read from templates (a firewall's allowed
 * networks, a daemon's listen addresses).
 */
final class NetworkListing implements ExecutionFunction {
    enum Kind { ADDRS6, SUBNETS, SUBNETS6 }

    private final Kind kind;

    NetworkListing(Kind kind) {
        this.kind = kind;
    }

    @Override
    public String name() {
        return switch (kind) {
            case ADDRS6 -> "network.ip_addrs6";
            case SUBNETS -> "network.subnets";
            case SUBNETS6 -> "network.subnets6";
        };
    }

    @Override
    public String doc() {
        return switch (kind) {
            case ADDRS6 -> "Returns the IPv6 addresses of interfaces that are up, sorted; ::1 only with "
                    + "include_loopback=True.";
            case SUBNETS -> "Returns the IPv4 networks (10.0.0.0/24) of the interfaces that are up, loopback left "
                    + "out, sorted.";
            case SUBNETS6 -> "Returns the IPv6 networks of the interfaces that are up, loopback and link-local left "
                    + "out, sorted.";
        };
    }

    @Override
    public List<Param> params() {
        return kind == Kind.ADDRS6
                ? List.of(Param.optional("interface", Param.Type.STRING, null, "only this interface's addresses"),
                        Param.optional("include_loopback", Param.Type.BOOLEAN, false, "also list ::1"))
                : kind == Kind.SUBNETS
                        ? List.of(Param.optional("interfaces", Param.Type.STRING, null, "only this interface's"))
                        : List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Class<? extends InetAddress> family = kind == Kind.SUBNETS ? Inet4Address.class : Inet6Address.class;
        String only = kind == Kind.ADDRS6 ? args.string("interface")
                : kind == Kind.SUBNETS ? args.string("interfaces") : null;
        var nics = NetworkAddresses.interfaces(name(), only);
        return kind == Kind.ADDRS6 ? NetworkAddresses.of(nics, family, args.bool("include_loopback"))
                : NetworkAddresses.subnets(nics, family);
    }
}
