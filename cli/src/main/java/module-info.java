/** The {@code brine} command line: Salt's commands for operators, and the master, minion and bench launchers. */
module io.brine.cli {
    requires io.brine.master;
    requires io.brine.client;
    requires io.brine.minion;
    requires io.brine.release;
    requires io.brine.output;
    requires io.brine.api;
    requires io.brine.bench;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires info.picocli;
    requires io.brine.logging;

    // picocli fills the commands' annotated fields by reflection
    opens io.brine.cli to info.picocli;
}
