package io.brine.states.internal.compiler;

import io.brine.states.internal.compiler.Declaration.ArgEntry;
import io.brine.states.internal.compiler.Declaration.FunctionDecl;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns one parsed sls file into its includes, extends and ID declarations, accepting Salt's two
 * spellings: {@code module.function: [args]} and {@code module: [function, args]}.
 */
final class SlsParser {
    record Include(String sls, int line) {}

    /** One {@code exclude} entry: a whole sls ({@code - sls: name}) or one ID ({@code - id: name}). */
    record Exclude(boolean sls, String name) {}

    record Parsed(List<Include> includes, List<Declaration> extend, List<Declaration> declarations,
                                List<Exclude> excludes) {}

    private final SlsLoader.SlsFile file;
    private final List<String> errors = new ArrayList<>();

    private SlsParser(SlsLoader.SlsFile file) {
        this.file = file;
    }

    static Parsed parse(SlsLoader.SlsFile file) throws CompileException {
        SlsParser parser = new SlsParser(file);
        Parsed parsed = parser.parseRoot();
        if (!parser.errors.isEmpty()) {
            throw new CompileException(parser.errors);
        }
        return parsed;
    }

    private Parsed parseRoot() {
        List<Include> includes = new ArrayList<>();
        List<Declaration> extend = new ArrayList<>();
        List<Declaration> declarations = new ArrayList<>();
        List<Exclude> excludes = new ArrayList<>();
        if (file.root() == null) {
            return new Parsed(includes, extend, declarations, excludes);
        }
        if (!(file.root() instanceof YamlNode.Mapping root)) {
            error(file.root().line(), "an sls file must be a mapping of IDs to states");
            return new Parsed(includes, extend, declarations, excludes);
        }
        for (YamlNode.Entry entry : root.entries()) {
            switch (entry.key()) {
                case "include" -> includes.addAll(includes(entry));
                case "extend" -> extend.addAll(extensions(entry.value()));
                case "exclude" -> excludes.addAll(excludes(entry));
                default -> declaration(entry.key(), entry.line(), entry.value(), false).ifPresent(declarations::add);
            }
        }
        return new Parsed(includes, extend, declarations, excludes);
    }

    /** Salt's {@code exclude}: {@code - sls: name} or {@code - id: name}; a bare name is an sls, as in Salt. */
    private List<Exclude> excludes(YamlNode.Entry entry) {
        List<Exclude> out = new ArrayList<>();
        if (!(entry.value() instanceof YamlNode.Sequence seq)) {
            error(entry.line(), "exclude must be a list of '- sls: name' or '- id: name' items");
            return out;
        }
        for (YamlNode item : seq.items()) {
            if (item instanceof YamlNode.Scalar s && s.value() != null) {
                out.add(new Exclude(true, SlsName.resolve(s.asString(), file.sls(), file.isInit())));
            } else if (item instanceof YamlNode.Mapping m && m.entries().size() == 1
                    && m.entries().get(0).value() instanceof YamlNode.Scalar v && v.value() != null
                    && List.of("sls", "id").contains(m.entries().get(0).key())) {
                boolean sls = m.entries().get(0).key().equals("sls");
                out.add(new Exclude(sls, sls ? SlsName.resolve(v.asString(), file.sls(), file.isInit()) : v.asString()));
            } else {
                error(item.line(), "exclude entries must be '- sls: name' or '- id: name'");
            }
        }
        return out;
    }

    private List<Include> includes(YamlNode.Entry entry) {
        List<Include> out = new ArrayList<>();
        if (!(entry.value() instanceof YamlNode.Sequence seq)) {
            error(entry.line(), "include must be a list of sls names");
            return out;
        }
        for (YamlNode item : seq.items()) {
            if (item instanceof YamlNode.Scalar s && s.value() != null) {
                out.add(new Include(SlsName.resolve(s.asString(), file.sls(), file.isInit()), s.line()));
            } else {
                error(item.line(), "include entries must be sls names");
            }
        }
        return out;
    }

    private List<Declaration> extensions(YamlNode node) {
        List<Declaration> out = new ArrayList<>();
        if (!(node instanceof YamlNode.Mapping map)) {
            error(node.line(), "extend must be a mapping of IDs to states");
            return out;
        }
        map.entries().forEach(e -> declaration(e.key(), e.line(), e.value(), true).ifPresent(out::add));
        return out;
    }

    private java.util.Optional<Declaration> declaration(String id, int line, YamlNode body, boolean extension) {
        if (body instanceof YamlNode.Scalar s && s.value() != null && s.asString().matches("[a-z_][a-z0-9_]*\\.[a-z_]\\w*")) {
            // Salt's short form, 'ID: pkg.installed': the function alone, every argument its default, name the ID
            String[] parts = s.asString().split("\\.", 2);
            return java.util.Optional.of(new Declaration(id, file.sls(), file.path(), line,
                    List.of(new FunctionDecl(parts[0], parts[1], s.line(), List.of()))));
        }
        if (!(body instanceof YamlNode.Mapping map)) {
            error(line, "ID '" + id + "' must map state functions to arguments, e.g. pkg.installed: []");
            return java.util.Optional.empty();
        }
        List<FunctionDecl> functions = new ArrayList<>();
        List<String> modules = new ArrayList<>();
        for (YamlNode.Entry entry : map.entries()) {
            if (entry.key().startsWith("__")) {
                continue;
            }
            FunctionDecl fn = function(id, entry, extension);
            if (fn == null) {
                continue;
            }
            if (modules.contains(fn.module())) {
                error(entry.line(), "ID '" + id + "' declares module '" + fn.module() + "' twice; use another ID");
                continue;
            }
            modules.add(fn.module());
            functions.add(fn);
        }
        return java.util.Optional.of(new Declaration(id, file.sls(), file.path(), line, List.copyOf(functions)));
    }

    private FunctionDecl function(String id, YamlNode.Entry entry, boolean extension) {
        String key = entry.key();
        int dot = key.indexOf('.');
        String module = dot < 0 ? key : key.substring(0, dot);
        String function = dot < 0 ? null : key.substring(dot + 1);
        List<ArgEntry> args = new ArrayList<>();
        List<YamlNode> items = entry.value() instanceof YamlNode.Sequence seq ? seq.items() : List.of();
        if (!(entry.value() instanceof YamlNode.Sequence)
                && !(entry.value() instanceof YamlNode.Scalar s && s.value() == null)) {
            error(entry.line(), "arguments of " + key + " under '" + id + "' must be a list of '- key: value' items");
            return null;
        }
        for (YamlNode item : items) {
            if (item instanceof YamlNode.Scalar s && s.value() != null && function == null) {
                function = s.asString();
            } else if (item instanceof YamlNode.Mapping m && !m.entries().isEmpty()) {
                // Salt takes every key of an item, so a mis-indented '- context:' followed by '  key: value' gives two
                // arguments, context (empty) and key, as formulas rely on
                for (YamlNode.Entry arg : m.entries()) {
                    args.add(new ArgEntry(arg.key(), arg.line(), arg.value().plain()));
                }
            } else {
                error(item.line(), "argument of " + key + " under '" + id + "' must be a '- key: value' item");
            }
        }
        if (function == null && !extension) {
            error(entry.line(), "no function given for module '" + module + "' under '" + id + "'");
            return null;
        }
        return new FunctionDecl(module, function, entry.line(), List.copyOf(args));
    }

    private void error(int line, String message) {
        errors.add(CompileException.where(file.path(), line) + message);
    }
}
