/**
 * The state engine: SLS compiled with Salt's Jinja dialect, requisites and global arguments, applied by the
 * runtime; and Salt's {@code state} execution module ({@code state.apply} and the rest), the engine's front door.
 * {@link io.brine.states.StateEngine} is the entry point; the compiler, runtime and template engine are not
 * exported. The state functions themselves come from function modules ({@code brine-modules}, or an extension
 * jar), found through {@link java.util.ServiceLoader}: the engine never names one.
 */
module io.brine.states {
    requires transitive io.brine.functions;
    requires transitive io.brine.config;
    requires io.brine.release; // dpkg's version order, for pkg.version_cmp
    requires io.brine.targeting; // salt['match.*'] in templates, by the master's own matcher
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;
    requires jinjava;
    requires java.desktop; // java.beans: Jinjava resolves properties through it, and so does PythonMethods
    requires org.apache.commons.lang3;

    exports io.brine.states;

    provides io.brine.functions.FunctionModule with io.brine.states.execution.StateRunModule;
    provides io.brine.config.TemplateRenderer with io.brine.states.PillarTemplates;
}
