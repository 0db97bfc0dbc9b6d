/** Brine's YAML configuration: Salt's key names, unknown keys refused with file and line. */
module io.brine.config {
    requires transitive com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires com.fasterxml.jackson.databind; // CallArguments reads an arguments file as JSON

    exports io.brine.config;

    uses io.brine.config.TemplateRenderer;
}
