package io.brine.states.functions.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** Salt's {@code user.info}: a user's passwd entry and groups, or an empty mapping for no such user. */
final class UserInfo implements ExecutionFunction {
  @Override
  public String name() {
    return "user.info";
  }

  @Override
  public String doc() {
    return "Returns name, passwd, uid, gid, home, shell, fullname, roomnumber, workphone, homephone, other and "
        + "groups (every group, the primary one included, sorted) of a user, or {} if there is no such user.";
  }

  @Override
  public List<Param> params() {
    return List.of(Param.required("name", Type.STRING, "the user name"));
  }

  @Override
  public Object call(FunctionContext context, Arguments args) throws Exception {
    AccountDatabase db = new AccountDatabase(context.commands());
    Optional<AccountDatabase.User> found = db.user(args.string("name"));
    if (found.isEmpty()) {
      return Map.of();
    }
    AccountDatabase.User u = found.get();
    // GECOS is "full name,room,work phone,home phone,other", as Salt splits it
    String[] gecos = u.gecos().split(",", 5);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", u.name());
    out.put("passwd", "x");
    out.put("uid", u.uid());
    out.put("gid", u.gid());
    out.put("home", u.home());
    out.put("shell", u.shell());
    String[] keys = {"fullname", "roomnumber", "workphone", "homephone", "other"};
    for (int i = 0; i < keys.length; i++) {
      out.put(keys[i], i < gecos.length ? gecos[i] : "");
    }
    TreeSet<String> groups = new TreeSet<>(db.supplementaryGroups(u.name()));
    db.group(Long.toString(u.gid())).ifPresent(g -> groups.add(g.name()));
    out.put("groups", List.copyOf(groups));
    return out;
  }
}
