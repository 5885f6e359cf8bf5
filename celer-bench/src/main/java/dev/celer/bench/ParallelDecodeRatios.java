package dev.celer.bench;

import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import dev.celer.lz4.seekable.SeekableReadOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Parallel frame decompression against one thread (issue 26), in one JVM: the corpus concatenated
 * to at least 64 MB, compressed into one frame of 4 MB independent blocks (content checksum off,
 * then on), decoded in memory by {@link Lz4FrameInputStream} into one array, on one thread and with
 * parallelism {@code p} on a fixed pool of {@code p} threads, in turn (one, parallel, one, ...).
 * Wall time, since the work runs on several threads; the ratio is the median of the per-pair
 * ratios (one thread's time / the parallel time), which holds when the machine's speed drifts.
 * The parallel stream's content checksum runs on the reading thread as blocks are handed out.
 * CPU columns, which a loaded machine moves much less than wall time: the process's CPU time
 * per decode on one thread and in parallel (the parallel path's overhead), the reading thread's
 * share of the parallel CPU, and the speed-up those bound on {@code p} free cores ({@code one
 * thread's CPU / max(parallel CPU / p, reading thread's CPU)}).
 * Also {@link Lz4Frame#decompress(byte[], Lz4FrameReadOptions, int, java.util.concurrent.Executor)}
 * against {@link Lz4Frame#decompress(byte[], Lz4FrameReadOptions)}.
 *
 * <pre>{@code
 * java -cp celer-bench/target/benchmarks.jar dev.celer.bench.ParallelDecodeRatios [corpusDir] [pairs] [p] [MB]
 * }</pre>
 */
public final class ParallelDecodeRatios {
  private ParallelDecodeRatios() {}

  private interface Decode {
    void run() throws IOException;
  }

  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
  private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

  /** CPU times of the last {@link #time} call: the process's and the calling thread's, in ns. */
  private static long lastProcessCpu;
  private static long lastThreadCpu;

  private static long time(Decode d) throws IOException {
    long c0 = OS.getProcessCpuTime();
    long u0 = THREADS.getCurrentThreadCpuTime();
    long t0 = System.nanoTime();
    d.run();
    long t = System.nanoTime() - t0;
    lastThreadCpu = THREADS.getCurrentThreadCpuTime() - u0;
    lastProcessCpu = OS.getProcessCpuTime() - c0;
    return t;
  }

  /** Reads {@code in} to its end into {@code out}, which holds it exactly. */
  private static void readInto(InputStream in, byte[] out) throws IOException {
    try (in) {
      int pos = 0;
      for (int n; pos < out.length && (n = in.read(out, pos, out.length - pos)) > 0; ) {
        pos += n;
      }
      if (pos != out.length || in.read() != -1) {
        throw new IllegalStateException("decoded " + pos + " bytes, expected " + out.length);
      }
    }
  }

  public static void main(String[] args) throws Exception {
    Path corpus = Path.of(args.length > 0 ? args[0] : "../shared/corpus");
    int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 9;
    int p = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    int mb = args.length > 3 ? Integer.parseInt(args[3]) : 64;
    List<Path> files;
    try (Stream<Path> s = Files.list(corpus)) {
      files = s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("MANIFEST"))
          .sorted().collect(Collectors.toList());
    }
    List<byte[]> parts = new ArrayList<>();
    long total = 0;
    while (total < (long) mb << 20) {
      for (Path f : files) {
        byte[] b = Files.readAllBytes(f);
        parts.add(b);
        total += b.length;
      }
    }
    byte[] data = new byte[(int) total];
    int at = 0;
    for (byte[] b : parts) {
      System.arraycopy(b, 0, data, at, b.length);
      at += b.length;
    }
    ExecutorService pool = Executors.newFixedThreadPool(p, r -> {
      Thread t = new Thread(r, "decode");
      t.setDaemon(true);
      return t;
    });
    Lz4FrameReadOptions ro = Lz4FrameReadOptions.builder().maxOneShotSize(Integer.MAX_VALUE - 8).build();
    System.out.printf(Locale.ROOT, "# ParallelDecodeRatios: %,d bytes (%s x%d), 4 MB blocks, parallelism %d, %d pairs, "
        + "%d cores, load average %s%n", data.length, corpus, parts.size() / files.size(), p, pairs,
        Runtime.getRuntime().availableProcessors(), Files.readString(Path.of("/proc/loadavg")).strip());
    System.out.println("| content checksum | call | one thread MB/s | parallel MB/s | parallel / one thread (median of pairs) "
        + "| CPU ms one thread / parallel | reading thread's share | bound on " + p + " free cores |");
    System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (boolean checksum : new boolean[] {false, true}) {
      byte[] frame = Lz4Frame.compress(data, Lz4FrameOptions.builder()
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_4MB).contentChecksum(checksum).build());
      byte[] out = new byte[data.length];
      Decode one = () -> readInto(new Lz4FrameInputStream(new ByteArrayInputStream(frame), ro), out);
      Decode par = () -> readInto(new Lz4FrameInputStream(new ByteArrayInputStream(frame), ro, p, pool), out);
      Decode oneShot = () -> Lz4Frame.decompress(frame, ro);
      Decode parShot = () -> Lz4Frame.decompress(frame, ro, p, pool);
      par.run();
      if (!Arrays.equals(data, out)) {
        throw new AssertionError("the parallel stream decoded other bytes");
      }
      if (!Arrays.equals(data, Lz4Frame.decompress(frame, ro, p, pool))) {
        throw new AssertionError("the parallel one-shot call decoded other bytes");
      }
      report(checksum, "stream, read into one array", one, par, pairs, data.length, p);
      report(checksum, "`Lz4Frame.decompress(byte[])`", oneShot, parShot, pairs, data.length, p);
    }
    // a seekable file of the same blocks (no content checksum: its reads never verify one), read
    // whole into one array: each block decoded straight into its place
    java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
    try (SeekableLz4Writer w = new SeekableLz4Writer(bos, Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_4MB).contentChecksum(false).build())) {
      w.write(data);
    }
    byte[] file = bos.toByteArray();
    byte[] whole = new byte[data.length];
    SeekableLz4Reader seqReader = SeekableLz4Reader.open(RandomAccessSource.of(file));
    SeekableLz4Reader parReader = SeekableLz4Reader.open(RandomAccessSource.of(file),
        SeekableReadOptions.builder().parallelism(p, pool).build());
    parReader.read(0, whole, 0, whole.length);
    if (!Arrays.equals(data, whole)) {
      throw new AssertionError("the parallel seekable read decoded other bytes");
    }
    report(false, "`SeekableLz4Reader.read` of the whole content", () -> seqReader.read(0, whole, 0, whole.length),
        () -> parReader.read(0, whole, 0, whole.length), pairs, data.length, p);
    pool.shutdown();
  }

  private static void report(boolean checksum, String call, Decode one, Decode par, int pairs, int bytes, int p)
      throws IOException {
    for (int i = 0; i < 3; i++) { // warm-up
      one.run();
      par.run();
    }
    double[] ratio = new double[pairs];
    double[] oneMbs = new double[pairs];
    double[] parMbs = new double[pairs];
    double[] oneCpu = new double[pairs];
    double[] parCpu = new double[pairs];
    double[] readerCpu = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      long a = time(one);
      oneCpu[i] = lastProcessCpu / 1e6;
      long b = time(par);
      parCpu[i] = lastProcessCpu / 1e6;
      readerCpu[i] = lastThreadCpu / 1e6;
      ratio[i] = (double) a / b;
      oneMbs[i] = bytes / (a / 1e9) / 1e6;
      parMbs[i] = bytes / (b / 1e9) / 1e6;
    }
    double oc = Measure.median(oneCpu);
    double pc = Measure.median(parCpu);
    double rc = Measure.median(readerCpu);
    System.out.printf(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.2fx (%.2f-%.2f) | %.0f / %.0f | %.0f%% | %.2fx |%n",
        checksum ? "on" : "off", call, Measure.median(oneMbs), Measure.median(parMbs), Measure.median(ratio),
        Arrays.stream(ratio).min().getAsDouble(), Arrays.stream(ratio).max().getAsDouble(), oc, pc, 100 * rc / pc,
        oc / Math.max(pc / p, rc));
  }
}
