package io.brine.modules.iptables;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import io.brine.modules.file.AtomicWrite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One machine's iptables, through its commands ({@code iptables}, {@code ip6tables} and their {@code -save}), run by
 * the minion's runner with the caller's values only as arguments. The binaries are looked up on the minion's PATH,
 * or in a directory given (tests run them inside a network namespace of their own).
 */
final class Iptables {
    private static final Set<String> TABLES = Set.of("filter", "nat", "mangle", "raw", "security");

    private final Path binDir;

    /** @param binDir where the iptables binaries are; null: the minion's PATH */
    Iptables(Path binDir) {
        this.binDir = binDir;
    }

    private String tool(String family, String suffix) throws FunctionException {
        String base = switch (family) {
            case "ipv4" -> "iptables";
            case "ipv6" -> "ip6tables";
            default -> throw new FunctionException("iptables: family must be ipv4 or ipv6, got '" + family + "'");
        };
        return binDir == null ? base + suffix : binDir.resolve(base + suffix).toString();
    }

    /** Runs {@code iptables -t TABLE ARGS...} (or ip6tables), to its end. */
    CommandResult run(CommandRunner runner, String family, String table, List<String> args)
            throws IOException, InterruptedException, FunctionException {
        if (!TABLES.contains(table)) {
            throw new FunctionException("iptables: no table '" + table + "' (filter, nat, mangle, raw, security)");
        }
        List<String> argv = new ArrayList<>(List.of(tool(family, ""), "-w", "-t", table));
        argv.addAll(args);
        IptablesRule.refuseModprobe(args);
        return runner.run(Command.of(argv));
    }

    /** Whether {@code rule} is in {@code chain} ({@code -C}). */
    boolean has(CommandRunner runner, String family, String table, String chain, List<String> rule)
            throws IOException, InterruptedException, FunctionException {
        List<String> args = new ArrayList<>(List.of("-C", chain(chain)));
        args.addAll(rule);
        return run(runner, family, table, args).exitCode() == 0;
    }

    /** Whether the chain exists in the table (built-in or user-defined). */
    boolean chainExists(CommandRunner runner, String family, String table, String chain)
            throws IOException, InterruptedException, FunctionException {
        return run(runner, family, table, List.of("-S", chain(chain))).exitCode() == 0;
    }

    /** A built-in chain's policy ({@code ACCEPT}), or null for a user-defined or missing one. */
    String policy(CommandRunner runner, String family, String table, String chain)
            throws IOException, InterruptedException, FunctionException {
        CommandResult r = run(runner, family, table, List.of("-S", chain(chain)));
        if (r.exitCode() != 0) {
            return null;
        }
        String first = r.stdout().lines().findFirst().orElse("");
        String[] words = first.split("\\s+");
        return words.length == 3 && words[0].equals("-P") ? words[2] : null;
    }

    /**
     * Saves the running rules ({@code iptables-save}) to {@code file}, or to the distribution's own file (Salt's
     * choice: Debian's iptables-persistent {@code /etc/iptables/rules.v4}, RedHat's {@code /etc/sysconfig/iptables},
     * Alpine's {@code /etc/iptables/rules-save}); returns the file written.
     */
    Path save(CommandRunner runner, String family, Path file, Map<String, Object> grains)
            throws IOException, InterruptedException, FunctionException {
        Path to = file != null ? file : conf(grains, family);
        CommandResult r = runner.run(Command.of(tool(family, "-save")));
        if (r.exitCode() != 0) {
            throw new FunctionException("iptables-save failed: " + r.stderr().strip());
        }
        AtomicWrite.write(to, r.stdout().getBytes(StandardCharsets.UTF_8), true);
        return to;
    }

    static Path conf(Map<String, Object> grains, String family) throws FunctionException {
        boolean six = family.equals("ipv6");
        String osFamily = String.valueOf(grains.get("os_family"));
        return switch (osFamily) {
            case "RedHat" -> Path.of(six ? "/etc/sysconfig/ip6tables" : "/etc/sysconfig/iptables");
            case "Arch" -> Path.of(six ? "/etc/iptables/ip6tables.rules" : "/etc/iptables/iptables.rules");
            case "Debian" -> Path.of(six ? "/etc/iptables/rules.v6" : "/etc/iptables/rules.v4");
            case "Alpine" -> Path.of(six ? "/etc/iptables/rules6-save" : "/etc/iptables/rules-save");
            default -> throw new FunctionException("Saving iptables to file is not supported on "
                    + grains.get("os") + "; give save a path");
        };
    }

    /** A chain name as iptables takes it, never an option. */
    static String chain(String chain) throws FunctionException {
        if (chain == null || !chain.matches("[A-Za-z0-9_.][A-Za-z0-9_.-]{0,28}")) {
            throw new FunctionException("iptables: '" + chain + "' is not a chain name");
        }
        return chain;
    }
}
