package dev.celer.cli;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code celer demo [FILE...]}: for each file (without files: the sample corpus that ships with the
 * repository), compresses it in memory as one LZ4 frame (fast level), decompresses it back, hashes
 * it with XXH64 and XXH32, and prints the sizes, the ratio and the speeds.
 *
 * <p>Two kinds of speed, both in-process: the time of the very first compression and decompression
 * of each file (what a program that compresses one file once sees, JIT compilation included), and
 * the steady-state speed after every operation has run on every file for a warm-up period (the
 * median of timed runs, what a long-running service sees). A demonstration, not a benchmark: use
 * {@code celer-bench} for numbers worth comparing.
 *
 * <p>Not thread-safe; one instance per command line.
 */
final class DemoCommand {
  /** The system property that names the sample corpus folder; the {@code celer} script sets it. */
  static final String SAMPLE_CORPUS_PROPERTY = "celer.sampleCorpus";

  private static final long WARMUP_NANOS = 1_500_000_000L; // C2 has compiled the hot loops by then
  private static final long MEASURE_NANOS = 250_000_000L;
  private static final int MIN_RUNS = 5;

  private final Path cwd;
  private final PrintStream out;
  private final PrintStream err;

  DemoCommand(Path cwd, PrintStream out, PrintStream err) {
    this.cwd = cwd;
    this.out = out;
    this.err = err;
  }

  /** One input file and what the demo measured on it. */
  private static final class Item {
    final String name;
    final byte[] data;
    byte[] frame;
    double firstCompressMillis;
    double firstDecompressMillis;

    Item(String name, byte[] data) {
      this.name = name;
      this.data = data;
    }
  }

  int run(String[] args) throws CliException {
    List<Path> paths = new ArrayList<>();
    String source;
    if (args.length > 0) {
      for (String a : args) {
        paths.add(cwd.resolve(a));
      }
      source = args.length == 1 ? "1 file" : args.length + " files";
    } else {
      Path sample = sampleCorpus();
      paths.addAll(list(sample));
      source = "the sample corpus " + sample + " (" + paths.size() + " files)";
    }
    int failed = 0;
    List<Item> items = new ArrayList<>();
    for (Path p : paths) {
      try {
        items.add(new Item(p.getFileName().toString(), Files.readAllBytes(p)));
      } catch (IOException e) {
        err.println("celer demo: " + (args.length > 0 ? cwd.relativize(p) : p) + ": " + Errors.describe(e));
        failed++;
      }
    }
    if (items.isEmpty()) {
      return 1; // nothing readable: no table of nothing (each failure was printed above)
    }
    // the first call of each operation on each file, before any warm-up
    for (Item it : items) {
      long t0 = System.nanoTime();
      it.frame = Lz4Frame.compress(it.data);
      long t1 = System.nanoTime();
      byte[] back = decompress(it.frame);
      long t2 = System.nanoTime();
      it.firstCompressMillis = (t1 - t0) / 1e6;
      it.firstDecompressMillis = (t2 - t1) / 1e6;
      if (!Arrays.equals(it.data, back)) {
        err.println("celer demo: " + it.name + ": round trip FAILED");
        failed++;
      }
    }
    long[] sink = new long[1];
    long warmupEnd = System.nanoTime() + WARMUP_NANOS;
    while (!items.isEmpty() && System.nanoTime() < warmupEnd) {
      for (Item it : items) {
        sink[0] += Lz4Frame.compress(it.data).length;
        sink[0] += decompress(it.frame).length;
        sink[0] += XxHash64.hash(it.data, 0, it.data.length, 0);
        sink[0] += XxHash32.hash(it.data, 0, it.data.length, 0);
      }
    }
    out.printf(Locale.ROOT, "celer demo: %s; JDK %s (%s); backend: %s%n", source,
        System.getProperty("java.version"), System.getProperty("java.vendor"), Lz4.backend());
    out.printf(Locale.ROOT, "MB/s: steady state, median of timed runs after %.1f s of warm-up."
        + " first ms: the very first call, JIT compilation included.%n", WARMUP_NANOS / 1e9);
    out.printf(Locale.ROOT, "%-24s %10s %10s %7s %9s %9s %10s %10s %13s %12s%n", "file", "size", "compressed",
        "ratio", "comp MB/s", "dec MB/s", "XXH64 MB/s", "XXH32 MB/s", "first comp ms", "first dec ms");
    for (Item it : items) {
      byte[] data = it.data;
      double comp = speed(data.length, () -> sink[0] += Lz4Frame.compress(data).length);
      double dec = speed(data.length, () -> sink[0] += decompress(it.frame).length);
      double h64 = speed(data.length, () -> sink[0] += XxHash64.hash(data, 0, data.length, 0));
      double h32 = speed(data.length, () -> sink[0] += XxHash32.hash(data, 0, data.length, 0));
      String name = it.name.length() > 24 ? it.name.substring(0, 21) + "..." : it.name;
      out.printf(Locale.ROOT, "%-24s %10d %10d %6.2f%% %9.1f %9.1f %10.1f %10.1f %13.1f %12.1f%n",
          name, data.length, it.frame.length, 100.0 * it.frame.length / Math.max(1, data.length),
          comp, dec, h64, h32, it.firstCompressMillis, it.firstDecompressMillis);
    }
    if (sink[0] == 42) {
      out.print(""); // keeps the results alive, so the JIT cannot drop the measured work
    }
    return failed == 0 ? 0 : 1;
  }


  private static Path sampleCorpus() throws CliException {
    String p = System.getProperty(SAMPLE_CORPUS_PROPERTY);
    if (p == null || p.isEmpty() || !Files.isDirectory(Path.of(p))) {
      throw new CliException(1, "usage: celer demo [FILE...]\n"
          + "  without FILE the demo uses the sample corpus (sample-corpus/ beside the celer script),"
          + " which was not found" + (p == null || p.isEmpty() ? "" : " at " + p) + "\n");
    }
    return Path.of(p);
  }

  /** The data files of a corpus folder: regular files except the {@code *.md} notes, by name. */
  private static List<Path> list(Path dir) throws CliException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isRegularFile)
          .filter(f -> !f.getFileName().toString().endsWith(".md"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new CliException(1, "celer demo: " + dir + ": " + Errors.describe(e) + "\n");
    }
  }

  private static byte[] decompress(byte[] frame) {
    try {
      return Lz4Frame.decompress(frame);
    } catch (Lz4StreamException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code work} at least {@link #MIN_RUNS} times and {@link #MEASURE_NANOS}; @return median MB/s. */
  private static double speed(long bytes, Runnable work) {
    List<Long> times = new ArrayList<>();
    long total = 0;
    while (times.size() < MIN_RUNS || total < MEASURE_NANOS) {
      long t0 = System.nanoTime();
      work.run();
      long t = System.nanoTime() - t0;
      times.add(t);
      total += t;
    }
    times.sort(null);
    long median = times.get(times.size() / 2);
    return bytes / 1e6 / (Math.max(1, median) / 1e9);
  }
}
