package io.brine.states.internal.compiler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables Salt gives an sls file's template so that a formula can find its own files wherever it sits in
 * the tree: {@code {% from tpldir ~ "/map.jinja" import x %}}. The values follow Salt's rules: the directory is
 * that of the file, so {@code nginx} in {@code nginx/init.sls} and {@code nginx.config} in
 * {@code nginx/config.sls} both get {@code slspath} {@code nginx}, and a file at the root gets {@code slspath ""}
 * but {@code tpldir "."}.
 */
public final class SlsContext {
    static final String SALTENV = "base";

    private SlsContext() {}

    /**
     * The variables Salt gives a file template fetched from the tree ({@code file.managed} with
     * {@code template: jinja}): where the template itself sits, so a formula's template can import its map.jinja
     * with {@code tpldir}, and the {@code source} it was fetched from.
     *
     * @param path the template's path in the tree, e.g. {@code nginx/files/default/nginx.conf.jinja}
     */
    public static Map<String, Object> ofTemplate(String path) {
        Map<String, Object> vars = new LinkedHashMap<>();
        of("", path).forEach((k, v) -> {
            if (k.startsWith("tpl") || k.equals("saltenv")) {
                vars.put(k, v);
            }
        });
        // Salt passes file.managed's source to its template too; formulas' headers print it ("managed by Salt at <...>")
        vars.put("source", "salt://" + path);
        return vars;
    }

    /**
     * The variables Salt gives a pillar file's template, which it renders as an sls of the pillar tree: so a pillar
     * can find files beside it with {@code tpldir}.
     *
     * @param path the pillar file's path in its tree, e.g. {@code web/init.sls}
     */
    public static Map<String, Object> ofPillar(String path) {
        String sls = path.replaceFirst("(/init)?\\.sls$", "").replace('/', '.');
        return of(sls, path);
    }

    /**
     * @param sls the dotted name, e.g. {@code nginx.config}
     * @param path the file's path in the tree, e.g. {@code nginx/config.sls}
     */
    static Map<String, Object> of(String sls, String path) {
        int slash = path.lastIndexOf('/');
        String dir = slash < 0 ? "" : path.substring(0, slash);
        String tpldir = dir.isEmpty() ? "." : dir;
        Map<String, Object> vars = new LinkedHashMap<>();
        vars.put("sls", sls);
        vars.put("saltenv", SALTENV);
        vars.put("slspath", dir);
        vars.put("slsdotpath", dir.replace('/', '.'));
        vars.put("slscolonpath", dir.replace('/', ':'));
        vars.put("sls_path", dir.replace('/', '_'));
        // Brine's tree is not a local directory (the minion fetches files by hash), so the path is the tree's own.
        vars.put("tplpath", path);
        vars.put("tplfile", path);
        vars.put("tpldir", tpldir);
        vars.put("tpldot", dir.replace('/', '.'));
        // Not set by Salt itself but by nearly every formula as its first line ({% set tplroot = tpldir.split('/')[0] %});
        // given here with the value that line computes, so a formula that leaves the line out still works.
        vars.put("tplroot", tpldir.split("/")[0]);
        return vars;
    }
}
