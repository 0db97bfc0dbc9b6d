package io.brine.modules.network;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.net.Inet4Address;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/** Salt's {@code network.ip_addrs}: this machine's IPv4 addresses, from {@link NetworkInterface}. */
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
        List<NetworkInterface> nics = Collections.list(NetworkInterface.getNetworkInterfaces());
        if (args.has("interface")) {
            NetworkInterface only = NetworkInterface.getByName(args.string("interface"));
            if (only == null) {
                throw new FunctionException("network.ip_addrs: no interface named '" + args.string("interface") + "'");
            }
            nics = List.of(only);
        }
        // sorted as numbers (10.0.0.9 before 10.0.0.10), as Salt sorts its address objects
        TreeMap<Long, String> out = new TreeMap<>();
        for (NetworkInterface nic : nics) {
            if (!nic.isUp()) {
                continue;
            }
            for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                if (a.getAddress() instanceof Inet4Address v4
                        && (args.bool("include_loopback") || !v4.isLoopbackAddress())) {
                    out.put(Integer.toUnsignedLong(ByteBuffer.wrap(v4.getAddress()).getInt()), v4.getHostAddress());
                }
            }
        }
        return List.copyOf(out.values());
    }
}
