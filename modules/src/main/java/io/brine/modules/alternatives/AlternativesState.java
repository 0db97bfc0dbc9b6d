package io.brine.modules.alternatives;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code alternatives} states with Salt's comments and changes: {@code install} (register a path for a
 * group, with its link and priority), {@code remove}, {@code auto} and {@code set}.
 *
 * <pre>
 * editor:
 *   alternatives.install:
 *     - link: /usr/bin/editor
 *     - path: /usr/bin/vim.basic
 *     - priority: 60
 * </pre>
 */
class AlternativesState implements StateFunction {
    enum Kind { INSTALL, REMOVE, AUTO, SET }

    private final Kind kind;
    private final Alternatives alternatives;

    private AlternativesState(Kind kind, Alternatives alternatives) {
        this.kind = kind;
        this.alternatives = alternatives;
    }

    @Override
    public String name() {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String doc() {
        return switch (kind) {
            case INSTALL -> "Registers path as an alternative for the group, behind link, with priority.";
            case REMOVE -> "Removes path from the group's alternatives; the group falls back to another.";
            case AUTO -> "Puts the group in auto mode: the highest priority wins.";
            case SET -> "Points the group at path, one of its alternatives.";
        };
    }

    @Override
    public List<Param> params() {
        return switch (kind) {
            case INSTALL -> List.of(Param.required("link", Type.STRING, "the generic name, /usr/bin/editor"),
                    Param.required("path", Type.STRING, "the alternative, /usr/bin/vim.basic"),
                    Param.required("priority", Type.INTEGER, "higher wins in auto mode"));
            case REMOVE, SET -> List.of(Param.required("path", Type.STRING, "the alternative"));
            case AUTO -> List.of();
        };
    }

    /** The states that choose a group's program: install and set. */
    static AlternativesState of(Kind kind, Alternatives alternatives) {
        return kind == Kind.INSTALL || kind == Kind.SET ? new Choosing(kind, alternatives)
                : new AlternativesState(kind, alternatives);
    }

    /** Which program a well-known name runs is how commands run: {@code cmd_allowed} refuses changing it. */
    private static final class Choosing extends AlternativesState {
        Choosing(Kind kind, Alternatives alternatives) {
            super(kind, alternatives);
        }

        @Override
        public List<Effect> effects(Arguments args) {
            return List.of(new Effect.ChangesHowCommandsRun("alternative '" + args.name() + "'", "it chooses the "
                    + "program a command name runs"));
        }
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        try {
            String name = Alternatives.word(args.name());
            return switch (kind) {
                case INSTALL -> install(name, args, ctx);
                case REMOVE -> remove(name, Alternatives.path(args.string("path")), ctx);
                case AUTO -> auto(name, ctx);
                case SET -> set(name, Alternatives.path(args.string("path")), ctx);
            };
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }

    private StateResult install(String name, Arguments args, StateContext ctx) throws IOException,
            InterruptedException, FunctionException {
        String link = Alternatives.path(args.string("link"));
        String path = Alternatives.path(args.string("path"));
        long priority = args.integer("priority");
        if (alternatives.registered(ctx.commands(), name, path)) {
            return StateResult.ok("Alternative " + path + " for " + name + " is already registered");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Alternative will be set for " + name + " to " + path
                    + " with priority " + priority);
        }
        CommandResult r = alternatives.run(ctx.commands(), "--install", link, name, path, Long.toString(priority));
        if (!alternatives.registered(ctx.commands(), name, path)) {
            return StateResult.failed("Alternative for " + name + " not installed: " + (r.stdout() + r.stderr())
                    .strip());
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("name", name);
        changes.put("link", link);
        changes.put("path", path);
        changes.put("priority", priority);
        return StateResult.changed(changes, path.equals(alternatives.current(name))
                ? "Alternative for " + name + " set to path " + path + " with priority " + priority
                : "Alternative " + path + " for " + name + " registered with priority " + priority
                        + " and not set to default");
    }

    private StateResult remove(String name, String path, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        if (alternatives.registered(ctx.commands(), name, path)) {
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Alternative for " + name + " will be removed");
            }
            alternatives.run(ctx.commands(), "--remove", name, path);
            String current = alternatives.current(name);
            return current != null
                    ? StateResult.changed(Map.of("path", current), "Alternative for " + name
                            + " removed. Falling back to path " + current)
                    : StateResult.ok("Alternative for " + name + " removed");
        }
        String current = alternatives.current(name);
        return current != null
                ? StateResult.ok("Alternative for " + name + " is set to it's default path " + current)
                : StateResult.failed("Alternative for " + name + " doesn't exist");
    }

    private StateResult auto(String name, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        String display = alternatives.display(ctx.commands(), name);
        if (display.lines().findFirst().orElse("").endsWith(" auto mode")) {
            return StateResult.ok(name + " already in auto mode");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), name + " will be put in auto mode");
        }
        CommandResult r = alternatives.run(ctx.commands(), "--auto", name);
        return StateResult.changed(Map.of("result", (r.stdout() + r.stderr()).strip()), "");
    }

    private StateResult set(String name, String path, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        if (path.equals(alternatives.current(name))) {
            return StateResult.ok("Alternative for " + name + " already set to " + path);
        }
        if (!alternatives.registered(ctx.commands(), name, path)) {
            return StateResult.failed("Alternative for " + name + " update not done: " + path + " is not one of its "
                    + "alternatives");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Alternative for " + name + " will be set to path " + path);
        }
        alternatives.run(ctx.commands(), "--set", name, path);
        String current = alternatives.current(name);
        return path.equals(current)
                ? StateResult.changed(Map.of("path", current), "Alternative for " + name + " set to path " + current)
                : StateResult.ok("Alternative for " + name + " not updated");
    }
}
