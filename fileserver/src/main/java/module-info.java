/**
 * What a master serves its minions from disk: {@link io.brine.fileserver.RootedFiles} finds files under
 * {@code file_roots} without ever leaving them, {@link io.brine.fileserver.PillarCompiler} compiles a minion's
 * pillar from {@code pillar_roots}. {@link io.brine.fileserver.MasterlessFiles} is the same pair read in a
 * minion's own process (Salt's {@code file_client: local}), so a tree behaves alike with and without a master.
 */
module io.brine.fileserver {
    requires transitive io.brine.config;
    requires io.brine.targeting;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports io.brine.fileserver;
}
