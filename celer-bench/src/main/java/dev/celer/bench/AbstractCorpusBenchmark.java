package dev.celer.bench;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * JMH settings and data shared by every Celer benchmark: one operation is one pass over all blocks
 * of one file ({@link #file}) cut at one block size ({@link #block}); the {@link Volume} counters
 * turn operations per second into MB/s and calls per second.
 *
 * <p>The settings here are for a manual run ({@code java -jar benchmarks.jar}); {@code run.sh}
 * overrides them and runs one JVM per implementation and operation ({@code -f 0}): JMH forks once
 * per parameter combination, which would be 1,000+ JVM starts for the corpus × block sizes, while
 * what forking protects against (call-site profiles polluted by other implementations) is already
 * excluded when a JVM runs a single implementation and operation. Each trial runs the operation
 * until its speed stops rising before JMH measures (the first trial of a JVM at most
 * {@code celer.bench.jitWarmupMs} milliseconds, default 3000; later ones at most
 * {@code celer.bench.trialWarmupMs}, default 1000), so that no combination is measured
 * half-compiled or while the JIT recompiles for new data.
 *
 * <p>A JMH state: one instance per benchmark thread, not shared.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public abstract class AbstractCorpusBenchmark {

  /** A corpus file name (see {@link Corpus}) or a path. */
  @Param({
    "alice29.txt", "bible.txt", "book1", "botocore-ec2.json", "fireworks.jpeg",
    "freedesktop-mime.xml", "gdb-check.log", "google.html", "libstdc++.so", "linux-changelog.gz",
    "linux-uapi-headers.tar", "postgres-catalog.pages", "rust-book.html", "world192.txt"
  })
  public String file;

  /** Block size: {@code 4K}, {@code 16K}, {@code 64K}, or {@code file} for the whole file. */
  @Param({"4K", "16K", "64K", "file"})
  public String block;

  /** The file cut into blocks. */
  protected Blocks blocks;

  private static boolean jitWarmedUp;

  /**
   * Loads the data, lets the subclass prepare and check its codec, warms the JIT once per JVM, and
   * measures the steady-state allocation of one call (see {@link #measureAllocation}).
   */
  @Setup(Level.Trial)
  public final void setUpTrial(BenchmarkParams params) throws IOException {
    blocks = Blocks.cut(Corpus.read(file), block);
    prepare();
    String benchmark = params.getBenchmark();
    String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    check(method); // fail fast on an unsupported operation or a wrong result
    if (!jitWarmedUp) {
      jitWarmedUp = true;
      long max = Long.getLong("celer.bench.jitWarmupMs", 3000);
      warmUpJit(method, max / 2, max, 100);
    } else {
      warmUpJit(method, 0, Long.getLong("celer.bench.trialWarmupMs", 1000), 50);
    }
    String allocOut = System.getProperty("celer.bench.allocOut");
    if (allocOut != null) {
      measureAllocation(params, method, Paths.get(allocOut));
    }
  }

  /**
   * Runs the operation for at least {@code minMillis}, then in slices of {@code sliceMillis} (or of
   * three operations, when longer) until two slices in a row are no faster than the best slice
   * before them and the JIT finished no compilation during them (the JVM's total compilation time
   * did not move), at most {@code maxMillis}. The minimum covers a long C2 compilation, which adds
   * to the compilation time only when it ends. A
   * big method under C2 on a busy machine can take seconds; a hash loop is done in a few slices.
   * Every trial does this, not only the first of the JVM: a new file or block size can trip
   * uncommon traps compiled for the previous one, and the recompilation must be over before JMH
   * measures (run.sh therefore runs JMH without warm-up iterations of its own).
   */
  private void warmUpJit(String method, long minMillis, long maxMillis, long sliceMillis) {
    Volume scratch = new Volume();
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(maxMillis);
    long minEnd = start + TimeUnit.MILLISECONDS.toNanos(minMillis);
    run(method, scratch);
    long opNanos = System.nanoTime() - start;
    long sliceNanos = Math.max(
        TimeUnit.MILLISECONDS.toNanos(sliceMillis),
        Math.min(3 * opNanos, TimeUnit.MILLISECONDS.toNanos(500)));
    while (System.nanoTime() < minEnd) {
      run(method, scratch);
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    boolean jitTimed = jit != null && jit.isCompilationTimeMonitoringSupported();
    long compileTime = jitTimed ? jit.getTotalCompilationTime() : 0;
    double best = 0;
    int flat = 0;
    while (System.nanoTime() < deadline) {
      long sliceStart = System.nanoTime();
      long sliceEnd = sliceStart + sliceNanos;
      long ops = 0;
      long now;
      do {
        run(method, scratch);
        ops++;
        now = System.nanoTime();
      } while (now < sliceEnd);
      double rate = ops / (double) (now - sliceStart);
      long compileTimeNow = jitTimed ? jit.getTotalCompilationTime() : 0;
      boolean compiled = compileTimeNow != compileTime;
      compileTime = compileTimeNow;
      if (rate <= best * 1.03 && !compiled) {
        if (++flat == 2) {
          break;
        }
      } else {
        flat = 0;
      }
      best = Math.max(best, rate);
    }
    System.out.printf(
        "(celer warm-up of %s: %d ms) ",
        method, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
  }

  /**
   * Appends one JSON line to {@code out}: the bytes this thread allocated per call while running the
   * operation for about 50 ms, read from the JVM's per-thread allocation counter (the counter
   * {@code -prof gc} reads too, but without JMH's own allocations in the window, which otherwise
   * show up as a few bytes per call in short iterations).
   */
  private void measureAllocation(BenchmarkParams params, String method, Path out) throws IOException {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Volume volume = new Volume();
    run(method, volume); // any lazy allocation happens before the window
    volume.reset();
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
    long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    do {
      run(method, volume);
    } while (System.nanoTime() < end);
    long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    StringBuilder line = new StringBuilder("{\"benchmark\":\"").append(params.getBenchmark()).append('"');
    line.append(",\"params\":{");
    String sep = "";
    for (String key : params.getParamsKeys()) {
      line.append(sep).append('"').append(key).append("\":\"").append(params.getParam(key)).append('"');
      sep = ",";
    }
    line.append("},\"calls\":").append(volume.calls);
    line.append(",\"allocatedBytes\":").append(allocated);
    line.append(",\"bytesPerCall\":").append((double) allocated / Math.max(1, volume.calls));
    line.append("}\n");
    synchronized (AbstractCorpusBenchmark.class) {
      Files.write(out, line.toString().getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
  }

  /**
   * Builds the codec for the current parameters from {@link #blocks} and checks that it round-trips
   * them; throws (failing this combination, not the run) when the implementation cannot do it.
   */
  protected abstract void prepare();

  /** Checks once, before timing, that {@code method} works and gives the right result. */
  protected void check(String method) {
    run(method, new Volume());
  }

  /** Runs the benchmark method named {@code method} once; allocates nothing itself. */
  protected abstract long run(String method, Volume volume);
}
