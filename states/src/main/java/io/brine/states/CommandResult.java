package io.brine.states;

/** What a finished program returned. A timeout is reported as exit code 124, like timeout(1). */
public record CommandResult(int exitCode, String stdout, String stderr, long pid) {
  public CommandResult {
    stdout = stdout == null ? "" : stdout;
    stderr = stderr == null ? "" : stderr;
  }

  public boolean ok() {
    return exitCode == 0;
  }

  /** stderr, or stdout when stderr is empty: what to put in a failure comment. */
  public String diagnostic() {
    String text = stderr.isBlank() ? stdout : stderr;
    return text.strip();
  }
}
