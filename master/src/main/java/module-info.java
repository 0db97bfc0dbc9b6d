/**
 * The master as a library: {@link io.brine.master.Master} starts one, {@link io.brine.master.MasterClient} runs jobs
 * on it, {@link io.brine.master.MasterKeys} manages minion keys and {@link io.brine.master.EventBus} carries its
 * events; targeting expressions live in {@code io.brine.master.targeting}.
 */
module io.brine.master {
    requires transitive io.brine.transport;
    requires transitive io.brine.config;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires java.sql;

    exports io.brine.master;
    exports io.brine.master.targeting;

    uses io.brine.config.TemplateRenderer;
}
