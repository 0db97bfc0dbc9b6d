/** Brine's YAML configuration: Salt's key names, unknown keys refused with file and line. */
module io.brine.config {
    requires transitive com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports io.brine.config;

    uses io.brine.config.TemplateRenderer;
}
