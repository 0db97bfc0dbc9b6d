package io.brine.minion.extension;

import io.brine.functions.Param;
import io.brine.minion.extension.LocatedYaml.Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What an extension's manifest ({@code NAME.yaml} beside the executable {@code NAME}) declares: its module and, per
 * function, the documentation, parameters (the function model's types), timeout and whether it is a state. Read
 * strictly: an unknown key, a wrong type or a missing name is an error naming the file and line, so a typo never
 * registers a function that takes arguments other than the author meant.
 *
 * <pre>{@code
 * module: hello
 * functions:
 *   greet:
 *     doc: Greets someone.
 *     params:
 *       - {name: who, type: string, required: true, doc: whom to greet}
 *       - {name: times, type: int, default: 1}
 *     timeout: 10
 *     state: false
 * }</pre>
 */
public record ExtensionManifest(String module, Path executable, List<Declared> functions) {
    /** Manifests are small; a bigger file is refused before it is parsed. */
    static final long MAX_BYTES = 256 * 1024;
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final Set<String> TOP = Set.of("module", "functions");
    private static final Set<String> FUNCTION = Set.of("doc", "params", "timeout", "state");
    private static final Set<String> PARAM = Set.of("name", "type", "required", "default", "doc");
    private static final Map<String, Param.Type> TYPES = Map.ofEntries(
            Map.entry("string", Param.Type.STRING), Map.entry("str", Param.Type.STRING),
            Map.entry("int", Param.Type.INTEGER), Map.entry("integer", Param.Type.INTEGER),
            Map.entry("number", Param.Type.NUMBER), Map.entry("float", Param.Type.NUMBER),
            Map.entry("bool", Param.Type.BOOLEAN), Map.entry("boolean", Param.Type.BOOLEAN),
            Map.entry("string_list", Param.Type.STRING_LIST), Map.entry("list", Param.Type.LIST),
            Map.entry("map", Param.Type.MAP), Map.entry("dict", Param.Type.MAP), Map.entry("any", Param.Type.ANY));

    /** One declared function: {@code timeout} null when the job's own deadline is the only one. */
    public record Declared(String name, String doc, List<Param> params, Duration timeout, boolean state) {
        public Declared {
            params = List.copyOf(params);
        }
    }

    public ExtensionManifest {
        functions = List.copyOf(functions);
    }

    /** Reads the manifest {@code file} of {@code executable}. */
    public static ExtensionManifest read(Path file, Path executable) throws ManifestException {
        String origin = file.toString();
        String text;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new ManifestException(origin + ": larger than " + MAX_BYTES + " bytes");
            }
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ManifestException(origin + ": cannot read: " + e.getMessage());
        }
        Node root = LocatedYaml.parse(text, origin);
        Map<String, Node> top = mapping(root, origin, "the manifest", 1);
        keys(top, TOP, origin, "the manifest");
        String module = name(top.get("module"), origin, "module", root == null ? 1 : root.line());
        Map<String, Node> fns = mapping(top.get("functions"), origin, "functions", lineOf(top.get("module")));
        if (fns.isEmpty()) {
            throw new ManifestException(origin + ":" + lineOf(top.get("functions")) + ": declares no functions");
        }
        List<Declared> declared = new ArrayList<>();
        for (Map.Entry<String, Node> e : fns.entrySet()) {
            declared.add(function(e.getKey(), e.getValue(), origin));
        }
        return new ExtensionManifest(module, executable, declared);
    }

    private static Declared function(String name, Node node, String origin) throws ManifestException {
        String where = "function '" + name + "'";
        if (!NAME.matcher(name).matches()) {
            throw new ManifestException(origin + ":" + node.line() + ": " + where
                    + " is not a valid name: use lowercase letters, digits and '_'");
        }
        Map<String, Node> f = mapping(node, origin, where, node.line());
        keys(f, FUNCTION, origin, where);
        String doc = text(f.get("doc"), origin, where + ": doc");
        Duration timeout = null;
        if (f.get("timeout") != null && f.get("timeout").value() != null) {
            Object t = f.get("timeout").value();
            if (!(t instanceof Integer || t instanceof Long) || ((Number) t).longValue() < 1
                    || ((Number) t).longValue() > 86_400) {
                throw new ManifestException(origin + ":" + f.get("timeout").line() + ": " + where
                        + ": timeout must be whole seconds from 1 to 86400, not " + t);
            }
            timeout = Duration.ofSeconds(((Number) t).longValue());
        }
        boolean state = false;
        if (f.get("state") != null && f.get("state").value() != null) {
            if (!(f.get("state").value() instanceof Boolean b)) {
                throw new ManifestException(origin + ":" + f.get("state").line() + ": " + where
                        + ": state must be true or false");
            }
            state = b;
        }
        List<Param> params = new ArrayList<>();
        Node ps = f.get("params");
        if (ps != null && ps.value() != null) {
            if (!(ps.value() instanceof List<?> list)) {
                throw new ManifestException(origin + ":" + ps.line() + ": " + where + ": params must be a list");
            }
            Set<String> seen = new TreeSet<>();
            for (Object o : list) {
                Param p = param((Node) o, origin, where, state);
                if (!seen.add(p.name())) {
                    throw new ManifestException(origin + ":" + ((Node) o).line() + ": " + where + ": parameter '"
                            + p.name() + "' is declared twice");
                }
                params.add(p);
            }
        }
        return new Declared(name, doc == null ? "" : doc, params, timeout, state);
    }

    private static Param param(Node node, String origin, String function, boolean state) throws ManifestException {
        Map<String, Node> p = mapping(node, origin, function + ": a parameter", node.line());
        keys(p, PARAM, origin, function + ": a parameter");
        String name = name(p.get("name"), origin, function + ": a parameter's name", node.line());
        String where = function + ": parameter '" + name + "'";
        if (state && name.equals("name")) {
            throw new ManifestException(origin + ":" + node.line() + ": " + where
                    + ": a state always takes 'name'; do not declare it");
        }
        String typeName = text(p.get("type"), origin, where + ": type");
        Param.Type type = typeName == null ? Param.Type.STRING : TYPES.get(typeName.toLowerCase(Locale.ROOT));
        if (type == null) {
            throw new ManifestException(origin + ":" + p.get("type").line() + ": " + where + ": unknown type '"
                    + typeName + "'; use one of " + new TreeSet<>(TYPES.keySet()));
        }
        boolean required = false;
        if (p.get("required") != null && p.get("required").value() != null) {
            if (!(p.get("required").value() instanceof Boolean b)) {
                throw new ManifestException(origin + ":" + p.get("required").line() + ": " + where
                        + ": required must be true or false");
            }
            required = b;
        }
        Object dflt = LocatedYaml.plain(p.get("default"));
        try {
            if (dflt != null) {
                dflt = new Param(name, type, false, null, "").coerce(dflt);
            }
            return new Param(name, type, required, dflt, text(p.get("doc"), origin, where + ": doc"));
        } catch (IllegalArgumentException e) {
            throw new ManifestException(origin + ":" + node.line() + ": " + where + ": " + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Node> mapping(Node node, String origin, String what, int line)
            throws ManifestException {
        if (node == null || node.value() == null) {
            throw new ManifestException(origin + ":" + line + ": " + what + " is missing or empty");
        }
        if (!(node.value() instanceof Map<?, ?> m)) {
            throw new ManifestException(origin + ":" + node.line() + ": " + what + " must be a mapping");
        }
        return (Map<String, Node>) m;
    }

    private static void keys(Map<String, Node> map, Set<String> known, String origin, String what)
            throws ManifestException {
        for (Map.Entry<String, Node> e : map.entrySet()) {
            if (!known.contains(e.getKey())) {
                throw new ManifestException(origin + ":" + e.getValue().line() + ": " + what + ": unknown key '"
                        + e.getKey() + "'; known keys: " + String.join(", ", new TreeSet<>(known)));
            }
        }
    }

    private static String name(Node node, String origin, String what, int line) throws ManifestException {
        String s = text(node, origin, what);
        if (s == null) {
            throw new ManifestException(origin + ":" + line + ": " + what + " is missing");
        }
        if (!NAME.matcher(s).matches()) {
            throw new ManifestException(origin + ":" + node.line() + ": " + what + " '" + s
                    + "' is not a valid name: use lowercase letters, digits and '_'");
        }
        return s;
    }

    private static String text(Node node, String origin, String what) throws ManifestException {
        if (node == null || node.value() == null) {
            return null;
        }
        if (!(node.value() instanceof String s)) {
            throw new ManifestException(origin + ":" + node.line() + ": " + what + " must be text");
        }
        return s;
    }

    private static int lineOf(Node node) {
        return node == null ? 1 : node.line();
    }
}
