package io.brine.modules.cp;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code cp} module: files between the master and this minion, streamed in chunks and checked by
 * SHA-256 end to end. {@code cp.push} sends a file to the master; {@code cp.recv} is what {@code brine cp}
 * runs to receive files. Both stay inside the minion's {@code file_roots_allowed}.
 *
 * <p>Example: {@code brine web1 cp.push /var/log/app.log}, then {@code brine cp --from web1 /var/log/app.log .}
 */
public final class CpModule implements FunctionModule {
    @Override
    public String name() {
        return "cp";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new CpPush(), new CpRecv(), new CpListMaster(false), new CpListMaster(true),
                new io.brine.modules.http.UrlCache());
    }
}
