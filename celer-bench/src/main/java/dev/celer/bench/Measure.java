package dev.celer.bench;

import java.util.Arrays;
import java.util.List;

/**
 * What the one-JVM ratio harnesses ({@link OneShotFrameRatios}, {@link LinkedHighRatios}, {@link
 * ParallelDecodeRatios}, {@link OneJvmRatios}) measure alike: a call's speed over a slice of the
 * calling thread's CPU time, and medians of per-round results.
 */
final class Measure {
  private Measure() {}

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

  /** One measured call. */
  interface Call {
    void run() throws Exception;
  }

  /**
   * Runs {@code call} in batches of {@code batch} until {@code nanos} of this thread's CPU time
   * have passed.
   *
   * @return MB/s of this thread's CPU time, each call counting {@code bytes}
   */
  static double cpuSpeed(Call call, int bytes, long nanos, int batch) throws Exception {
    long t0 = THREADS.getCurrentThreadCpuTime();
    long t;
    long calls = 0;
    do {
      for (int i = 0; i < batch; i++) {
        call.run();
      }
      calls += batch;
      t = THREADS.getCurrentThreadCpuTime();
    } while (t - t0 < nanos);
    return (double) bytes * calls / ((t - t0) / 1e9) / 1e6;
  }

  /** @return the bytes this thread allocates per call of {@code call}, after 50 warm-up calls (mean of 20) */
  static long allocatedPerCall(Call call) throws Exception {
    for (int i = 0; i < 50; i++) {
      call.run();
    }
    long a0 = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int i = 0; i < 20; i++) {
      call.run();
    }
    return (THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - a0) / 20;
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  static double median(List<Double> v) {
    return median(v.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
