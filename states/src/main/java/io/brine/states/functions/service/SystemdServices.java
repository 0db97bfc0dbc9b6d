package io.brine.states.functions.service;

import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.Locale;

/** systemd through systemctl. */
final class SystemdServices implements ServiceManager {
  private final CommandRunner commands;

  SystemdServices(CommandRunner commands) {
    this.commands = commands;
  }

  @Override
  public String name() {
    return "systemd";
  }

  @Override
  public boolean available(String service) throws IOException, InterruptedException {
    String out = commands.run("systemctl", "show", "-p", "LoadState", "--value", service).stdout().strip();
    return out.equals("loaded");
  }

  @Override
  public boolean running(String service) throws IOException, InterruptedException {
    return commands.run("systemctl", "is-active", "--quiet", service).ok();
  }

  @Override
  public boolean enabled(String service) throws IOException, InterruptedException {
    return commands.run("systemctl", "is-enabled", "--quiet", service).ok();
  }

  @Override
  public boolean act(String service, Action action) throws IOException, InterruptedException {
    return commands.run("systemctl", action.name().toLowerCase(Locale.ROOT), service).ok();
  }

  @Override
  public boolean setEnabled(String service, boolean enable) throws IOException, InterruptedException {
    return commands.run("systemctl", enable ? "enable" : "disable", service).ok();
  }
}
