package io.brine.modules.mysql;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionModule;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code mysql_user} states, with Salt's comments and changes: {@code present} creates the account
 * ({@code {NAME: Present}}) or sets its password ({@code {NAME: Updated}}); {@code absent} drops it
 * ({@code {NAME: Absent}}). A password is compared and stored as its mysql_native_password hash; {@code auth_plugin}
 * is, as in Salt on MariaDB, only a promise about how the password can be verified.
 *
 * <pre>
 * shop-app:
 *   mysql_user.present:
 *     - name: app
 *     - host: localhost
 *     - password: {{ pillar['shop']['password'] }}
 * </pre>
 */
public final class MysqlUserStates implements FunctionModule {
    private final MysqlClient client;

    public MysqlUserStates() {
        this(null);
    }

    /** @param client the mysql or mariadb client program; null: {@code mysql} on the minion's PATH */
    public MysqlUserStates(Path client) {
        this.client = new MysqlClient(client);
    }

    @Override
    public String name() {
        return "mysql_user";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new UserPresent(client), new Absent(client));
    }

    private static final class Absent extends MysqlState {
        Absent(MysqlClient client) {
            super("absent", client);
        }

        @Override
        public String doc() {
            return "Ensures an account (name@host) does not exist.";
        }

        @Override
        List<Param> own() {
            return List.of(Param.optional("host", Type.STRING, "localhost", "the account's host"));
        }

        @Override
        StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
                throws FunctionException, IOException, InterruptedException {
            String name = args.name();
            String host = args.string("host");
            MysqlUsers users = new MysqlUsers(session);
            if (users.exists(name, host, new MysqlUsers.Password(null, null), false, false)) {
                if (ctx.test()) {
                    return StateResult.pending(Map.of(), "User " + name + "@" + host + " is set to be removed");
                }
                if (users.remove(name, host)) {
                    return StateResult.changed(Map.of(name, "Absent"), "User " + name + "@" + host
                            + " has been removed");
                }
            }
            return StateResult.ok("User " + name + "@" + host + " is not present, so it cannot be removed");
        }
    }
}
