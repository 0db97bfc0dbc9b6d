package io.brine.modules.file;

import io.brine.functions.StateContext;
import io.brine.modules.accounts.AccountDatabase;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A file state's path as Salt reads it: {@code ~} and {@code ~user} at its start expanded to the home directory
 * (Python's {@code os.path.expanduser}, which Salt's file states apply to {@code name} and to a copy's or rename's
 * {@code source}). mysql-formula manages {@code ~/.my.cnf}. {@code ~} is the minion's own user's home; an unknown
 * user leaves the path as written, which then fails as not absolute.
 */
final class StatePath {
    private StatePath() {
    }

    static Path of(String written, StateContext ctx) throws IOException, InterruptedException {
        if (written == null || !written.startsWith("~")) {
            return Path.of(written);
        }
        int slash = written.indexOf('/');
        String user = written.substring(1, slash < 0 ? written.length() : slash);
        String rest = slash < 0 ? "" : written.substring(slash + 1);
        String home = user.isEmpty() ? System.getProperty("user.home") : home(user, ctx);
        if (home == null || home.isEmpty()) {
            return Path.of(written);
        }
        return rest.isEmpty() ? Path.of(home) : Path.of(home).resolve(rest);
    }

    private static String home(String user, StateContext ctx) throws IOException, InterruptedException {
        if (user.startsWith("-")) {
            return null; // never an option of getent's
        }
        return new AccountDatabase(ctx.commands()).user(user).map(AccountDatabase.User::home).orElse(null);
    }
}
