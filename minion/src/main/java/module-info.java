/**
 * The minion as a library: {@link io.brine.minion.Minion} connects to a master and runs the functions registered on
 * it; its built-in function modules are provided as services, not exported.
 */
module io.brine.minion {
    requires transitive io.brine.transport;
    requires transitive io.brine.states;
    requires io.brine.modules;
    requires io.brine.fileserver;
    requires com.fasterxml.jackson.databind;
    requires java.net.http;
    requires jdk.net; // SO_PEERCRED: who is calling on the local call socket

    exports io.brine.minion;

    provides io.brine.functions.FunctionModule with
        io.brine.minion.modules.GrainsModule,
        io.brine.minion.modules.SysModule,
        io.brine.minion.modules.TestModule,
        io.brine.minion.modules.PillarModule,
        io.brine.minion.modules.HttpModule,
        io.brine.minion.modules.JobsModule,
        io.brine.minion.modules.CpModule,
        io.brine.minion.modules.FileModule,
        io.brine.minion.modules.NetworkModule,
        io.brine.minion.modules.StatusModule,
        io.brine.minion.modules.DiskModule;
}
