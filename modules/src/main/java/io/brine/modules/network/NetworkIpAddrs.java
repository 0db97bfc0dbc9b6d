package io.brine.modules.network;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.net.Inet4Address;
import java.util.List;

/** Salt's {@code network.ip_addrs}: this machine's IPv4 addresses, from {@link java.net.NetworkInterface}. */
final class NetworkIpAddrs implements ExecutionFunction {
    @Override
    public String name() {
        return "network.ip_addrs";
    }

    @Override
    public String doc() {
        return "Returns the IPv4 addresses of interfaces that are up, sorted; loopback addresses only with "
                + "include_loopback=True.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("interface", Param.Type.STRING, null, "only this interface's addresses"),
                Param.optional("include_loopback", Param.Type.BOOLEAN, false, "also list 127.0.0.0/8 addresses"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        // sorted as numbers (10.0.0.9 before 10.0.0.10), as Salt sorts its address objects
        return NetworkAddresses.of(NetworkAddresses.interfaces(name(), args.string("interface")), Inet4Address.class,
                args.bool("include_loopback"));
    }
}
