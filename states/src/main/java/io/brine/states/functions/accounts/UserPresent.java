package io.brine.states.functions.accounts;

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

/** {@code user.present}: a local user with the given attributes, through useradd/usermod. */
final class UserPresent implements StateFunction {
  @Override
  public String name() {
    return "present";
  }

  @Override
  public List<Param> params() {
    return List.of(
        Param.optional("uid", Type.INTEGER, null, "user id"),
        Param.optional("gid", Type.STRING, null, "primary group, by name or number"),
        Param.optional("home", Type.STRING, null, "home directory"),
        Param.optional("createhome", Type.BOOLEAN, true, "create the home directory for a new user"),
        Param.optional("shell", Type.STRING, null, "login shell"),
        Param.optional("fullname", Type.STRING, null, "the GECOS full name"),
        Param.optional("groups", Type.STRING_LIST, null, "supplementary groups"),
        Param.optional("remove_groups", Type.BOOLEAN, true, "leave groups not listed in groups"),
        Param.optional("password", Type.STRING, null, "password hash, as in /etc/shadow"),
        Param.optional("system", Type.BOOLEAN, false, "create a system account"));
  }

  @Override
  public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
    AccountDatabase db = new AccountDatabase(ctx.commands());
    String name = args.name();
    Optional<String> missing = missingGroups(args, db, ctx);
    if (missing.isPresent()) {
      return StateResult.failed("The following group(s) are not present: " + missing.get());
    }
    Optional<Long> gid = gid(args, db);
    Optional<AccountDatabase.User> current = db.user(name);
    if (current.isEmpty()) {
      return create(args, ctx, db, gid);
    }
    UserChanges diff = diff(args, db, current.get(), gid);
    if (diff.changes().isEmpty()) {
      return StateResult.ok("User " + name + " is present and up to date");
    }
    if (ctx.test()) {
      return StateResult.pending(diff.changes(), "User " + name + " is set to be modified");
    }
    new ShadowUtils(ctx.commands()).modifyUser(name, diff.usermod());
    return StateResult.changed(diff.changes(), "Updated user " + name);
  }

  private StateResult create(Arguments args, StateContext ctx, AccountDatabase db, Optional<Long> gid)
      throws IOException, InterruptedException {
    String name = args.name();
    if (ctx.test()) {
      Map<String, Object> predicted = new LinkedHashMap<>();
      predicted.put("name", name);
      if (!args.strings("groups").isEmpty()) {
        predicted.put("groups", List.copyOf(new java.util.TreeSet<>(args.strings("groups"))));
      }
      return StateResult.pending(predicted, "User " + name + " set to be added");
    }
    new ShadowUtils(ctx.commands()).addUser(new ShadowUtils.NewUser(name, args.optInteger("uid"), gid,
        args.optString("home"), args.bool("createhome"), args.optString("shell"), args.optString("fullname"),
        args.strings("groups"), args.optString("password"), args.bool("system")));
    AccountDatabase.User made = db.user(name).orElseThrow(() -> new IOException("useradd did not create " + name));
    Map<String, Object> changes = new LinkedHashMap<>();
    changes.put("name", made.name());
    changes.put("uid", made.uid());
    changes.put("gid", made.gid());
    changes.put("home", made.home());
    changes.put("shell", made.shell());
    changes.put("groups", db.supplementaryGroups(name));
    return StateResult.changed(changes, "New user " + name + " created");
  }

  private record UserChanges(Map<String, Object> changes, List<String> usermod) {}

  private static UserChanges diff(Arguments args, AccountDatabase db, AccountDatabase.User u, Optional<Long> gid)
      throws IOException, InterruptedException {
    Map<String, Object> changes = new LinkedHashMap<>();
    List<String> usermod = new ArrayList<>();
    Optional<Long> uid = args.optInteger("uid");
    if (uid.isPresent() && uid.get() != u.uid()) {
      changes.put("uid", uid.get());
      usermod.addAll(List.of("-u", uid.get().toString()));
    }
    if (gid.isPresent() && gid.get() != u.gid()) {
      changes.put("gid", gid.get());
      usermod.addAll(List.of("-g", gid.get().toString()));
    }
    diffField(args, "home", u.home(), "-d", changes, usermod);
    diffField(args, "shell", u.shell(), "-s", changes, usermod);
    diffField(args, "fullname", u.gecos().split(",", -1)[0], "-c", changes, usermod);
    if (args.has("groups")) {
      TreeSet<String> have = new TreeSet<>(db.supplementaryGroups(u.name()));
      TreeSet<String> want = new TreeSet<>(args.strings("groups"));
      if (!args.bool("remove_groups")) {
        want.addAll(have);
      }
      if (!want.equals(have)) {
        changes.put("groups", List.copyOf(want));
        usermod.addAll(List.of("-G", String.join(",", want)));
      }
    }
    Optional<String> password = args.optString("password");
    if (password.isPresent() && !password.equals(db.passwordHash(u.name()))) {
      changes.put("passwd", "XXX-REDACTED-XXX");
      usermod.addAll(List.of("-p", password.get()));
    }
    return new UserChanges(changes, usermod);
  }

  private static void diffField(Arguments args, String key, String current, String flag, Map<String, Object> changes,
                                List<String> usermod) {
    Optional<String> want = args.optString(key);
    if (want.isPresent() && !want.get().equals(current)) {
      changes.put(key, want.get());
      usermod.addAll(List.of(flag, want.get()));
    }
  }

  /** Groups that neither exist nor, in test mode, would be made by a group.present above this state. */
  private static Optional<String> missingGroups(Arguments args, AccountDatabase db, StateContext ctx)
      throws IOException, InterruptedException {
    List<String> missing = new ArrayList<>();
    for (String g : args.strings("groups")) {
      if (db.group(g).isEmpty() && !ctx.pending().willApply("group.present", g)) {
        missing.add(g);
      }
    }
    if (args.has("gid") && db.group(args.string("gid")).isEmpty() && !args.string("gid").matches("\\d+")
        && !ctx.pending().willApply("group.present", args.string("gid"))) {
      missing.add(args.string("gid"));
    }
    return missing.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", missing));
  }

  private static Optional<Long> gid(Arguments args, AccountDatabase db) throws IOException, InterruptedException {
    Optional<String> gid = args.optString("gid");
    return gid.isEmpty() ? Optional.empty() : db.gid(gid.get());
  }
}
