package io.brine.states.internal.runtime;

import io.brine.states.Command;
import io.brine.states.CommandResult;
import io.brine.states.Commands;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs programs with output captured in temporary files rather than pipes: an init script that
 * starts a daemon leaves it holding our descriptors, and with pipes we would wait for the daemon
 * to exit instead of the script. {@code runas} goes through runuser(1), which needs root, as the
 * minion is.
 */
public final class ProcessCommands implements Commands {
  private static final int MAX_OUTPUT = 1 << 20;

  private final System.Logger log;

  public ProcessCommands(System.Logger log) {
    this.log = log;
  }

  @Override
  public CommandResult run(Command command) throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>();
    if (command.runas() != null && !command.runas().isEmpty()) {
      argv.addAll(List.of("runuser", "-u", command.runas(), "--"));
    }
    argv.addAll(command.argv());
    ProcessBuilder builder = new ProcessBuilder(argv);
    if (command.cwd() != null) {
      builder.directory(command.cwd().toFile());
    }
    builder.environment().putAll(command.env());
    Path out = Files.createTempFile("brine-cmd", ".out");
    Path err = Files.createTempFile("brine-cmd", ".err");
    try {
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.redirectOutput(out.toFile());
      builder.redirectError(err.toFile());
      log.log(System.Logger.Level.DEBUG, "running {0}", argv);
      Process process = builder.start();
      int code;
      if (process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
        code = process.exitValue();
      } else {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        code = 124;
      }
      return new CommandResult(code, read(out), read(err), process.pid());
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static String read(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int length = Math.min(bytes.length, MAX_OUTPUT);
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }
}
