/**
 * The state system: SLS compiled with Salt's Jinja dialect, requisites and global arguments, and the state (and
 * shared execution) functions Salt's formulas use. {@link io.brine.states.StateEngine} is the entry point; the
 * compiler, runtime, template engine and function implementations are not exported.
 */
module io.brine.states {
    requires transitive io.brine.functions;
    requires transitive io.brine.config;
    requires io.brine.fileserver;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;
    requires jinjava;
    requires java.desktop; // java.beans: Jinjava resolves properties through it, and so does PythonMethods
    requires org.apache.commons.compress;
    requires org.apache.commons.lang3;

    exports io.brine.states;
    // the minion's file.replace and disk functions share the file and mount states' code
    exports io.brine.states.functions.file to io.brine.minion;
    exports io.brine.states.functions.mount to io.brine.minion;

    provides io.brine.functions.FunctionModule with
        io.brine.states.execution.StateRunModule,
        io.brine.states.functions.test.TestStates,
        io.brine.states.functions.file.FileStates,
        io.brine.states.functions.cmd.CmdStates,
        io.brine.states.functions.accounts.UserModule,
        io.brine.states.functions.accounts.GroupModule,
        io.brine.states.functions.pkg.PkgModule,
        io.brine.states.functions.service.ServiceModule,
        io.brine.states.functions.archive.ArchiveStates,
        io.brine.states.functions.pip.PipStates,
        io.brine.states.functions.module.ModuleStates,
        io.brine.states.functions.host.HostStates,
        io.brine.states.functions.sysctl.SysctlStates,
        io.brine.states.functions.pkgrepo.PkgrepoStates,
        io.brine.states.functions.timezone.TimezoneModule,
        io.brine.states.functions.locale.LocaleStates,
        io.brine.states.functions.mount.MountStates,
        io.brine.states.functions.git.GitStates,
        io.brine.states.functions.ssh.SshModule,
        io.brine.states.functions.ssh.SshAuthStates,
        io.brine.states.functions.ssh.SshKnownHostsStates,
        io.brine.states.functions.cron.CronStates,
        io.brine.states.functions.debconf.DebconfStates;
    provides io.brine.config.TemplateRenderer with io.brine.states.PillarTemplates;
}
