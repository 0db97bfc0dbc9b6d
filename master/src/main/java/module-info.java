/**
 * The master as a library: {@link io.brine.master.Master} starts one, {@link io.brine.master.MasterClient} runs jobs
 * on it (waiting, or as futures and {@link java.util.concurrent.Flow} publishers), {@link io.brine.master.MasterKeys}
 * manages minion keys and {@link io.brine.master.EventBus} carries its events. The values its client speaks
 * ({@code JobSpec}, {@code Job}, {@code Event}...) live in {@code io.brine.jobs} (module io.brine.jobs), shared with
 * the remote client; targeting expressions live in {@code io.brine.targeting} (module io.brine.targeting). What
 * Brine's HTTP API shares with the master but an embedding application should not build on lives in
 * {@code io.brine.master.internal}, exported to that module alone (as Netty's and OkHttp's
 * {@code internal}).
 */
module io.brine.master {
    requires transitive io.brine.transport;
    requires transitive io.brine.config;
    requires transitive io.brine.jobs; // the values its client takes and returns: JobSpec, Job, events...
    requires io.brine.fileserver;
    requires io.brine.ssh;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires transitive java.sql; // ClusterDatabase.dataSource() is a javax.sql.DataSource
    requires org.xerial.sqlitejdbc;
    requires org.postgresql.jdbc; // the cluster's database (ClusterDatabase), with its pool and migrations:
    requires com.zaxxer.hikari;
    requires flyway.core;
    requires transitive io.brine.http;
    requires io.prometheus.metrics.core;
    requires io.prometheus.metrics.model;
    requires io.prometheus.metrics.exporter.httpserver;
    requires jdk.httpserver;

    exports io.brine.master;
    exports io.brine.master.internal to io.brine.api, io.brine.orchestrate;

    uses io.brine.config.TemplateRenderer;
    uses io.brine.master.internal.Orchestrator; // brine-orchestrate, when it is beside the master
}
