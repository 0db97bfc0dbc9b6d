package io.brine.modules.accounts;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Changes users and groups through the shadow-utils programs (useradd, usermod, userdel, groupadd,
 * groupmod, groupdel, gpasswd). The user and group states and the user and group execution
 * functions all change accounts through here, so each command line is built in one place.
 *
 * <pre>{@code
 * ShadowUtils shadow = new ShadowUtils(ctx.commands());
 * shadow.addGroup("web", Optional.of(4100L), false);
 * shadow.addMember("web", "deploy");
 * }</pre>
 */
final class ShadowUtils {
    /**
     * What useradd is told; empty options are left to useradd's defaults. {@code usergroup} empty follows
     * USERGROUPS_ENAB of login.defs; {@code unique} false allows a uid another user has.
     */
    record NewUser(String name, Optional<Long> uid, Optional<String> gid, Optional<String> home, boolean createhome,
                                  Optional<String> shell, Optional<String> gecos, List<String> groups, boolean system,
                                  Optional<Boolean> usergroup, boolean nologinit, boolean unique) {
        NewUser {
            groups = List.copyOf(groups);
        }

        /** A user as user.add makes it: the account defaults for the options user.add does not take. */
        static NewUser basic(String name, Optional<Long> uid, Optional<String> gid, Optional<String> home,
                boolean createhome, Optional<String> shell, Optional<String> gecos, List<String> groups, boolean system) {
            return new NewUser(name, uid, gid, home, createhome, shell, gecos, groups, system, Optional.empty(), false,
                    true);
        }
    }

    private final CommandRunner commands;

    ShadowUtils(CommandRunner commands) {
        this.commands = commands;
    }

    void addUser(NewUser u) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("useradd"));
        u.uid().ifPresent(x -> argv.addAll(List.of("-u", x.toString())));
        if (u.uid().isPresent() && !u.unique()) {
            argv.add("-o"); // useradd takes -o only together with -u
        }
        u.gid().ifPresent(x -> argv.addAll(List.of("-g", x)));
        if (u.gid().isEmpty() && u.usergroup().isPresent()) {
            argv.add(u.usergroup().get() ? "-U" : "-N");
        }
        u.home().ifPresent(x -> argv.addAll(List.of("-d", x)));
        argv.add(u.createhome() ? "-m" : "-M");
        u.shell().ifPresent(x -> argv.addAll(List.of("-s", x)));
        u.gecos().ifPresent(x -> argv.addAll(List.of("-c", x)));
        if (!u.groups().isEmpty()) {
            argv.addAll(List.of("-G", String.join(",", u.groups())));
        }
        if (u.system()) {
            argv.add("-r");
        }
        if (u.nologinit()) {
            argv.add("-l");
        }
        argv.add(u.name());
        mustRun(argv);
    }

    /** Sets an already hashed password; chpasswd reads it from stdin, keeping it out of the process list. */
    void setPasswordHash(String name, String hash) throws IOException, InterruptedException {
        CommandResult r = commands.run(Command.of("chpasswd", "-e").withStdin(name + ":" + hash + "\n"));
        if (!r.ok()) {
            throw new IOException("chpasswd failed (exit " + r.exitCode() + "): " + r.diagnostic());
        }
    }

    /** Empties the password, which allows login without one (passwd -d). */
    void deletePassword(String name) throws IOException, InterruptedException {
        mustRun(List.of("passwd", "-d", name));
    }

    /** chage with the given options, such as {@code -M 90}; nothing runs for no options. */
    void changeAging(String name, List<String> options) throws IOException, InterruptedException {
        if (options.isEmpty()) {
            return;
        }
        List<String> argv = new ArrayList<>(List.of("chage"));
        argv.addAll(options);
        argv.add(name);
        mustRun(argv);
    }

    /** usermod with the given options, such as {@code -s /bin/sh}; nothing runs for no options. */
    void modifyUser(String name, List<String> options) throws IOException, InterruptedException {
        if (options.isEmpty()) {
            return;
        }
        List<String> argv = new ArrayList<>(List.of("usermod"));
        argv.addAll(options);
        argv.add(name);
        mustRun(argv);
    }

    /** The user's supplementary groups become exactly {@code groups}, or gain them with {@code append}. */
    void setGroups(String name, List<String> groups, boolean append) throws IOException, InterruptedException {
        modifyUser(name, append ? List.of("-a", "-G", String.join(",", groups)) : List.of("-G", String.join(",", groups)));
    }

    /** Removes the user; {@code remove} also removes its home and mail spool, {@code force} even while logged in. */
    void deleteUser(String name, boolean remove, boolean force) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("userdel"));
        if (remove) {
            argv.add("-r");
        }
        if (force) {
            argv.add("-f");
        }
        argv.add(name);
        mustRun(argv);
    }

    void addGroup(String name, Optional<Long> gid, boolean system) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("groupadd"));
        gid.ifPresent(g -> argv.addAll(List.of("-g", g.toString())));
        if (system) {
            argv.add("-r");
        }
        argv.add(name);
        mustRun(argv);
    }

    void changeGid(String name, long gid) throws IOException, InterruptedException {
        mustRun(List.of("groupmod", "-g", Long.toString(gid), name));
    }

    void deleteGroup(String name) throws IOException, InterruptedException {
        mustRun(List.of("groupdel", name));
    }

    /** The group's members become exactly {@code members}, in one step (gpasswd -M replaces the list). */
    void setMembers(String group, List<String> members) throws IOException, InterruptedException {
        mustRun(List.of("gpasswd", "-M", String.join(",", members), group));
    }

    void addMember(String group, String user) throws IOException, InterruptedException {
        mustRun(List.of("gpasswd", "-a", user, group));
    }

    private void mustRun(List<String> argv) throws IOException, InterruptedException {
        CommandResult r = commands.run(argv.toArray(String[]::new));
        if (!r.ok()) {
            throw new IOException(argv.get(0) + " failed (exit " + r.exitCode() + "): " + r.diagnostic());
        }
    }
}
