/**
 * The one function model: execution and state functions, their declared parameters and argument binding, the
 * context they run in, and the one command runner. Modules of functions are found with {@link java.util.ServiceLoader}.
 */
module io.brine.functions {
    requires transitive io.brine.protocol;

    exports io.brine.functions;

    uses io.brine.functions.FunctionModule;
}
