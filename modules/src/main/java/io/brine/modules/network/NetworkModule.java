package io.brine.modules.network;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * The {@code network} execution module: this machine's interfaces and addresses, as the JVM sees them.
 *
 * <p>Example: {@code brine '*' network.ip_addrs include_loopback=true}.
 */
public final class NetworkModule implements FunctionModule {
    @Override
    public String name() {
        return "network";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new NetworkInterfaces(), new NetworkIpAddrs(), new NetworkListing(NetworkListing.Kind.ADDRS6),
                new NetworkListing(NetworkListing.Kind.SUBNETS), new NetworkListing(NetworkListing.Kind.SUBNETS6));
    }
}
