package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code user.present}: a local user with the given attributes, through useradd, usermod, chpasswd
 * and chage, with Salt's arguments and result: a new user reports everything {@code user.info}
 * shows; a changed one reports what differs in {@code user.info} and {@code shadow.info} afterwards
 * (the password as {@code XXX-REDACTED-XXX}); test mode predicts the changes under Salt's keys.
 *
 * <pre>{@code
 * deploy:
 *   user.present:
 *     - uid: 4100
 *     - gid: deploy
 *     - groups: [www-data]
 *     - optional_groups: [docker]
 *     - home: /srv/deploy
 *     - shell: /bin/bash
 *     - fullname: Deploy Bot
 *     - password: s3cret
 *     - hash_password: True
 *     - maxdays: 90
 * }</pre>
 */
final class UserPresent implements StateFunction {
    static final String REDACTED = "XXX-REDACTED-XXX";

    @Override
    public String name() {
        return "present";
    }

    @Override
    public List<Param> params() {
        return UserRequest.params();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        AccountDatabase db = new AccountDatabase(ctx.commands());
        String name = args.name();
        Optional<String> password = args.optString("password");
        if (password.isPresent() && args.bool("hash_password")) {
            try {
                password = Optional.of(new PasswordHashes(ctx.commands()).hash(password.get(), db.passwordHash(name)));
            } catch (IllegalArgumentException e) {
                return StateResult.failed(e.getMessage());
            }
        }
        UserRequest want = UserRequest.of(args, password);
        Optional<String> problem = want.problem();
        if (problem.isEmpty()) {
            problem = missingGroups(want, db, ctx);
        }
        if (problem.isPresent()) {
            return StateResult.failed(problem.get());
        }
        List<String> optional = new ArrayList<>();
        for (String g : want.optionalGroups()) {
            if (db.group(g).isPresent() || ctx.test() && ctx.pending().willApply("group.present", g)) {
                optional.add(g);
            }
        }
        Optional<AccountDatabase.User> current = db.user(name);
        UserAccounts accounts = new UserAccounts(db, new ShadowUtils(ctx.commands()));
        return current.isEmpty() ? create(want, optional, ctx, accounts) : modify(want, current.get(), optional, ctx,
                accounts);
    }

    private static StateResult create(UserRequest want, List<String> optional, StateContext ctx, UserAccounts accounts)
            throws IOException, InterruptedException {
        LinkedHashSet<String> groups = new LinkedHashSet<>(want.groups().orElse(List.of()));
        groups.addAll(optional);
        if (ctx.test()) {
            return StateResult.pending(UserAccounts.predictedNewUser(want, List.copyOf(groups)),
                    "User " + want.name() + " set to be added");
        }
        Map<String, Object> changes = accounts.create(want, List.copyOf(groups));
        return StateResult.changed(changes, "New user " + want.name() + " created");
    }

    private static StateResult modify(UserRequest want, AccountDatabase.User user, List<String> optional,
            StateContext ctx, UserAccounts accounts) throws IOException, InterruptedException {
        UserChanges needed = UserChanges.between(want, accounts.db(), user, optional);
        if (!needed.refusals().isEmpty()) {
            return StateResult.failed("Encountered error checking for needed changes:\n- "
                    + String.join("\n- ", needed.refusals()));
        }
        if (needed.changes().isEmpty()) {
            return StateResult.ok("User " + want.name() + " is present and up to date");
        }
        Map<String, Object> predicted = redacted(needed.changes());
        if (ctx.test()) {
            StringBuilder comment = new StringBuilder("The following user attributes are set to be changed:\n");
            predicted.forEach((k, v) -> comment.append(k).append(": ").append(v).append('\n'));
            return StateResult.pending(predicted, comment.toString());
        }
        Map<String, Object> changes = accounts.modify(want, user, needed.changes());
        UserChanges left = UserChanges.between(want, accounts.db(), accounts.db().user(want.name()).orElseThrow(),
                optional);
        if (!left.changes().isEmpty()) {
            return new StateResult(false, changes, "These values could not be changed: " + redacted(left.changes()));
        }
        return StateResult.changed(changes, changes.isEmpty() ? "User " + want.name() + " is present and up to date"
                : "Updated user " + want.name());
    }

    static Map<String, Object> redacted(Map<String, Object> changes) {
        Map<String, Object> out = new LinkedHashMap<>(changes);
        out.computeIfPresent("passwd", (k, v) -> REDACTED);
        return out;
    }

    /** Groups and gid that neither exist nor, in test mode, would be made by a group.present above this state. */
    private static Optional<String> missingGroups(UserRequest want, AccountDatabase db, StateContext ctx)
            throws IOException, InterruptedException {
        List<String> missing = new ArrayList<>();
        List<String> needed = new ArrayList<>(want.groups().orElse(List.of()));
        want.gid().filter(g -> !g.matches("\\d+")).ifPresent(needed::add);
        for (String g : needed) {
            if (db.group(g).isEmpty() && !ctx.pending().willApply("group.present", g)) {
                missing.add(g);
            }
        }
        return missing.isEmpty() ? Optional.empty()
                : Optional.of("The following group(s) are not present: " + String.join(",", missing));
    }
}
