package dev.celer.cli;

import dev.celer.xxhash.XxHash32;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Picks the codec backend for one {@code celer} process before the first codec class loads:
 * when every input is a regular file and together they are smaller than {@link #NATIVE_FROM}
 * bytes, the process runs in pure Java ({@code dev.celer.native=off}), because binding the native
 * libraries (loading the FFM classes, linking a dozen downcalls, the self-test) costs more than
 * their speed gives back on so little data. Measured with {@code ./celer}'s start-up cache on
 * JDK 25 (user CPU): a 1 KB file 0.14 s native against 0.04 s pure Java; 3 MB about even (0.16 /
 * 0.13 s compressing, 0.18 / 0.12 s decompressing); 30 MB 0.20 / 0.36 s compressing. Standard
 * input, or any input whose size is unknown, keeps the default. An explicit {@code
 * -Ddev.celer.native} always wins.
 *
 * <p>Process-wide (it sets a system property), so only {@link Main#main} asks for it; tests that
 * run commands in their own JVM never do.
 */
final class BackendChoice {
  /** Inputs of at least this many bytes in all go to the native backend (when it is available). */
  static final long NATIVE_FROM = 2L << 20;

  private static final String PROPERTY = "dev.celer.native";

  private BackendChoice() {}

  /** Chooses pure Java for the process when the inputs {@code names} (resolved against {@code cwd}) are small regular files. */
  static void forInputs(Path cwd, List<String> names) {
    if (System.getProperty(PROPERTY) != null || names.isEmpty()) {
      return;
    }
    long total = 0;
    for (String n : names) {
      if (n.equals(Source.STDIN)) {
        return;
      }
      Path p = cwd.resolve(n);
      try {
        if (!Files.isRegularFile(p)) {
          return;
        }
        total += Files.size(p);
      } catch (java.io.IOException | RuntimeException e) {
        return; // the command will report it; the choice does not matter
      }
      if (total >= NATIVE_FROM) {
        return;
      }
    }
    System.setProperty(PROPERTY, "off");
  }

  /**
   * Binds the native streaming XXH32 (a frame's content checksum) on a daemon thread while the
   * main thread binds liblz4, unless the process runs in pure Java. A cold JVM spends tens of
   * milliseconds making each group of downcall handles (the profile of {@code celer -d} on 306
   * MB: about 90 ms of binding before the first block, a third of it XXH32's); on a second core
   * the two overlap. Measured (JDK 25, system liblz4 1.9.4, ten runs interleaved): {@code celer -d}
   * of the 306 MB file, median wall 0.645 s without, 0.595 s with. A second thread for liblz4's
   * decoder as well gave nothing more (the JIT's compiler thread shares the two cores).
   */
  static void bindChecksumAhead() {
    if ("off".equals(System.getProperty(PROPERTY))) {
      return;
    }
    Thread t = new Thread(new BindXxh32(), "celer-bind-xxh32");
    t.setDaemon(true);
    t.start();
  }

  /** The warm-up: a class, not a lambda, whose call site would cost its own linking at start-up. */
  private static final class BindXxh32 implements Runnable {
    @Override
    public void run() {
      try {
        XxHash32 h = XxHash32.create(0);
        byte[] b = new byte[4096]; // above the size the native streaming hash starts at
        h.update(b, 0, b.length);
        h.digest();
      } catch (Throwable ignored) {
        // only a warm-up: the command binds (or fails) on its own
      }
    }
  }
}
