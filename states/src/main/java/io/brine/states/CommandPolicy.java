package io.brine.states;

import java.util.Optional;

/**
 * Whether a command that a state was asked to run may run on this minion. {@code cmd.run} and {@code cmd.script}
 * states, and their {@code onlyif}/{@code unless} probes, ask before they start anything; the minion answers from
 * its {@code functions_allowed}, {@code functions_denied} and {@code cmd_allowed}, so a state file can run no
 * command that the same call as an execution function could not.
 *
 * <pre>{@code
 * Optional<String> no = ctx.commandPolicy().refusal("cmd.run", "systemctl reload nginx");
 * if (no.isPresent()) return StateResult.failed(no.get());
 * }</pre>
 */
@FunctionalInterface
public interface CommandPolicy {
  /** Every command may run: for tests and for an engine used without a minion. */
  CommandPolicy ALLOW_ALL = (function, commandLine) -> Optional.empty();

  /** Why {@code commandLine}, run as {@code function}, is refused; empty if it may run. */
  Optional<String> refusal(String function, String commandLine);
}
