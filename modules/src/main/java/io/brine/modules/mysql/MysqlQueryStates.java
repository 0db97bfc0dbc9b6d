package io.brine.modules.mysql;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/**
 * Salt's {@code mysql_query} states: {@code run} runs a query in a database, {@code run_file} the statements of a
 * file (from the state tree or the minion's disk), their result in the comment as Salt prints it or written to a
 * file ({@code output}). Both run arbitrary SQL, so a minion that refuses {@code mysql.query} refuses them too.
 * Salt's {@code output: grain} is refused: a state does not write grains here.
 *
 * <pre>
 * count-orders:
 *   mysql_query.run:
 *     - database: shop
 *     - query: SELECT COUNT(*) AS orders FROM orders
 *     - output: /var/lib/shop/orders.txt
 * </pre>
 */
public final class MysqlQueryStates implements FunctionModule {
    private final MysqlClient client;

    public MysqlQueryStates() {
        this(null);
    }

    /** @param client the mysql or mariadb client program; null: {@code mysql} on the minion's PATH */
    public MysqlQueryStates(Path client) {
        this.client = new MysqlClient(client);
    }

    @Override
    public String name() {
        return "mysql_query";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new QueryRun(client, false), new QueryRun(client, true));
    }
}
