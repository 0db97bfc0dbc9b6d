package io.brine.modules.mysql;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Salt's {@code mysql} execution functions, with Salt's names, arguments and returns. A function Salt answers with
 * False when the server cannot be reached or refuses a statement fails instead, with Salt's error text
 * ({@code MySQL Error 1045: Access denied...}); False still means what it means in Salt (the database already
 * exists, the user does not). Every function takes Salt's {@code connection_*} arguments.
 */
final class MysqlFunction implements ExecutionFunction {
    enum Kind { DB_EXISTS, DB_CREATE, DB_REMOVE, DB_LIST, DB_GET, ALTER_DB, USER_EXISTS, USER_CREATE, USER_CHPASS,
        USER_REMOVE, USER_LIST, USER_INFO, USER_GRANTS, GRANT_EXISTS, GRANT_ADD, GRANT_REVOKE, QUERY, VERSION }

    private final Kind kind;
    private final MysqlClient client;

    MysqlFunction(Kind kind, MysqlClient client) {
        this.kind = kind;
        this.client = client;
    }

    @Override
    public String name() {
        return "mysql." + kind.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String doc() {
        return switch (kind) {
            case DB_EXISTS -> "True if the database exists.";
            case DB_CREATE -> "Creates a database (character_set, collate); False if it exists.";
            case DB_REMOVE -> "Drops a database; False if it does not exist.";
            case DB_LIST -> "The names of the server's databases.";
            case DB_GET -> "A database's character_set and collate, or {} for none.";
            case ALTER_DB -> "Changes a database's character set or collation.";
            case USER_EXISTS -> "True if the account exists (with this password, hash, or passwordless login).";
            case USER_CREATE -> "Creates an account with a password, a hash, no password or unix_socket login.";
            case USER_CHPASS -> "Changes (or clears) an account's password.";
            case USER_REMOVE -> "Drops an account; False if it does not exist.";
            case USER_LIST -> "Every account, as {User, Host}.";
            case USER_INFO -> "The account's row of mysql.user, or False.";
            case USER_GRANTS -> "The account's SHOW GRANTS lines, passwords left out, or False.";
            case GRANT_EXISTS -> "True if the account holds the privileges on db.table (db.*, *.*).";
            case GRANT_ADD -> "Grants privileges on db.table to an account; True once they are held.";
            case GRANT_REVOKE -> "Revokes privileges on db.table from an account; True once they are gone.";
            case QUERY -> "Runs SQL in a database; rows returned, columns and results, or rows affected.";
            case VERSION -> "The server's version.";
        };
    }

    @Override
    public List<Param> params() {
        List<Param> own = new ArrayList<>();
        Param user = Param.required("user", Type.STRING, "the account's user name");
        Param host = Param.optional("host", Type.STRING, "localhost", "the account's host");
        Param password = Param.optional("password", Type.STRING, null, "the password");
        Param hash = Param.optional("password_hash", Type.STRING, null, "the password's stored hash");
        Param column = Param.optional("password_column", Type.STRING, null, "ignored: the column is looked up");
        Param grant = Param.required("grant", Type.STRING, "privileges: SELECT, INSERT... or ALL PRIVILEGES");
        Param database = Param.required("database", Type.STRING, "db.table, db.* or *.*");
        Param grantOption = Param.optional("grant_option", Type.BOOLEAN, false, "WITH GRANT OPTION");
        Param escape = Param.optional("escape", Type.BOOLEAN, true, "take the database name literally");
        Param allow = Param.optional("allow_passwordless", Type.BOOLEAN, false, "allow no password");
        Param socket = Param.optional("unix_socket", Type.BOOLEAN, false, "login through the unix_socket plugin");
        switch (kind) {
            case DB_EXISTS, DB_REMOVE, DB_GET -> own.add(Param.required("name", Type.STRING, "the database"));
            case DB_CREATE, ALTER_DB -> own.addAll(List.of(Param.required("name", Type.STRING, "the database"),
                    Param.optional("character_set", Type.STRING, null, "utf8mb4..."),
                    Param.optional("collate", Type.STRING, null, "utf8mb4_general_ci...")));
            case USER_EXISTS -> own.addAll(List.of(user, host, password, hash,
                    Param.optional("passwordless", Type.BOOLEAN, false, "check the user has no password"), socket,
                    column));
            case USER_CREATE -> own.addAll(List.of(user, host, password, hash, allow, socket, column,
                    Param.optional("auth_plugin", Type.STRING, "mysql_native_password", "MySQL only")));
            case USER_CHPASS -> own.addAll(List.of(user, host, password, hash, allow, socket, column));
            case USER_REMOVE, USER_INFO, USER_GRANTS -> own.addAll(List.of(user, host));
            case GRANT_EXISTS, GRANT_REVOKE -> own.addAll(List.of(grant, database, user, host, grantOption, escape));
            case GRANT_ADD -> own.addAll(List.of(grant, database, user, host, grantOption, escape,
                    Param.optional("ssl_option", Type.ANY, null, "REQUIRE: a list of {SSL: True}, {CIPHER: ...}")));
            case QUERY -> own.addAll(List.of(Param.required("database", Type.STRING, "the database to run it in"),
                    Param.required("query", Type.STRING, "the SQL")));
            default -> {
            }
        }
        own.addAll(MysqlConnection.PARAMS);
        return own;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        MysqlSession session = new MysqlSession(client, context.commands(), MysqlConnection.of(args));
        MysqlDatabases dbs = new MysqlDatabases(session);
        MysqlUsers users = new MysqlUsers(session);
        String name = args.string("name");
        return switch (kind) {
            case DB_EXISTS -> dbs.exists(name);
            case DB_CREATE -> dbs.create(name, args.string("character_set"), args.string("collate"));
            case DB_REMOVE -> dbs.remove(name);
            case DB_LIST -> dbs.list();
            case DB_GET -> dbs.get(name);
            case ALTER_DB -> dbs.alter(name, args.string("character_set"), args.string("collate"));
            case USER_EXISTS -> users.exists(args.string("user"), args.string("host"), password(args),
                    args.bool("passwordless"), args.bool("unix_socket"));
            case USER_CREATE -> users.create(args.string("user"), args.string("host"), password(args),
                    args.bool("allow_passwordless"), args.bool("unix_socket"));
            case USER_CHPASS -> users.changePassword(args.string("user"), args.string("host"), password(args),
                    args.bool("allow_passwordless"), args.bool("unix_socket"));
            case USER_REMOVE -> users.remove(args.string("user"), args.string("host"));
            case USER_LIST -> users.list();
            case USER_INFO -> falseIfNull(users.info(args.string("user"), args.string("host")));
            case USER_GRANTS -> falseIfNull(new MysqlGrants(session).userGrants(args.string("user"),
                    args.string("host")));
            case GRANT_EXISTS, GRANT_ADD, GRANT_REVOKE -> grant(session, args);
            case QUERY -> MysqlQuery.run(session, args.string("database"), args.string("query"));
            case VERSION -> session.version();
        };
    }

    private Object grant(MysqlSession session, Arguments args) throws Exception {
        GrantSpec spec = GrantSpec.of(args.string("grant"), args.string("database"), args.bool("escape"));
        MysqlGrants grants = new MysqlGrants(session);
        String user = args.string("user");
        String host = args.string("host");
        boolean option = args.bool("grant_option");
        return switch (kind) {
            case GRANT_EXISTS -> grants.exists(spec, user, host, option);
            case GRANT_ADD -> grants.add(spec, user, host, option, SslRequirement.options(args.get("ssl_option")));
            default -> grants.revoke(spec, user, host, option);
        };
    }

    /** Salt's password over password_hash: the clear text wins when both are given. */
    static MysqlUsers.Password password(Arguments args) {
        String clear = args.optString("password").orElse(null);
        return new MysqlUsers.Password(clear, clear != null ? null : args.optString("password_hash").orElse(null));
    }

    private static Object falseIfNull(Object value) {
        return value == null ? (Object) false : value;
    }
}
