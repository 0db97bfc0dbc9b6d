package io.brine.states.functions.accounts;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads users and groups through getent(1), which sees whatever NSS sees (/etc/passwd and
 * /etc/group here), rather than parsing the files directly. Changes go through {@link ShadowUtils}.
 */
final class AccountDatabase {
  record User(String name, long uid, long gid, String gecos, String home, String shell) {}

  record Group(String name, long gid, List<String> members) {}

  private final CommandRunner commands;

  AccountDatabase(CommandRunner commands) {
    this.commands = commands;
  }

  Optional<User> user(String name) throws IOException, InterruptedException {
    Optional<String[]> f = entry("passwd", name, 7);
    return f.map(x -> new User(x[0], Long.parseLong(x[2]), Long.parseLong(x[3]), x[4], x[5], x[6]));
  }

  Optional<Group> group(String nameOrGid) throws IOException, InterruptedException {
    Optional<String[]> f = entry("group", nameOrGid, 4);
    return f.map(x -> new Group(x[0], Long.parseLong(x[2]),
        x[3].isEmpty() ? List.of() : List.of(x[3].split(","))));
  }

  /** The user's supplementary groups (every group listing it as a member), sorted. */
  List<String> supplementaryGroups(String user) throws IOException, InterruptedException {
    CommandResult r = commands.run("getent", "group");
    List<String> out = new ArrayList<>();
    for (String line : r.stdout().split("\n")) {
      String[] f = line.split(":", -1);
      if (f.length >= 4 && Arrays.asList(f[3].split(",")).contains(user)) {
        out.add(f[0]);
      }
    }
    out.sort(null);
    return out;
  }

  Optional<String> passwordHash(String user) throws IOException, InterruptedException {
    return entry("shadow", user, 2).map(x -> x[1]);
  }

  private Optional<String[]> entry(String database, String key, int fields) throws IOException, InterruptedException {
    CommandResult r = commands.run("getent", database, key);
    if (!r.ok()) {
      return Optional.empty();
    }
    String[] f = r.stdout().strip().split("\n")[0].split(":", -1);
    return f.length >= fields ? Optional.of(f) : Optional.empty();
  }

  /** A group id given as a number or a group name; empty for a name no group has. */
  Optional<Long> gid(String nameOrNumber) throws IOException, InterruptedException {
    if (nameOrNumber.matches("\\d+")) {
      return Optional.of(Long.parseLong(nameOrNumber));
    }
    return group(nameOrNumber).map(Group::gid);
  }

  /** Names given as a list, as comma-separated text (Salt accepts both), or a mix, without empties. */
  static List<String> names(List<String> given) {
    List<String> out = new ArrayList<>();
    for (String item : given) {
      for (String name : item.split(",")) {
        if (!name.isBlank()) {
          out.add(name.strip());
        }
      }
    }
    return out;
  }

  /** Every user name NSS knows, sorted. */
  List<String> userNames() throws IOException, InterruptedException {
    CommandResult r = commands.run("getent", "passwd");
    List<String> out = new ArrayList<>();
    for (String line : r.stdout().split("\n")) {
      String[] f = line.split(":", -1);
      if (f.length >= 7 && !f[0].isEmpty()) {
        out.add(f[0]);
      }
    }
    out.sort(null);
    return out;
  }
}
