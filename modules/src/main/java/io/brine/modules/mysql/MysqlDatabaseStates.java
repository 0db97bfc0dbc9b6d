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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Salt's {@code mysql_database} states, with Salt's comments and changes: {@code present} creates the database
 * ({@code {NAME: Present}}) or brings its character set and collation to those given
 * ({@code {collate: {before, now}, character_set: {before, now}}}); {@code absent} drops it ({@code {NAME: Absent}}).
 *
 * <pre>
 * shop:
 *   mysql_database.present:
 *     - character_set: utf8mb4
 *     - collate: utf8mb4_unicode_ci
 *     - connection_default_file: /etc/mysql/debian.cnf
 * </pre>
 */
public final class MysqlDatabaseStates implements FunctionModule {
    private final MysqlClient client;

    public MysqlDatabaseStates() {
        this(null);
    }

    /** @param client the mysql or mariadb client program; null: {@code mysql} on the minion's PATH */
    public MysqlDatabaseStates(Path client) {
        this.client = new MysqlClient(client);
    }

    @Override
    public String name() {
        return "mysql_database";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new Present(client), new Absent(client));
    }

    private static final class Present extends MysqlState {
        Present(MysqlClient client) {
            super("present", client);
        }

        @Override
        public String doc() {
            return "Ensures a database exists, with this character set and collation when given.";
        }

        @Override
        List<Param> own() {
            return List.of(Param.optional("character_set", Type.STRING, null, "utf8mb4..."),
                    Param.optional("collate", Type.STRING, null, "utf8mb4_unicode_ci..."));
        }

        @Override
        StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
                throws FunctionException, IOException, InterruptedException {
            String name = args.name();
            MysqlDatabases dbs = new MysqlDatabases(session);
            Map<String, Object> existing = dbs.get(name);
            if (!existing.isEmpty()) {
                return update(args, ctx, dbs, existing);
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Database " + name + " is not present and needs to be created");
            }
            try {
                if (dbs.create(name, args.string("character_set"), args.string("collate"))) {
                    return StateResult.changed(Map.of(name, "Present"), "The database " + name + " has been created");
                }
                return StateResult.failed("Failed to create database " + name);
            } catch (FunctionException e) {
                return StateResult.failed("Failed to create database " + name + " (" + e.getMessage() + ")");
            }
        }

        private StateResult update(Arguments args, StateContext ctx, MysqlDatabases dbs, Map<String, Object> existing)
                throws FunctionException, IOException, InterruptedException {
            String name = args.name();
            String characterSet = args.string("character_set");
            String collate = args.string("collate");
            String comment = "Database " + name + " is already present";
            Boolean result = true;
            boolean alter = false;
            if (characterSet != null && !characterSet.equals(existing.get("character_set"))) {
                alter = true;
                comment = "Database character set " + characterSet + " != " + existing.get("character_set")
                        + " needs to be updated";
                result = ctx.test() ? null : result;
            }
            if (collate != null && !collate.equals(existing.get("collate"))) {
                alter = true;
                comment += "\nDatabase collate " + collate + " != " + existing.get("collate") + " needs to be updated";
                if (ctx.test()) {
                    return new StateResult(null, Map.of(), comment);
                }
            }
            if (alter && ctx.test()) {
                comment += "\nDatabase " + name + " is going to be updated";
            } else if (alter) {
                dbs.alter(name, characterSet, collate);
            }
            Map<String, Object> current = dbs.get(name);
            Map<String, Object> changes = new LinkedHashMap<>();
            for (String key : List.of("collate", "character_set")) {
                if (!Objects.equals(existing.get(key), current.get(key))) {
                    Map<String, Object> change = new LinkedHashMap<>();
                    change.put("before", existing.get(key));
                    change.put("now", current.get(key));
                    changes.put(key, change);
                }
            }
            return new StateResult(result, changes, comment);
        }
    }

    private static final class Absent extends MysqlState {
        Absent(MysqlClient client) {
            super("absent", client);
        }

        @Override
        public String doc() {
            return "Ensures a database does not exist.";
        }

        @Override
        List<Param> own() {
            return List.of();
        }

        @Override
        StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
                throws FunctionException, IOException, InterruptedException {
            String name = args.name();
            MysqlDatabases dbs = new MysqlDatabases(session);
            if (dbs.exists(name)) {
                if (ctx.test()) {
                    return StateResult.pending(Map.of(), "Database " + name + " is present and needs to be removed");
                }
                try {
                    if (dbs.remove(name)) {
                        return StateResult.changed(Map.of(name, "Absent"), "Database " + name + " has been removed");
                    }
                } catch (FunctionException e) {
                    return StateResult.failed("Unable to remove database " + name + " (" + e.getMessage() + ")");
                }
            }
            return StateResult.ok("Database " + name + " is not present, so it cannot be removed");
        }
    }
}
