package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.List;

/**
 * The common link of every service execution function: it finds the init system this machine runs
 * and turns a control program that could not run into a reported failure, so each function only
 * does its own job. A function about one service takes Salt's {@code name}.
 */
abstract class ServiceFunction implements ExecutionFunction {
    static final List<Param> NAME = List.of(Param.required("name", Param.Type.STRING, "the service, as its init system names it"));

    @Override
    public final Object call(FunctionContext context, Arguments args) throws FunctionException, InterruptedException {
        ServiceManager pm = ServiceManagers.detect(context.commands());
        try {
            return call(pm, args);
        } catch (IOException e) {
            throw new FunctionException(name() + ": " + e.getMessage());
        }
    }

    abstract Object call(ServiceManager pm, Arguments args) throws IOException, InterruptedException;
}
