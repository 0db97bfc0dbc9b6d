package io.brine.master;

import java.util.List;
import java.util.Optional;

/**
 * What publishing a job would do, asked before publishing it ({@link MasterClient#preview}): nothing is recorded,
 * sent or audited.
 *
 * @param minions      the minions its target selects, in order
 * @param undetermined those the master could not decide for (their grains or pillar are not known yet)
 * @param unknown      the ids a list target names that are no accepted minion
 * @param refusal      why the master would refuse it (the caller's grants, a function no targeted minion declares,
 *                     arguments they would refuse), in the words the publish would use; null when it would not
 */
public record JobPreview(List<String> minions, List<String> undetermined, List<String> unknown, String refusal) {
    public JobPreview {
        minions = List.copyOf(minions);
        undetermined = List.copyOf(undetermined);
        unknown = List.copyOf(unknown);
    }

    public Optional<String> refused() {
        return Optional.ofNullable(refusal);
    }
}
