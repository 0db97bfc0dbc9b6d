/**
 * The built-in function modules, as Salt keeps {@code salt/modules} and {@code salt/states} and Choria its agents:
 * one package per domain ({@code io.brine.modules.pkg}, {@code .file}, {@code .service}...), each holding the
 * domain's execution and state functions side by side. Nothing is exported: the minion finds the modules through
 * {@link java.util.ServiceLoader}, and a function that needs the state engine (a template to render, a function to
 * call) reaches it through the context the engine passes in, never through the engine's classes.
 */
module io.brine.modules {
    requires transitive io.brine.functions;
}
