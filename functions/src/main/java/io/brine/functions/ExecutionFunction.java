package io.brine.functions;

import java.util.List;

/**
 * An execution function that a minion offers under a {@code module.function} name. Only functions compiled
 * into the minion, or installed beside it and registered through a {@link FunctionModule}, can run: a job
 * names a function, it never carries code.
 *
 * <p>Example:
 * <pre>{@code
 * final class Echo implements ExecutionFunction {
 *     public String name() { return "test.echo"; }
 *     public String doc() { return "Returns its text argument."; }
 *     public List<Param> params() { return List.of(Param.required("text", Param.Type.STRING, "what to echo")); }
 *     public Object call(FunctionContext context, Arguments args) { return args.string("text"); }
 * }
 * }</pre>
 */
public interface ExecutionFunction {
    /** {@code module.function}, e.g. {@code cmd.run}. */
    String name();

    /** One or two sentences for {@code sys.doc}. */
    String doc();

    /** Declared inputs, in positional order. */
    List<Param> params();

    /**
     * Runs the function. Return a plain value (success), a {@link FunctionResult} (explicit retcode), or throw
     * {@link FunctionException} for a reported failure. Any other exception also becomes a failed return.
     * Long-running functions must stop promptly when the thread is interrupted (the job's timeout).
     */
    Object call(FunctionContext context, Arguments args) throws Exception;

    /** True for functions that pass unknown keyword arguments on (see {@link Arguments#extras()}). */
    default boolean acceptsExtraKeywords() {
        return false;
    }

    /**
     * True for a function that answers at once from what the minion already holds in memory: it never blocks,
     * never waits on a process, the disk or the network, and cannot run long (test.ping, test.echo). The minion
     * then runs it on the thread that received the job and returns it straight away, skipping the hand-off to a
     * job thread and back, which is most of a quick call's latency on a small machine. Such a job takes no
     * max_jobs slot, has no timeout and cannot be killed, so a function that might block must leave this false:
     * while it runs, the minion's connection waits.
     */
    default boolean immediate() {
        return false;
    }
}
