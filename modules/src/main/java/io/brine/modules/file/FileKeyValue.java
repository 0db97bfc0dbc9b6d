package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code file.keyvalue}: keys of a {@code key=value} file set to given values. A line for the key is rewritten
 * as {@code key + separator + value} whatever its spacing was, and with {@code uncomment} a commented-out line
 * for the key is taken over too.
 *
 * <pre>
 * /etc/ssh/sshd_config:
 *   file.keyvalue:
 *     - key_values: {PermitRootLogin: "no", PasswordAuthentication: "no"}
 *     - separator: " "
 *     - uncomment: "#"
 * </pre>
 */
final class FileKeyValue implements StateFunction {
    @Override
    public String name() {
        return "keyvalue";
    }

    @Override
    public String doc() {
        return "Sets keys of a key/value file (such as sshd_config or a .env file) to the given values.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("key_values", Type.MAP, null, "keys and the values they should have"),
                Param.optional("key", Type.STRING, null, "one key, instead of key_values"),
                Param.optional("value", Type.STRING, null, "the value for key"),
                Param.optional("separator", Type.STRING, "=", "what stands between key and value"),
                Param.optional("uncomment", Type.STRING, null, "comment characters to remove from a commented-out key"),
                Param.optional("append_if_not_found", Type.BOOLEAN, false, "add keys the file lacks at its end"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!Files.isRegularFile(path)) {
            return StateResult.failed("File " + path + " not found");
        }
        Map<String, String> wanted = new LinkedHashMap<>();
        args.map("key_values").forEach((k, v) -> wanted.put(k, v == null ? "" : String.valueOf(v)));
        if (args.has("key")) {
            wanted.put(args.string("key"), args.optString("value").orElse(""));
        }
        if (wanted.isEmpty()) {
            return StateResult.failed("Give key_values, or key and value");
        }
        String separator = args.string("separator");
        String before = TextEdit.read(path);
        List<String> lines = TextEdit.lines(before);
        for (Map.Entry<String, String> kv : wanted.entrySet()) {
            Pattern line = keyLine(kv.getKey(), separator, args.string("uncomment"));
            String replacement = kv.getKey() + separator + kv.getValue();
            boolean found = false;
            for (int i = 0; i < lines.size(); i++) {
                if (line.matcher(lines.get(i)).find()) {
                    lines.set(i, replacement);
                    found = true;
                }
            }
            if (!found && args.bool("append_if_not_found")) {
                lines.add(replacement);
            }
        }
        return TextEdit.apply(path, before, TextEdit.join(lines), false, ctx);
    }

    /** A line setting {@code key}, however spaced around the separator, commented out if uncomment is given. */
    private static Pattern keyLine(String key, String separator, String uncomment) {
        String comment = uncomment == null || uncomment.isEmpty() ? "" : "(?:[" + Pattern.quote(uncomment) + "]+\\s*)?";
        String sep = separator.strip().isEmpty() ? "\\s+" : "\\s*" + Pattern.quote(separator.strip()) + "\\s*";
        return Pattern.compile("^\\s*" + comment + Pattern.quote(key) + sep);
    }
}
