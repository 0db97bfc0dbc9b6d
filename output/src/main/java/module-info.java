/**
 * How a job's outcome is printed, one implementation for every front end: {@link io.brine.output.JobOutput}
 * (Salt's nested text, the JSON and YAML job document), {@link io.brine.output.StateOutput} (Salt's highstate
 * text), {@link io.brine.output.JobDocument} (the document's shape).
 */
module io.brine.output {
    requires transitive io.brine.protocol;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports io.brine.output;
}
