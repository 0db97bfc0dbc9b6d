package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code group.present}: a local group with a gid and, when {@code members} is given, exactly
 * those members (set with gpasswd -M, which replaces the list in one step).
 */
final class GroupPresent implements StateFunction {
    @Override
    public String name() {
        return "present";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("gid", Type.INTEGER, null, "group id"),
                Param.optional("system", Type.BOOLEAN, false, "create a system group"),
                Param.optional("members", Type.STRING_LIST, null, "exactly these members"),
                Param.optional("addusers", Type.STRING_LIST, null, "members to add, keeping the others"),
                Param.optional("delusers", Type.STRING_LIST, null, "members to remove, keeping the others"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        AccountDatabase db = new AccountDatabase(ctx.commands());
        String name = args.name();
        if (args.has("members") && (args.has("addusers") || args.has("delusers"))) {
            return StateResult.failed("members cannot be combined with addusers or delusers, as in Salt");
        }
        List<String> unknown = new ArrayList<>();
        List<String> named = new ArrayList<>(args.strings("members"));
        named.addAll(args.strings("addusers"));
        for (String member : named) {
            if (db.user(member).isEmpty()) {
                unknown.add(member);
            }
        }
        if (!unknown.isEmpty() && !ctx.test()) {
            return StateResult.failed("The following members are not users: " + String.join(", ", unknown));
        }
        Optional<AccountDatabase.Group> current = db.group(name);
        Map<String, Object> changes = new LinkedHashMap<>();
        Optional<Long> gid = args.optInteger("gid");
        if (current.isEmpty()) {
            changes.put("name", name);
            gid.ifPresent(g -> changes.put("gid", g));
        } else if (gid.isPresent() && gid.get() != current.get().gid()) {
            changes.put("gid", gid.get());
        }
        TreeSet<String> have = new TreeSet<>(current.map(AccountDatabase.Group::members).orElse(List.of()));
        TreeSet<String> want = new TreeSet<>(args.has("members") ? args.strings("members") : have);
        want.addAll(args.strings("addusers"));
        args.strings("delusers").forEach(want::remove);
        boolean managesMembers = args.has("members") || args.has("addusers") || args.has("delusers");
        if (managesMembers && !want.equals(have)) {
            changes.put("members", List.copyOf(want));
        }
        if (changes.isEmpty()) {
            return StateResult.ok("Group " + name + " is present and up to date");
        }
        if (ctx.test()) {
            // a member missing now may come from an earlier state of the run (user.present, a package's postinst)
            return StateResult.pending(changes, "Group " + name + " is set to be " + (current.isEmpty() ? "added"
                    : "modified") + (unknown.isEmpty() ? "" : "; not users yet: " + String.join(", ", unknown)));
        }
        ShadowUtils shadow = new ShadowUtils(ctx.commands());
        if (current.isEmpty()) {
            shadow.addGroup(name, gid, args.bool("system"));
            db.group(name).ifPresent(g -> changes.put("gid", g.gid()));
        } else if (changes.containsKey("gid")) {
            shadow.changeGid(name, gid.get());
        }
        if (changes.containsKey("members")) {
            shadow.setMembers(name, List.copyOf(want));
        }
        return StateResult.changed(changes, current.isEmpty() ? "New group " + name + " created" : "Updated group " + name);
    }
}
