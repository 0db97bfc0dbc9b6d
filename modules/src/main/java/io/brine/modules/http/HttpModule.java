package io.brine.modules.http;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * The {@code http} module: lets a guest call a designated service, and nothing else. Every destination must
 * match the minion's {@code http_allow} list of {@code host:port} patterns; with no list, nothing is allowed.
 *
 * <p>Example: {@code brine vm42 http.query url=http://10.0.0.5:8000/ready method=POST body='{"ok":true}'}.
 */
public final class HttpModule implements FunctionModule {
    /** The minion setting that lists the allowed {@code host:port} patterns. */
    public static final String HTTP_ALLOW = "http_allow";

    @Override
    public String name() {
        return "http";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new HttpQuery(HttpQuery.MAX_BODY_BYTES));
    }
}
