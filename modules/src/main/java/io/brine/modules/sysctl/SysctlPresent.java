package io.brine.modules.sysctl;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.file.TextEdit;
import io.brine.modules.file.UnifiedDiff;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code sysctl.present}: a kernel parameter with this value now ({@code sysctl -w}) and after a reboot (a
 * {@code name = value} line in the config file).
 *
 * <pre>
 * net.ipv4.ip_forward:
 *   sysctl.present:
 *     - value: 1
 * </pre>
 */
final class SysctlPresent implements StateFunction {
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_-]+([./][A-Za-z0-9_:-]+)*");

    private final Path defaultConfig;
    private final Path procSys;

    SysctlPresent(Path defaultConfig, Path procSys) {
        this.defaultConfig = defaultConfig;
        this.procSys = procSys;
    }

    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Sets a kernel parameter now with sysctl -w and persists it in a sysctl config file.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("value", Type.STRING, "the value; several fields separated by spaces"),
                Param.optional("config", Type.STRING, defaultConfig.toString(), "the file that persists the value"));
    }

    /** A parameter naming a program the kernel runs (core_pattern's pipe, modprobe...): see {@link KernelHelpers}. */
    @Override
    public List<Effect> effects(Arguments args) {
        return KernelHelpers.effects(procPath(args.name()), args.string("value"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String key = args.name();
        String value = normalised(args.string("value"));
        Path config = Path.of(args.string("config"));
        // the key becomes a path below /proc/sys, so nothing that could climb out of it is accepted
        if (!KEY.matcher(key).matches() || !config.isAbsolute()) {
            return StateResult.failed("Invalid sysctl key " + key + " or config path " + config);
        }
        Path proc = procSys.resolve(procPath(key));
        if (!Files.isRegularFile(proc)) {
            return StateResult.failed("Invalid sysctl key " + key + ": " + proc + " does not exist");
        }
        String running = normalised(Files.readString(proc));
        String before = TextEdit.read(config);
        String after = persisted(before, key, value);
        Map<String, Object> changes = new LinkedHashMap<>();
        if (!running.equals(value)) {
            changes.put(key, Map.of("old", running, "new", value));
        }
        if (!before.equals(after)) {
            changes.put("diff", Files.exists(config) ? UnifiedDiff.between(before, after) : "New file");
        }
        if (changes.isEmpty()) {
            return StateResult.ok("Sysctl value " + key + " = " + value + " is already set");
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "Sysctl option " + key + " set to be changed to " + value);
        }
        // the running value first: a value the kernel rejects must not be persisted for the next boot
        if (changes.containsKey(key)) {
            CommandResult r = ctx.commands().run("sysctl", "-w", key + "=" + value);
            if (!r.ok()) {
                return StateResult.failed("Failed to set " + key + " to " + value + ": " + r.diagnostic());
            }
        }
        StateResult written = TextEdit.apply(config, before, after, true, ctx);
        if (written.failed()) {
            return written;
        }
        return StateResult.changed(changes, "Updated sysctl value " + key + " = " + value);
    }

    /** {@code net.ipv4.conf.eth0/1.rp_filter} is {@code net/ipv4/conf/eth0.1/rp_filter}: dots and slashes swap. */
    static String procPath(String key) {
        StringBuilder out = new StringBuilder();
        for (char c : key.toCharArray()) {
            out.append(c == '.' ? '/' : c == '/' ? '.' : c);
        }
        return out.toString();
    }

    /** The config text with one {@code key = value} line for the key, the first one found updated in place. */
    static String persisted(String text, String key, String value) {
        Pattern line = Pattern.compile("^\\s*" + Pattern.quote(key) + "\\s*=(.*)$");
        List<String> lines = TextEdit.lines(text);
        boolean found = false;
        for (int i = 0; i < lines.size(); i++) {
            var m = line.matcher(lines.get(i));
            if (m.matches()) {
                if (!found && !normalised(m.group(1)).equals(value)) {
                    lines.set(i, key + " = " + value);
                } else if (found) {
                    lines.remove(i--); // a later line would override the first at boot
                }
                found = true;
            }
        }
        if (!found) {
            lines.add(key + " = " + value);
        }
        String after = TextEdit.join(lines);
        return after.lines().toList().equals(text.lines().toList()) ? text : after;
    }

    /** Multi-field values ({@code kernel.printk}) come back tab-separated; compare them field by field. */
    private static String normalised(String value) {
        return String.join(" ", value.strip().split("\\s+"));
    }
}
