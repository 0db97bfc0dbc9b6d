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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code mysql_grants} states, with Salt's comments and changes: {@code present} grants privileges on
 * {@code db.table}, {@code db.*} or {@code *.*} ({@code {NAME: Present}}), {@code absent} revokes them
 * ({@code {NAME: Absent}}). {@code revoke_first} revokes whatever the user holds on that database and table before
 * granting, so a grant can be narrowed. Privilege names are checked against MariaDB's and MySQL's list.
 *
 * <pre>
 * shop-app-grants:
 *   mysql_grants.present:
 *     - grant: select, insert, update
 *     - database: shop.*
 *     - user: app
 * </pre>
 */
public final class MysqlGrantsStates implements FunctionModule {
    private final MysqlClient client;

    public MysqlGrantsStates() {
        this(null);
    }

    /** @param client the mysql or mariadb client program; null: {@code mysql} on the minion's PATH */
    public MysqlGrantsStates(Path client) {
        this.client = new MysqlClient(client);
    }

    @Override
    public String name() {
        return "mysql_grants";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new Present(client), new Absent(client));
    }

    private static List<Param> common() {
        return new ArrayList<>(List.of(
                Param.required("grant", Type.STRING, "privileges: select, insert... or all privileges"),
                Param.required("database", Type.STRING, "db.table, db.* or *.*"),
                Param.required("user", Type.STRING, "the account's user"),
                Param.optional("host", Type.STRING, "localhost", "the account's host"),
                Param.optional("grant_option", Type.BOOLEAN, false, "WITH GRANT OPTION"),
                Param.optional("escape", Type.BOOLEAN, true, "take the database name literally (_ is no wildcard)")));
    }

    /** {@code select on shop.* to app@localhost}, as Salt's comments name a grant. */
    private static String described(Arguments args, String to) {
        return args.string("grant") + " on " + args.string("database") + " " + to + " " + args.string("user") + "@"
                + args.string("host");
    }

    private static final class Present extends MysqlState {
        Present(MysqlClient client) {
            super("present", client);
        }

        @Override
        public String doc() {
            return "Ensures an account holds privileges on a database or table.";
        }

        @Override
        List<Param> own() {
            List<Param> params = common();
            params.add(Param.optional("revoke_first", Type.BOOLEAN, false, "revoke what the user holds there first"));
            params.add(Param.optional("ssl_option", Type.ANY, null, "REQUIRE: a list of {SSL: True}, {CIPHER: ...}"));
            return params;
        }

        @Override
        StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
                throws FunctionException, IOException, InterruptedException {
            String user = args.string("user");
            String host = args.string("host");
            boolean option = args.bool("grant_option");
            String failed = "Failed to execute: \"GRANT " + args.string("grant") + " ON " + args.string("database")
                    + " TO " + user + "@" + host + "\"";
            GrantSpec spec;
            List<Object> ssl;
            try {
                spec = GrantSpec.of(args.string("grant"), args.string("database"), args.bool("escape"));
                ssl = SslRequirement.options(args.get("ssl_option"));
                SslRequirement.sql(ssl);
            } catch (FunctionException e) {
                return StateResult.failed(failed + " (" + e.getMessage() + ")");
            }
            MysqlGrants grants = new MysqlGrants(session);
            if (grants.exists(spec, user, host, option)) {
                return StateResult.ok("Grant " + described(args, "to") + " is already present");
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "MySQL grant " + args.name() + " is set to be created");
            }
            try {
                if (args.bool("revoke_first")) {
                    grants.revokeAllOn(spec, user, host);
                }
                if (grants.add(spec, user, host, option, ssl)) {
                    return StateResult.changed(Map.of(args.name(), "Present"), "Grant " + described(args, "to")
                            + " has been added");
                }
                return StateResult.failed(failed);
            } catch (FunctionException e) {
                return StateResult.failed(failed + " (" + e.getMessage() + ")");
            }
        }
    }

    private static final class Absent extends MysqlState {
        Absent(MysqlClient client) {
            super("absent", client);
        }

        @Override
        public String doc() {
            return "Ensures an account does not hold privileges on a database or table.";
        }

        @Override
        List<Param> own() {
            return common();
        }

        @Override
        StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
                throws FunctionException, IOException, InterruptedException {
            String user = args.string("user");
            String host = args.string("host");
            MysqlGrants grants = new MysqlGrants(session);
            GrantSpec spec;
            boolean exists;
            try {
                spec = GrantSpec.of(args.string("grant"), args.string("database"), args.bool("escape"));
                exists = grants.exists(spec, user, host, args.bool("grant_option"));
            } catch (FunctionException e) {
                return StateResult.failed("Unable to determine if grant " + described(args, "for") + " exists ("
                        + e.getMessage() + ")");
            }
            if (exists) {
                if (ctx.test()) {
                    return StateResult.pending(Map.of(), "MySQL grant " + args.name() + " is set to be revoked");
                }
                try {
                    if (grants.revoke(spec, user, host, args.bool("grant_option"))) {
                        return StateResult.changed(Map.of(args.name(), "Absent"), "Grant " + described(args, "for")
                                + " has been revoked");
                    }
                } catch (FunctionException e) {
                    return StateResult.failed("Unable to revoke grant " + described(args, "for") + " ("
                            + e.getMessage() + ")");
                }
            }
            return StateResult.ok("Grant " + described(args, "to") + " is not present, so it cannot be revoked");
        }
    }
}
