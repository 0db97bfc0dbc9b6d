package io.brine.states.internal.salt;

/**
 * Runs text through a renderer pipeline, for {@code salt['slsutil.renderer']}: the template engine lives beside the
 * functions that call it, so it is passed in rather than reached for.
 */
@FunctionalInterface
public interface TreeRenderer {
    /**
     * @param pipeline Salt's renderer pipe such as {@code jinja|yaml}; a {@code #!} first line of the text wins
     * @param vars extra template variables (the call's keyword arguments)
     * @return the rendered text, or the data when the pipe ends in yaml or json
     */
    Object render(String text, String name, String pipeline, java.util.Map<String, Object> vars) throws Exception;
}
