package io.brine.modules.mysql;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Salt's {@code mysql} execution module ({@code mysql.db_exists}, {@code mysql.user_create}, {@code mysql.grant_add},
 * {@code mysql.query}...) over the {@code mysql} command-line client, which also talks to MariaDB. The client is a
 * constructor argument so tests can name Debian's {@code /usr/bin/mariadb}; {@link java.util.ServiceLoader} uses
 * {@code mysql} on the minion's PATH.
 *
 * <pre>{@code
 * brine '*' mysql.db_create shop character_set=utf8mb4 connection_default_file=/etc/mysql/debian.cnf
 * }</pre>
 */
public final class MysqlModule implements FunctionModule {
    private final MysqlClient client;

    public MysqlModule() {
        this(null);
    }

    /** @param client the mysql or mariadb client program; null: {@code mysql} on the minion's PATH */
    public MysqlModule(Path client) {
        this.client = new MysqlClient(client);
    }

    @Override
    public String name() {
        return "mysql";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return Arrays.stream(MysqlFunction.Kind.values())
                .map(k -> (ExecutionFunction) new MysqlFunction(k, client)).toList();
    }
}
