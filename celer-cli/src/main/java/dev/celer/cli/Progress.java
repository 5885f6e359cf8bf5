package dev.celer.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line of long work on stderr, refreshed at most 6 times a second like {@code lz4}'s
 * ({@code refreshRate = CLOCKS_PER_SEC / 6}): bytes done, percent of the input when its size is
 * known, the ratio so far, and MB/s. Printed only when stderr is a terminal; otherwise a no-op.
 *
 * <p>Not thread-safe: update it from the thread that does the I/O.
 */
final class Progress {
  private static final long REFRESH_NANOS = 1_000_000_000L / 6;

  private final PrintStream err;
  private final boolean enabled;
  private final String verb;
  private final long total;
  private final long start = System.nanoTime();
  private long last = start;
  private boolean shown;

  /**
   * @param verb what is being done: "Read" for compression, "Decompressed" for decompression
   * @param total the input size when known, else -1
   */
  Progress(PrintStream err, boolean enabled, String verb, long total) {
    this.err = err;
    this.enabled = enabled;
    this.verb = verb;
    this.total = total;
  }

  static Progress none() {
    return new Progress(null, false, "", -1);
  }

  /** @param done input bytes processed so far; @param produced output bytes so far (or -1) */
  void update(long done, long produced) {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (now - last < REFRESH_NANOS) {
      return;
    }
    last = now;
    double seconds = (now - start) / 1e9;
    StringBuilder sb = new StringBuilder("\r").append(verb).append(" : ").append(done >> 20).append(" MB");
    if (total > 0) {
      sb.append(String.format(Locale.ROOT, " (%.0f%%)", 100.0 * done / total));
    }
    if (produced >= 0 && done > 0) {
      sb.append(String.format(Locale.ROOT, "  ==> %.2f%%", 100.0 * produced / done));
    }
    sb.append(String.format(Locale.ROOT, "  %.1f MB/s   ", done / 1e6 / seconds));
    err.print(sb);
    err.flush();
    shown = true;
  }

  /** Erases the progress line if one was printed. */
  void clear() {
    if (shown) {
      err.print("\r" + " ".repeat(79) + "\r");
      shown = false;
    }
  }
}
