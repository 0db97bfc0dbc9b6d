package io.brine.states.functions.pkg;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** One platform's package tool, behind the small interface the pkg states need. */
interface PackageManager {
  /** A package to install; a null version means any (or, for pkg.latest, the newest). */
  record Request(String name, String version) {}

  /** A local package file's own name and version. */
  record LocalPackage(String name, String version) {}

  String name();

  Optional<String> installedVersion(String pkg) throws IOException, InterruptedException;

  /** The version the repositories would install now, if they know the package. */
  Optional<String> candidateVersion(String pkg) throws IOException, InterruptedException;

  void refresh() throws IOException, InterruptedException;

  void install(List<Request> requests) throws IOException, InterruptedException;

  void installFiles(List<Path> files) throws IOException, InterruptedException;

  void remove(List<String> packages) throws IOException, InterruptedException;

  LocalPackage inspect(Path file) throws IOException, InterruptedException;
}
