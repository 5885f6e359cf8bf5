package dev.celer.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The output files being written right now. If the JVM shuts down before an output is complete
 * (SIGINT from Ctrl-C, SIGTERM), a shutdown hook removes each of them, so an interrupted run
 * leaves no partial {@code .lz4} or decoded file behind (lz4 leaves one).
 *
 * <p>Only regular files the command created or truncated are registered; never a FIFO, a device
 * or stdout. Thread-safe: the hook runs on its own thread while the command may still be writing.
 */
final class PartialOutputs {
  private static final Set<Path> OPEN = new LinkedHashSet<>();
  private static boolean hooked;

  private PartialOutputs() {}

  /** Marks {@code p} as being written: it is removed if the JVM exits before {@link #done}. */
  static synchronized void writing(Path p) {
    if (!hooked) {
      Runtime.getRuntime().addShutdownHook(new Thread(PartialOutputs::removeAll, "celer-remove-partial-output"));
      hooked = true;
    }
    OPEN.add(p);
  }

  /** Marks {@code p} as complete (or already removed): the hook leaves it alone. */
  static synchronized void done(Path p) {
    OPEN.remove(p);
  }

  private static synchronized void removeAll() {
    for (Path p : OPEN) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // the JVM is going down; nothing else can be done
      }
    }
    OPEN.clear();
  }
}
