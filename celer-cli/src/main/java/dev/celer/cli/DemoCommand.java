package dev.celer.cli;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code celer demo FILE...}: for each file, compresses it in memory as one LZ4 frame (fast
 * level), decompresses it back, hashes it with XXH64 and XXH32, and prints the sizes, the ratio and
 * the speeds (best of a few repetitions, in-process). A demonstration, not a benchmark: use
 * {@code celer-bench} for numbers worth comparing.
 *
 * <p>Not thread-safe; one instance per command line.
 */
final class DemoCommand {
  private static final int MIN_REPS = 3;
  private static final long MIN_NANOS = 1_000_000_000L; // long enough for the JIT to compile the hot loops

  private final Path cwd;
  private final PrintStream out;
  private final PrintStream err;

  DemoCommand(Path cwd, PrintStream out, PrintStream err) {
    this.cwd = cwd;
    this.out = out;
    this.err = err;
  }

  int run(String[] files) throws CliException {
    if (files.length == 0) {
      throw new CliException(1, "usage: celer demo FILE...\n");
    }
    out.printf(Locale.ROOT, "%-28s %12s %12s %7s %10s %10s %10s %10s%n", "file", "size", "compressed", "ratio",
        "comp MB/s", "dec MB/s", "XXH64 MB/s", "XXH32 MB/s");
    int failed = 0;
    for (String f : files) {
      byte[] data;
      try {
        data = Files.readAllBytes(cwd.resolve(f));
      } catch (IOException e) {
        err.println("celer demo: " + f + ": " + Errors.describe(e));
        failed++;
        continue;
      }
      byte[][] frame = new byte[1][];
      double comp = speed(data.length, () -> frame[0] = Lz4Frame.compress(data));
      byte[][] back = new byte[1][];
      double dec = speed(data.length, () -> back[0] = decompress(frame[0]));
      if (!Arrays.equals(data, back[0])) {
        err.println("celer demo: " + f + ": round trip FAILED");
        failed++;
        continue;
      }
      long[] sink = new long[1];
      double h64 = speed(data.length, () -> sink[0] += XxHash64.hash(data, 0, data.length, 0));
      double h32 = speed(data.length, () -> sink[0] += XxHash32.hash(data, 0, data.length, 0));
      String name = Path.of(f).getFileName().toString();
      out.printf(Locale.ROOT, "%-28s %12d %12d %6.2f%% %10.1f %10.1f %10.1f %10.1f%n",
          name.length() > 28 ? name.substring(0, 25) + "..." : name, data.length, frame[0].length,
          100.0 * frame[0].length / Math.max(1, data.length), comp, dec, h64, h32);
    }
    return failed == 0 ? 0 : 1;
  }

  private static byte[] decompress(byte[] frame) {
    try {
      return Lz4Frame.decompress(frame);
    } catch (Lz4StreamException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code work} at least {@link #MIN_REPS} times and {@link #MIN_NANOS}; @return best MB/s. */
  private static double speed(long bytes, Runnable work) {
    long best = Long.MAX_VALUE;
    long total = 0;
    for (int i = 0; i < MIN_REPS || total < MIN_NANOS; i++) {
      long t0 = System.nanoTime();
      work.run();
      long t = System.nanoTime() - t0;
      best = Math.min(best, t);
      total += t;
    }
    return bytes / 1e6 / (Math.max(1, best) / 1e9);
  }
}
