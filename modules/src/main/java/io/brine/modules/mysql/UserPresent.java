package io.brine.modules.mysql;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code mysql_user.present}, step by step as Salt takes them: the account with the wanted password (or
 * passwordless login) is already there; or it is there with another password, which is changed; or it is not, and
 * is created.
 */
final class UserPresent extends MysqlState {
    UserPresent(MysqlClient client) {
        super("present", client);
    }

    @Override
    public String doc() {
        return "Ensures an account (name@host) exists with this password, password hash, or passwordless login.";
    }

    @Override
    List<Param> own() {
        return List.of(Param.optional("host", Type.STRING, "localhost", "the account's host"),
                Param.optional("password", Type.STRING, null, "the password"),
                Param.optional("password_hash", Type.STRING, null, "the password's hash, *6C89..."),
                Param.optional("allow_passwordless", Type.BOOLEAN, false, "allow no password"),
                Param.optional("unix_socket", Type.BOOLEAN, false, "log in through the unix_socket plugin"),
                Param.optional("password_column", Type.STRING, null, "ignored: the column is looked up"),
                Param.optional("auth_plugin", Type.STRING, "mysql_native_password",
                        "how the password is verified; only mysql_native_password can be compared"));
    }

    @Override
    StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
            throws FunctionException, IOException, InterruptedException {
        String account = args.name() + "@" + args.string("host");
        MysqlUsers.Password password = MysqlFunction.password(args);
        boolean allow = args.bool("allow_passwordless");
        boolean socket = args.bool("unix_socket");
        MysqlUsers users = new MysqlUsers(session);
        String name = args.name();
        String host = args.string("host");
        String comment = "User " + account + " is already present";
        if (password.none()) {
            if (!allow && !socket) {
                return StateResult.failed("Either password or password_hash must be specified, unless "
                        + "allow_passwordless is True");
            }
            if (users.exists(name, host, password, true, socket)) {
                return StateResult.ok(comment + (allow ? " with passwordless login" : ""));
            }
        } else if (users.exists(name, host, password, false, socket)) {
            if (args.string("auth_plugin").equals("mysql_native_password")) {
                return StateResult.ok(comment + " with the desired password"
                        + (args.has("password") ? "" : " hash"));
            }
            return StateResult.ok(comment + ". Unable to verify password.");
        }
        if (users.exists(name, host, new MysqlUsers.Password(null, null), false, false)) {
            return changePassword(ctx, users, args, password);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "User " + account + " is set to be added"
                    + (allow ? " with passwordless login" : "") + (socket ? " using unix_socket" : ""));
        }
        try {
            if (users.create(name, host, password, allow, socket)) {
                return StateResult.changed(Map.of(name, "Present"), "The user " + account + " has been added"
                        + (allow ? " with passwordless login" : "") + (socket ? " using unix_socket" : ""));
            }
            return StateResult.failed("Failed to create user " + account);
        } catch (FunctionException e) {
            return StateResult.failed("Failed to create user " + account + " (" + e.getMessage() + ")");
        }
    }

    private StateResult changePassword(StateContext ctx, MysqlUsers users, Arguments args,
            MysqlUsers.Password password) throws IOException, InterruptedException {
        String account = args.name() + "@" + args.string("host");
        boolean allow = args.bool("allow_passwordless");
        if (ctx.test()) {
            if (password.none()) {
                return new StateResult(allow ? null : false, Map.of(), "Password for user " + account
                        + " is set to be cleared" + (allow ? "" : ", but allow_passwordless != True"));
            }
            return StateResult.pending(Map.of(), "Password for user " + account + " is set to be changed");
        }
        String verb = password.none() ? "clear" : "change";
        String error = "";
        try {
            if (users.changePassword(args.name(), args.string("host"), password, allow, args.bool("unix_socket"))) {
                return StateResult.changed(Map.of(args.name(), "Updated"), "Password for user " + account
                        + " has been " + (password.none() ? "cleared" : "changed"));
            }
        } catch (FunctionException e) {
            error = " (" + e.getMessage() + ")";
        }
        return StateResult.failed("Failed to " + verb + " password for user " + account + error
                + (password.none() && !allow ? ". Note: allow_passwordless must be True to permit passwordless "
                + "login." : ""));
    }
}
