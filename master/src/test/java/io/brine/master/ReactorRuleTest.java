package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigFile;
import io.brine.jobs.JobSpec;
import io.brine.targeting.TargetType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A reactor rule's job is the one job description, checked as the configuration is read. */
class ReactorRuleTest {

    @Test
    void aReactorRuleIsAJobSpecCheckedWhenTheConfigIsRead() {
        MasterConfig c = MasterConfig.from(ConfigFile.parse("reactor:\n  - tag: 'x/*'\n    fun: cmd.run\n"
                + "    tgt: 'G@role:web'\n    tgt_type: COMPOUND\n    arg: [uptime]\n", "master.yaml"));
        assertEquals(new JobSpec("G@role:web", TargetType.COMPOUND, "cmd.run", List.of("uptime"), Map.of(), null,
                null, null), c.reactor().get(0).job());
        RuntimeException e = assertThrows(RuntimeException.class, () -> MasterConfig.from(ConfigFile.parse(
                "reactor:\n  - tag: 'x/*'\n    fun: cmd.run\n    tgt_type: regex\n", "master.yaml")));
        assertTrue(e.getMessage().startsWith("master.yaml:") && e.getMessage().contains("unknown target type 'regex'"),
                e.getMessage());
    }
}
