/**
 * The built-in function modules, as Salt keeps {@code salt/modules} and {@code salt/states} and Choria its agents:
 * one package per domain ({@code io.brine.modules.pkg}, {@code .file}, {@code .service}...), each holding the
 * domain's execution and state functions side by side. The minion finds the modules through
 * {@link java.util.ServiceLoader}; a function that needs the state engine (a template to render, a function to
 * call) reaches it through the context the engine passes in, never through the engine's classes.
 */
module io.brine.modules {
    requires transitive io.brine.functions;
    requires io.brine.fileserver;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.apache.commons.compress;

    requires java.net.http;

    // exports nothing: a module is reached by the name of its functions, through the registry
    provides io.brine.functions.FunctionModule with
        io.brine.modules.test.TestModule,
        io.brine.modules.test.TestStates,
        io.brine.modules.file.FileStates,
        io.brine.modules.cmd.CmdStates,
        io.brine.modules.accounts.UserModule,
        io.brine.modules.accounts.GroupModule,
        io.brine.modules.pkg.PkgModule,
        io.brine.modules.service.ServiceModule,
        io.brine.modules.archive.ArchiveStates,
        io.brine.modules.pip.PipStates,
        io.brine.modules.module.ModuleStates,
        io.brine.modules.host.HostStates,
        io.brine.modules.sysctl.SysctlStates,
        io.brine.modules.pkgrepo.PkgrepoStates,
        io.brine.modules.timezone.TimezoneModule,
        io.brine.modules.iptables.IptablesModule,
        io.brine.modules.alternatives.AlternativesModule,
        io.brine.modules.mysql.MysqlModule,
        io.brine.modules.mysql.MysqlDatabaseStates,
        io.brine.modules.mysql.MysqlUserStates,
        io.brine.modules.mysql.MysqlGrantsStates,
        io.brine.modules.mysql.MysqlQueryStates,
        io.brine.modules.postgres.PostgresModule,
        io.brine.modules.postgres.PostgresUserStates,
        io.brine.modules.postgres.PostgresGroupStates,
        io.brine.modules.postgres.PostgresDatabaseStates,
        io.brine.modules.postgres.PostgresSchemaStates,
        io.brine.modules.postgres.PostgresExtensionStates,
        io.brine.modules.postgres.PostgresPrivilegesStates,
        io.brine.modules.postgres.PostgresTablespaceStates,
        io.brine.modules.locale.LocaleStates,
        io.brine.modules.mount.MountStates,
        io.brine.modules.git.GitStates,
        io.brine.modules.ssh.SshModule,
        io.brine.modules.ssh.SshAuthStates,
        io.brine.modules.ssh.SshKnownHostsStates,
        io.brine.modules.cron.CronStates,
        io.brine.modules.debconf.DebconfStates,
        io.brine.modules.grains.GrainsModule,
        io.brine.modules.sys.SysModule,
        io.brine.modules.pillar.PillarModule,
        io.brine.modules.mine.MineModule,
        io.brine.modules.schedule.ScheduleModule,
        io.brine.modules.http.HttpModule,
        io.brine.modules.jobs.JobsModule,
        io.brine.modules.cp.CpModule,
        io.brine.modules.file.FileModule,
        io.brine.modules.network.NetworkModule,
        io.brine.modules.status.StatusModule,
        io.brine.modules.disk.DiskModule,
        io.brine.modules.update.UpdateModule;
}
