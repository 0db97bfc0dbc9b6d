package io.brine.states.internal.salt;

import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.StateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What {@code salt['module.function'](...)} can call in a template, by name. Helpers that only read what the
 * template already holds run here; everything that touches the machine is the minion's own execution function,
 * called through the job's {@link FunctionCaller}, so the minion's policy and confinement hold in templates as
 * everywhere. A name not listed is an error naming it, never an empty string.
 */
public final class SaltFunctions {
    /** A template-side implementation of one function. */
    @FunctionalInterface
    interface Body {
        Object call(Call call) throws Exception;
    }

    private final Map<String, Body> bodies = new TreeMap<>();
    private final FunctionCaller minion;

    /**
     * @param log where {@code log.*} calls go: the minion's log
     */
    public SaltFunctions(Map<String, Object> grains, Map<String, Object> pillar, Map<String, Object> opts,
            StateFiles files, FunctionCaller minion, System.Logger log) {
        this(grains, pillar, opts, files, minion, log, null);
    }

    /**
     * @param renderer what {@code slsutil.renderer} renders with; null leaves that function out
     */
    public SaltFunctions(Map<String, Object> grains, Map<String, Object> pillar, Map<String, Object> opts,
            StateFiles files, FunctionCaller minion, System.Logger log, TreeRenderer renderer) {
        this.minion = minion;
        DataFunctions data = new DataFunctions(grains, pillar, opts);
        bodies.put("pillar.get", data::pillarGet);
        bodies.put("grains.get", data::grainsGet);
        bodies.put("grains.filter_by", data::filterBy);
        bodies.put("grains.has_value", c -> DataFunctions.hasValue(data.grains(), c));
        bodies.put("grains.item", c -> DataFunctions.item(data.grains(), c));
        bodies.put("grains.items", c -> DeepMerge.copy(data.grains()));
        bodies.put("grains.ls", c -> new java.util.TreeSet<>(data.grains().keySet()).stream().toList());
        bodies.put("grains.equals", c -> String.valueOf(Lookup.path(data.grains(), c.string(0, "key", ""), ":"))
                .equals(String.valueOf(c.required(1, "value"))));
        bodies.put("pillar.has_value", c -> DataFunctions.hasValue(data.pillar(), c));
        bodies.put("pillar.item", c -> DataFunctions.item(data.pillar(), c));
        bodies.put("pillar.items", c -> DeepMerge.copy(data.pillar()));
        bodies.put("pillar.ls", c -> List.copyOf(data.pillar().keySet()));
        bodies.put("pillar.keys", data::pillarKeys);
        bodies.put("pillar.filter_by", data::pillarFilterBy);
        MatchFunctions match = new MatchFunctions(String.valueOf(opts.getOrDefault("id", "")), grains, pillar);
        for (String type : List.of("glob", "pcre", "list", "grain", "grain_pcre", "pillar", "pillar_pcre", "ipcidr",
                "compound")) {
            bodies.put("match." + (type.equals("list") ? "list" : type), c -> match.matches(type, c));
        }
        bodies.put("network.get_hostname", c -> grains.getOrDefault("localhost", grains.get("hostname")));
        bodies.put("network.get_fqdn", c -> grains.get("fqdn"));
        for (String master : List.of("saltutil.runner", "saltutil.cmd", "saltutil.wheel", "publish.publish",
                "publish.runner")) {
            bodies.put(master, c -> {
                throw new SaltCallException("salt['" + c.function() + "'] is refused: a minion's template cannot run "
                        + "master-side functions or jobs on other minions; give the data through pillar instead");
            });
        }
        bodies.put("config.get", data::configGet);
        bodies.put("config.option", data::configOption);
        bodies.put("defaults.merge", data::defaultsMerge);
        bodies.put("defaults.deepcopy", c -> DeepMerge.copy(c.required(0, "source")));
        bodies.put("slsutil.merge", data::slsutilMerge);
        bodies.put("file.dirname", c -> parent(c.string(0, "path", "")));
        bodies.put("file.basename", c -> name(c.string(0, "path", "")));
        bodies.put("file.join", SaltFunctions::join);
        bodies.put("cmd.has_exec", c -> onPath(c.string(0, "cmd", "")));
        bodies.put("pkg.version_cmp", c -> io.brine.release.Versions.compare(c.string(0, "pkg1", ""), c.string(1, "pkg2", "")));
        bodies.put("test.true", c -> true);
        bodies.put("status.time", c -> com.hubspot.jinjava.objects.date.StrftimeFormatter.format(
                java.time.ZonedDateTime.now(), c.string(0, "format", "%A, %d. %B %Y %I:%M%p")));
        if (minion == FunctionCaller.NONE) {
            // pillar rendered on the master reads no mine: an empty answer, as Salt gives for no matches
            bodies.put("mine.get", c -> Map.of());
        }
        bodies.put("cp.get_file_str", c -> fileText(files, c.string(0, "path", "")));
        bodies.put("cp.list_master", c -> files.listUnder(c.string(1, "prefix", ""), false));
        bodies.put("cp.list_master_dirs", c -> files.listUnder(c.string(1, "prefix", ""), true));
        if (renderer != null) {
            bodies.put("slsutil.renderer", c -> render(files, renderer, c));
        }
        for (String level : List.of("debug", "info", "warning", "error")) {
            System.Logger.Level l = switch (level) {
                case "debug" -> System.Logger.Level.DEBUG;
                case "info" -> System.Logger.Level.INFO;
                case "warning" -> System.Logger.Level.WARNING;
                default -> System.Logger.Level.ERROR;
            };
            bodies.put("log." + level, c -> {
                log.log(l, "template: " + c.string(0, "message", ""));
                return "";
            });
        }
    }

    /**
     * Calls {@code function} as a template asked.
     *
     * @throws SaltCallException for an unknown function, bad arguments, or the function's own failure, naming it
     */
    public Object call(String function, List<Object> args, Map<String, Object> kwargs) {
        Body body = bodies.get(function);
        if (body == null && minion == FunctionCaller.NONE) {
            throw new SaltCallException("salt['" + function + "'] is not available in templates");
        }
        if (body == null) {
            // any other function the minion registered, bound, checked and allowed as a job's call would be:
            // the bridge is exactly as safe as the functions themselves
            body = c -> throughMinion(function, c);
        }
        try {
            return body.call(new Call(function, args, kwargs));
        } catch (SaltCallException e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException e) { // our own words, already naming the function
            throw new SaltCallException(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SaltCallException("salt['" + function + "'] was interrupted");
        } catch (Exception e) {
            throw new SaltCallException("salt['" + function + "'] failed: " + e.getMessage());
        }
    }

    private Object throughMinion(String own, Call c) throws FunctionException, InterruptedException {
        FunctionResult r = minion.call(own, c.args(), c.kwargs());
        if (own.startsWith("cmd.")) {
            return r.ret(); // a command that failed is still an answer (its output, its status), as in Salt
        }
        if (!r.success()) {
            throw new IllegalStateException("salt['" + c.function() + "'] failed: " + r.ret());
        }
        return r.ret();
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : slash == 0 ? "/" : path.substring(0, slash);
    }

    private static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Python's os.path.join: an absolute part starts over. */
    private static String join(Call c) {
        StringBuilder out = new StringBuilder();
        for (Object part : c.args()) {
            String p = String.valueOf(part);
            if (p.startsWith("/")) {
                out.setLength(0);
            } else if (out.length() > 0 && out.charAt(out.length() - 1) != '/') {
                out.append('/');
            }
            out.append(p);
        }
        return out.toString();
    }

    private static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        for (String dir : path.split(":")) {
            Path file = Path.of(dir.isEmpty() ? "." : dir).resolve(program);
            if (!program.contains("/") && Files.isRegularFile(file) && Files.isExecutable(file)) {
                return true;
            }
        }
        return false;
    }

    /** Salt's slsutil.renderer: a file of the tree (or a string) through a pipe, default jinja|yaml. */
    private static Object render(StateFiles files, TreeRenderer renderer, Call c) throws Exception {
        String path = c.string(0, "path", null);
        String string = c.string(1, "string", null);
        String pipeline = c.string(2, "default_renderer", "jinja|yaml");
        Map<String, Object> vars = new java.util.LinkedHashMap<>(c.kwargs());
        vars.keySet().removeAll(List.of("path", "string", "default_renderer"));
        if (path != null && !path.isEmpty()) {
            String relative = treePath(path);
            Optional<String> text = files.readText(relative);
            if (text.isEmpty()) {
                throw new IllegalArgumentException("salt['slsutil.renderer']: no such file in the state tree: " + path);
            }
            return renderer.render(text.get(), relative, pipeline, vars);
        }
        if (string != null) {
            return renderer.render(string, "<string>", pipeline, vars);
        }
        throw new IllegalArgumentException("salt['slsutil.renderer'] must be given either path or string");
    }

    /** salt://x, brine://x and x all name x in the tree. */
    private static String treePath(String url) {
        for (String scheme : List.of("salt://", "brine://")) {
            if (url.startsWith(scheme)) {
                return url.substring(scheme.length());
            }
        }
        if (url.startsWith("/") || url.contains("://")) {
            throw new IllegalArgumentException("salt['slsutil.renderer'] renders files of the state tree only (salt://, "
                    + "brine:// or a tree-relative path), got '" + url + "'");
        }
        return url;
    }

    private static Object fileText(StateFiles files, String url) throws IOException {
        for (String scheme : List.of("salt://", "brine://")) {
            if (url.startsWith(scheme)) {
                Optional<String> text = files.readText(url.substring(scheme.length()));
                return text.isPresent() ? text.get() : false; // Salt answers False for a file the master lacks
            }
        }
        throw new IllegalArgumentException("salt['cp.get_file_str'] takes salt://path or brine://path, got '" + url + "'");
    }
}
