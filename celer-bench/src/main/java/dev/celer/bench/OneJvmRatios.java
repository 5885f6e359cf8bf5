package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Dictionary;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Side-by-side ratios in one JVM (issue 12): C called in-process ({@link CReference}), Celer's
 * native backend, Celer's pure Java, lz4-java's JNI build, aircompressor (Java and its bundled
 * native libraries) and hash4j, on the same blocks, interleaved. Each round runs every
 * implementation of an operation for a window of thread CPU time, in an order rotated from round
 * to round, so that load from other processes on a shared machine hits all of them alike.
 *
 * <p>Per corpus file and block size, a ratio is the median over rounds of the per-round ratio of
 * two implementations; the table gives the geometric mean of those over the files, of each
 * implementation to the reference (C when this JVM can call it, else lz4-java JNI for LZ4, XXH32
 * and XXH64 and hash4j for XXH3), and of Celer native to lz4-java JNI; {@code B/call} is the
 * largest heap allocation per call (ThreadMXBean) over one pass after the rounds.
 *
 * <pre>
 * java [--enable-native-access=ALL-UNNAMED] -cp celer-bench/target/benchmarks.jar \
 *     [-Dceler.corpus=DIR] [-Dceler.bench.lz4Sizes=4096,16384,65536]
 *     [-Dceler.bench.hashSizes=1024,16384,1048576] [-Dceler.bench.ops=compress,xxh3,...] \
 *     dev.celer.bench.OneJvmRatios [windowMs] [rounds] [corpus files...]
 * </pre>
 *
 * <p>{@code ops} names {@link Kind}s in lower case (all by default); small sizes (e.g. 64,256) are
 * how the native backend's crossovers against pure Java were measured.
 *
 * <p>The implementations and their calls are the rows of {@link OneJvmTable}; each loops over the
 * blocks in its own copy of {@link BlockLoop}.
 *
 * <p>The markdown table goes to stdout; one line per file and cell (GB/s of input per CPU second)
 * to stderr. Not JMH: a plain loop over many blocks per call site, which is what the ratios need;
 * absolute GB/s are indicative only. {@code scripts/bench-onejvm} runs it on JDK 17 and JDK 25.
 */
public final class OneJvmRatios {
  private OneJvmRatios() {}

  /** One timed operation over all blocks of a set; returns a value so that nothing is dead code. */
  interface Op {
    long run(Blocks b);
  }

  /** The blocks of one size: inputs, their compressed forms, and output room. */
  static final class Blocks {
    final byte[][] raw;
    final byte[][] packed;
    final byte[] out;
    final long bytes;
    /** For the dictionary operations: the dictionary, Celer's prepared form of it and C's ({@link CReference#prepareDict}). */
    byte[] dict;
    Lz4Dictionary prepared;
    Object cDict;

    /** {@code b}'s blocks and dictionary with output room {@code out}. */
    Blocks(Blocks b, byte[] out) {
      this.raw = b.raw;
      this.packed = b.packed;
      this.out = out;
      this.bytes = b.bytes;
      this.dict = b.dict;
      this.prepared = b.prepared;
      this.cDict = b.cDict;
    }

    Blocks(byte[][] raw, boolean lz4) {
      this.raw = raw;
      this.packed = new byte[raw.length][];
      long n = 0;
      int max = 0;
      for (int i = 0; i < raw.length; i++) {
        packed[i] = lz4 ? Lz4.javaFastCompressor().compress(raw[i]) : null;
        n += raw[i].length;
        max = Math.max(max, raw[i].length);
      }
      this.bytes = n;
      this.out = new byte[lz4 ? Lz4.maxCompressedLength(max) : 0];
    }
  }

  /** The operations, each with its block sizes and the total input per block set. */
  enum Kind {
    COMPRESS("compress (fast, level 1)", true),
    DECOMPRESS("decompress", true),
    PARTIAL("decompress first ¼ of each block", true),
    HC9("HC level 9", true),
    DICT("compress (fast) with a 64 KB dictionary", true),
    DICT_HC9("HC level 9 with a 64 KB dictionary", true),
    XXH32("XXH32", false),
    XXH64("XXH64", false),
    XXH3("XXH3-64", false),
    XXH128("XXH3-128", false);

    final String label;
    final boolean lz4;

    Kind(String label, boolean lz4) {
      this.label = label;
      this.lz4 = lz4;
    }

    /** @return whether this is an HC operation: slower per byte, measured on fewer blocks for longer windows */
    boolean hc() {
      return this == HC9 || this == DICT_HC9;
    }

    /** @return whether the blocks are compressed against a dictionary (the file's first 64 KB) */
    boolean dict() {
      return this == DICT || this == DICT_HC9;
    }
  }

  static final String C = "C";
  static final String NATIVE = "Celer native";
  static final String JAVA = "Celer Java";
  static final String JNI = "lz4-java 1.8.0 JNI";
  /**
   * Partial decompression only: C's call after a clear of its target, as the native backend clears
   * before each partial decode (liblz4 1.9.4 leaves a destination's old bytes for an offset-0
   * match near the target; docs/security.md, "The native backend"). Its ratio to C is the most
   * any backend that clears can reach.
   */
  static final String C_CLEARED = "C + clear of the target";
  static final String AIR_JAVA = "aircompressor 3.8 Java";
  static final String AIR_NATIVE = "aircompressor 3.8 native";
  static final String HASH4J = "hash4j 0.31.0";

  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  /** @return bytes per CPU nanosecond (GB/s) of {@code op} over {@code b}, for about {@code windowNs} */
  static double measure(Op op, Blocks b, long windowNs) {
    long sink = 0;
    long t0 = CPU.getCurrentThreadCpuTime();
    long t;
    long passes = 0;
    do {
      sink += op.run(b);
      passes++;
      t = CPU.getCurrentThreadCpuTime();
    } while (t - t0 < windowNs);
    if (sink == 42) {
      System.out.print("");
    }
    return (double) passes * b.bytes / (t - t0);
  }

  static IllegalStateException rethrow(Throwable t) {
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    return new IllegalStateException(t);
  }

  // ------------------------------------------------------------------------------- implementations

  /**
   * One implementation's call on block {@code i} of a set ({@code r} is {@code b.raw[i]}), with its
   * state from the set-up ({@link OneJvmTable}); returns a value so that nothing is dead code.
   */
  interface Call<S> {
    long call(S state, byte[] r, Blocks b, int i) throws Throwable;
  }

  /** The dictionary size of {@link Kind#DICT} and {@link Kind#DICT_HC9}: the file's first 64 KB, its blocks after it. */
  static final int DICT_SIZE = 64 << 10;

  /** @return up to {@code setBytes} of whole blocks of {@code size} bytes of {@code all} (after the dictionary for {@link Kind#dict()}) */
  static Blocks blocks(Kind k, byte[] all, int size, long setBytes) {
    int start = k.dict() ? DICT_SIZE : 0;
    int n = (int) Math.max(1, Math.min((all.length - start) / size, setBytes / size));
    byte[][] raw = new byte[n][];
    for (int i = 0; i < n; i++) {
      raw[i] = Arrays.copyOfRange(all, start + i * size, start + (i + 1) * size);
    }
    Blocks b = new Blocks(raw, k.lz4);
    if (k.dict()) {
      b.dict = Arrays.copyOf(all, DICT_SIZE);
      b.prepared = Lz4Dictionary.of(b.dict);
      b.cDict = CReference.UNAVAILABLE == null ? CReference.prepareDict(b.dict) : null;
    }
    return b;
  }

  // ------------------------------------------------------------------------------------- the run

  /** Per (operation, size, row): the log ratios over files, and the largest B/call. */
  static final class Cell {
    final List<Double> logs = new ArrayList<>();
    double bytesPerCall;
  }

  public static void main(String[] args) throws IOException {
    long windowNs = (args.length > 0 ? Long.parseLong(args[0]) : 10) * 1_000_000L;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    List<Path> files = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      files.add(Corpus.resolve(args[i]));
    }
    if (files.isEmpty()) {
      for (String n : Corpus.names()) {
        files.add(Corpus.dir().resolve(n));
      }
    }
    int[] lz4Sizes = sizes("celer.bench.lz4Sizes", "4096,16384,65536");
    int[] hashSizes = sizes("celer.bench.hashSizes", "1024,16384,1048576");
    String only = System.getProperty("celer.bench.ops", "");
    boolean nat = Lz4.isNativeBackend();
    String ref = CReference.UNAVAILABLE == null ? "C " + CReference.NAME + " (FFM, critical)" : null;
    String[] libs = ref == null ? null : CReference.NAME.split(", ");

    // (kind, size, row) -> cell; rows are implementation names and "A / B" ratios
    Map<Kind, Map<Integer, Map<String, Cell>>> cells = new LinkedHashMap<>();
    Map<Kind, Map<Integer, List<Double>>> refSpeed = new LinkedHashMap<>();
    Map<Kind, String> refName = new LinkedHashMap<>();
    long start = System.nanoTime();
    warmUp(files, lz4Sizes, hashSizes, windowNs);
    for (Path f : files) {
      byte[] all = Files.readAllBytes(f);
      for (Kind k : Kind.values()) {
        if (!only.isEmpty() && !Arrays.asList(only.split(",")).contains(k.name().toLowerCase(Locale.ROOT))) {
          continue;
        }
        for (int size : k.lz4 ? lz4Sizes : hashSizes) {
          if (all.length < size + (k.dict() ? DICT_SIZE : 0)) {
            continue; // whole blocks only: a short file would put a smaller input in this column
          }
          long setBytes = k.hc() ? 256 << 10 : k.lz4 ? 512 << 10 : 1 << 20;
          Blocks b = blocks(k, all, size, setBytes);
          Map<String, Op> impls = OneJvmTable.implementations(k);
          List<String> names = new ArrayList<>(impls.keySet());
          Op[] ops = impls.values().toArray(new Op[0]);
          int refIndex = ref != null ? names.indexOf(C) : names.indexOf(k.lz4 || k == Kind.XXH32 || k == Kind.XXH64 ? JNI : HASH4J);
          if (refIndex < 0) {
            refIndex = names.indexOf(JAVA); // partial decompression on Java 17: nothing else to compare with
          }
          refName.put(k, refIndex == names.indexOf(C) ? "C " + (k.lz4 ? libs[0] : libs[1]) + " in-process (FFM)" : names.get(refIndex));
          check(k, names, ops, b);
          int m = ops.length;
          int rr = k.hc() ? Math.max(3, rounds / 2) : rounds;
          long window = k.hc() ? windowNs * 2 : windowNs;
          double[][] v = new double[m][rr];
          for (int attempt = 0; attempt < 2; attempt++) {
            for (int r = -1; r < rr; r++) {
              double[] x = new double[m];
              for (int q = 0; q < m; q++) {
                int i = Math.floorMod(q + r, m);
                x[i] = measure(ops[i], b, window);
              }
              if (r >= 0) {
                for (int i = 0; i < m; i++) {
                  v[i][r] = x[i];
                }
              }
            }
            if (spread(v) < 1.5) {
              break; // else a recompilation (or a deoptimization) fell into the rounds: once more
            }
          }
          Map<String, Cell> row = cells.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(size, x -> new LinkedHashMap<>());
          StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-8s %7s %-24s", k, label(size), f.getFileName()));
          com.sun.management.ThreadMXBean mem = (com.sun.management.ThreadMXBean) CPU;
          for (int i = 0; i < m; i++) {
            Cell cell = row.computeIfAbsent(names.get(i), x -> new Cell());
            cell.logs.add(Math.log(ratio(v[i], v[refIndex])));
            long a0 = mem.getThreadAllocatedBytes(Thread.currentThread().getId());
            ops[i].run(b);
            double perCall = (double) (mem.getThreadAllocatedBytes(Thread.currentThread().getId()) - a0) / b.raw.length;
            cell.bytesPerCall = Math.max(cell.bytesPerCall, perCall);
            line.append(String.format(Locale.ROOT, " %s=%.3f", names.get(i).replace(' ', '_'), Measure.median(v[i])));
            if (perCall >= 0.5) {
              line.append(String.format(Locale.ROOT, "(%.0fB)", perCall));
            }
          }
          refSpeed.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(size, x -> new ArrayList<>()).add(Math.log(Measure.median(v[refIndex])));
          int ni = names.indexOf(NATIVE);
          int ji = names.indexOf(JNI);
          if (ni >= 0 && ji >= 0) {
            row.computeIfAbsent(NATIVE + " / " + JNI, x -> new Cell()).logs.add(Math.log(ratio(v[ni], v[ji])));
          }
          System.err.println(line);
        }
      }
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    printTable(cells, refSpeed, refName, lz4Sizes, hashSizes, ref, nat, files.size(), windowNs, rounds, seconds);
  }

  /**
   * Runs every implementation of every operation at every size for 10 windows on the largest
   * file, so that the JIT has compiled each path (a 16 KB hash takes branches a 1 KB one never
   * does) before the first measured round; the discarded round of each cell then only absorbs
   * what a new file changes.
   */
  private static void warmUp(List<Path> files, int[] lz4Sizes, int[] hashSizes, long windowNs) throws IOException {
    Path largest = files.get(0);
    for (Path f : files) {
      if (Files.size(f) > Files.size(largest)) {
        largest = f;
      }
    }
    byte[] all = Files.readAllBytes(largest);
    String only = System.getProperty("celer.bench.ops", "");
    for (Kind k : Kind.values()) {
      if (!only.isEmpty() && !Arrays.asList(only.split(",")).contains(k.name().toLowerCase(Locale.ROOT))) {
        continue;
      }
      for (int size : k.lz4 ? lz4Sizes : hashSizes) {
        size = Math.min(all.length - (k.dict() ? DICT_SIZE : 0), size);
        Blocks b = blocks(k, all, size, 256 << 10);
        for (Op op : OneJvmTable.implementations(k).values()) {
          measure(op, b, windowNs * 10);
        }
      }
    }
  }

  private static int[] sizes(String property, String dflt) {
    return Arrays.stream(System.getProperty(property, dflt).split(",")).mapToInt(Integer::parseInt).toArray();
  }

  /** @return the largest max/min ratio over rounds of one implementation's rates */
  static double spread(double[][] v) {
    double worst = 1;
    for (double[] x : v) {
      double lo = Double.MAX_VALUE;
      double hi = 0;
      for (double y : x) {
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
      worst = Math.max(worst, hi / lo);
    }
    return worst;
  }

  /** @return the median over rounds of the per-round ratio {@code a[r] / b[r]} */
  static double ratio(double[] a, double[] b) {
    double[] q = new double[a.length];
    for (int r = 0; r < a.length; r++) {
      q[r] = a[r] / b[r];
    }
    return Measure.median(q);
  }

  /**
   * Runs each implementation once and compares results: all hashes must agree, and so must the
   * decompressors' output lengths; a mismatch means a wrong binding, and stops the run.
   */
  private static void check(Kind k, List<String> names, Op[] ops, Blocks b) {
    if (k.dict()) {
      checkIdentical(k, names, ops, b);
      return;
    }
    if (k == Kind.COMPRESS || k == Kind.HC9) {
      return; // aircompressor's output differs from liblz4's; the others are checked by their tests
    }
    long first = ops[0].run(b);
    for (int i = 1; i < ops.length; i++) {
      long x = ops[i].run(b);
      if (x != first) {
        throw new IllegalStateException(k + ": " + names.get(i) + " gives " + x + ", " + names.get(0) + " " + first);
      }
    }
  }

  /**
   * Compresses each block alone with every implementation and compares the bytes with the first
   * one's (C when it runs): Celer's dictionary compression is meant to be byte-identical to {@code
   * lz4 -D}. A difference is reported (stderr and under the table) and counted in {@link #DIFFERENT}.
   */
  private static void checkIdentical(Kind k, List<String> names, Op[] ops, Blocks b) {
    for (int i = 0; i < b.raw.length; i++) {
      Blocks one = new Blocks(new byte[][] {b.raw[i]}, false);
      one.dict = b.dict;
      one.prepared = b.prepared;
      one.cDict = b.cDict;
      byte[] out = b.out;
      byte[] first = null;
      for (int q = 0; q < ops.length; q++) {
        Arrays.fill(out, (byte) 0);
        int n = (int) ops[q].run(new Blocks(one, out));
        byte[] got = Arrays.copyOf(out, n);
        if (first == null) {
          first = got;
        } else if (!Arrays.equals(first, got)) {
          String what = k + " " + label(b.raw[i].length) + ": " + names.get(q) + " differs from " + names.get(0);
          if (DIFFERENT.merge(what, 1, Integer::sum) == 1) {
            System.err.println(what + " (block " + i + ": " + n + " bytes against " + first.length + ", first difference at "
                + Arrays.mismatch(first, got) + ")");
          }
        }
      }
    }
  }

  /** Per "operation size: implementation differs from reference": how many blocks (over the files). */
  static final Map<String, Integer> DIFFERENT = new java.util.TreeMap<>();

  static String label(int size) {
    return size >= 1 << 20 ? (size >> 20) + " MB" : size >= 1024 ? (size >> 10) + " KB" : size + " B";
  }

  private static void printTable(
      Map<Kind, Map<Integer, Map<String, Cell>>> cells,
      Map<Kind, Map<Integer, List<Double>>> refSpeed,
      Map<Kind, String> refName,
      int[] lz4Sizes,
      int[] hashSizes,
      String ref,
      boolean nat,
      int fileCount,
      long windowNs,
      int rounds,
      long seconds) {
    System.out.println("Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "); Celer backend: " + Lz4.backend());
    System.out.println(ref != null ? "C reference: " + ref : "C reference: none (" + CReference.UNAVAILABLE + ")");
    if (Air.UNAVAILABLE != null) {
      System.out.println("aircompressor: " + Air.UNAVAILABLE);
    }
    System.out.println(fileCount + " corpus files; window " + windowNs / 1_000_000 + " ms thread CPU (HC: twice), " + rounds
        + " rounds (HC: " + Math.max(3, rounds / 2) + ") after 1 discarded, order rotated each round, a cell whose rates spread by more than 1.5× measured once more; " + seconds + " s");
    System.out.println();
    for (boolean lz4 : new boolean[] {true, false}) {
      int[] sizes = lz4 ? lz4Sizes : hashSizes;
      StringBuilder head = new StringBuilder("| operation | implementation |");
      StringBuilder rule = new StringBuilder("|:--|:--|");
      for (int s : sizes) {
        head.append(' ').append(label(s)).append(" |");
        rule.append("--:|");
      }
      System.out.println(head.append(" B/call |"));
      System.out.println(rule.append("--:|"));
      for (Map.Entry<Kind, Map<Integer, Map<String, Cell>>> e : cells.entrySet()) {
        Kind k = e.getKey();
        if (k.lz4 != lz4) {
          continue;
        }
        // rows in first-seen order, the reference first
        Map<String, Boolean> rows = new LinkedHashMap<>();
        e.getValue().values().forEach(m -> m.keySet().forEach(r -> rows.put(r, true)));
        String refRow = refName.get(k).startsWith("C ") ? C : refName.get(k);
        StringBuilder line = new StringBuilder("| " + k.label + " | **ref**: " + refName.get(k) + ", GB/s |");
        for (int s : sizes) {
          List<Double> sp = refSpeed.get(k).get(s);
          line.append(sp == null ? " – |" : String.format(Locale.ROOT, " %.2f |", Math.exp(mean(sp))));
        }
        System.out.println(line.append(String.format(Locale.ROOT, " %s |", bytes(e.getValue(), refRow))));
        for (String r : rows.keySet()) {
          if (r.equals(refRow)) {
            continue;
          }
          line = new StringBuilder("|  | " + r + (r.contains(" / ") ? "" : " / ref") + " |");
          for (int s : sizes) {
            Cell c = e.getValue().containsKey(s) ? e.getValue().get(s).get(r) : null;
            line.append(c == null ? " – |" : String.format(Locale.ROOT, " %.2f× |", Math.exp(mean(c.logs))));
          }
          System.out.println(line.append(String.format(Locale.ROOT, " %s |", r.contains(" / ") ? "" : bytes(e.getValue(), r))));
        }
      }
      System.out.println();
    }
    for (Map.Entry<String, Integer> e : DIFFERENT.entrySet()) {
      System.out.println("Output not byte-identical: " + e.getKey() + " on " + e.getValue() + " blocks");
    }
    System.out.println("GB/s: geometric mean over the files of the reference's median rate (input bytes per thread-CPU"
        + " second); ×: geometric mean over the files of the median per-round ratio to the reference ('ref', first row)"
        + (nat ? "; 'Celer Java (streaming API)': the hashes' pure-Java path in a JVM where the one-shot calls go native" : "")
        + "; B/call: largest heap allocation per call over the files and sizes (one pass after the rounds);"
        + " a column keeps only the files at least that long.");
  }

  private static double mean(List<Double> v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.size();
  }

  private static String bytes(Map<Integer, Map<String, Cell>> bySize, String row) {
    double max = -1;
    for (Map<String, Cell> m : bySize.values()) {
      Cell c = m.get(row);
      if (c != null) {
        max = Math.max(max, c.bytesPerCall);
      }
    }
    return max < 0 ? "" : max < 0.5 ? "0" : String.format(Locale.ROOT, "%.0f", max);
  }
}
