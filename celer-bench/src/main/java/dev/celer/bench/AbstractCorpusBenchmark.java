package dev.celer.bench;

import java.io.IOException;
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
 * excluded when a JVM runs a single implementation and operation. The first trial of such a JVM
 * runs the operation for {@code celer.bench.jitWarmupMs} milliseconds (default 1000) before JMH's
 * own warm-up, so that the first parameter combination is not measured half-compiled.
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
      long millis = Long.getLong("celer.bench.jitWarmupMs", 1000);
      long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
      Volume scratch = new Volume();
      while (System.nanoTime() < end) {
        run(method, scratch);
      }
    }
    String allocOut = System.getProperty("celer.bench.allocOut");
    if (allocOut != null) {
      measureAllocation(params, method, Paths.get(allocOut));
    }
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
    long before = threads.getCurrentThreadAllocatedBytes();
    do {
      run(method, volume);
    } while (System.nanoTime() < end);
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
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
