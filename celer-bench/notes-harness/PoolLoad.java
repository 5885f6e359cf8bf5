package pb;

import dev.celer.lz4.*;
import java.lang.management.*;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

/**
 * The compressor state pool against the former ThreadLocal, on a shared machine: MB of input per
 * thread-CPU second (time spent descheduled does not count, so the rate does not depend on how
 * many other processes run) for fast compress, HC 9 and decompress, with T threads sharing one
 * compressor instance, each over one corpus file cut into 16 KB blocks. The JIT is warmed on one
 * thread first (MILLIS of CPU per operation); then each of the T threads runs until it has used
 * 120 ms of CPU and keeps the best of its 20 ms slices; the rate printed is the mean over threads.
 * Usage: java -cp classes:celer-core.jar pb.PoolLoad FILE THREADS MILLIS
 * Run once per celer-core jar (before/after), alternated; see docs/benchmarks.md, "State pool".
 */
public class PoolLoad {
  static final ThreadMXBean TM = ManagementFactory.getThreadMXBean();
  static volatile long sink;

  public static void main(String[] a) throws Exception {
    byte[] data = Files.readAllBytes(Path.of(a[0]));
    int threads = Integer.parseInt(a[1]);
    long millis = Long.parseLong(a[2]);
    int bs = 16 * 1024;
    Lz4Compressor fast = Lz4.fastCompressor();
    Lz4Compressor hc = Lz4.highCompressor(9);
    Lz4Decompressor dec = Lz4.decompressor();
    StringBuilder line = new StringBuilder("threads=" + threads);
    for (String op : new String[] {"fast", "hc9", "decompress"}) {
      Callable<Double> task = () -> {
          int n = (data.length + bs - 1) / bs;
          byte[] out = new byte[n * Lz4.maxCompressedLength(bs)];
          int[] clen = new int[n];
          byte[] restored = new byte[data.length];
          for (int i = 0; i < n; i++) {
            int off = i * bs, len = Math.min(bs, data.length - off);
            clen[i] = fast.compress(data, off, len, out, i * Lz4.maxCompressedLength(bs), Lz4.maxCompressedLength(bs));
          }
          Lz4Compressor c = op.equals("hc9") ? hc : fast;
          double best = 0;
          long cpuBudget = Thread.currentThread().getName().equals("main") ? millis * 1_000_000L : 120_000_000L;
          long cpuStart = TM.getCurrentThreadCpuTime();
          while (TM.getCurrentThreadCpuTime() - cpuStart < cpuBudget) {
            long c0 = TM.getCurrentThreadCpuTime();
            long bytes = 0;
            do {
              for (int i = 0; i < n; i++) {
                int off = i * bs, len = Math.min(bs, data.length - off);
                if (op.equals("decompress")) {
                  sink += dec.decompress(out, i * Lz4.maxCompressedLength(bs), clen[i], restored, off, len);
                } else {
                  byte[] tmp = restored; // compress into the scratch array, keep `out` for decoding
                  sink += c.compress(data, off, len, tmp, 0, tmp.length);
                }
                bytes += len;
              }
            } while (TM.getCurrentThreadCpuTime() - c0 < 20_000_000L);
            best = Math.max(best, bytes / ((TM.getCurrentThreadCpuTime() - c0) / 1e3)); // MB per CPU-second
          }
          return best;
      };
      task.call(); // warm-up on the main thread
      ExecutorService ex = Executors.newFixedThreadPool(threads);
      List<Future<Double>> rates = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        rates.add(ex.submit(task));
      }
      double sum = 0;
      for (Future<Double> f : rates) {
        sum += f.get();
      }
      ex.shutdown();
      line.append(String.format(" %s=%.0f", op, sum / threads));
    }
    System.out.println(line);
  }
}
