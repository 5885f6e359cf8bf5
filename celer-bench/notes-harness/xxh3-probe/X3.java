package x;
import com.dynatrace.hash4j.hashing.Hasher32;
import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import java.util.*;
import java.util.function.LongSupplier;

/** X3 algo rounds ms size... : Celer vs hash4j interleaved, best 20 ms window per measurement. */
public class X3 {
  static long sink;
  public static void main(String[] a) {
    String algo = a[0]; int rounds = Integer.parseInt(a[1]); long ms = Long.parseLong(a[2]);
    int[] sizes = Arrays.stream(a).skip(3).mapToInt(Integer::parseInt).toArray();
    byte[] d = new byte[(1 << 20) + 128]; new Random(1).nextBytes(d);
    Hasher64 h3 = Hashing.xxh3_64(); Hasher32 h32 = Hashing.xxh32();
    double[][][] r = new double[sizes.length][2][rounds];
    for (int round = -1; round < rounds; round++) {
      for (int si = 0; si < sizes.length; si++) {
        int n = sizes[si];
        int reps = Math.max(1, (1 << 20) / n);
        LongSupplier c, h;
        if (algo.equals("xxh3")) {
          c = () -> { long s = 0; for (int i = 0; i < reps; i++) s += XxHash3.hash(d, i & 63, n); sink += s; return (long) reps * n; };
          h = () -> { long s = 0; for (int i = 0; i < reps; i++) s += h3.hashBytesToLong(d, i & 63, n); sink += s; return (long) reps * n; };
        } else {
          c = () -> { long s = 0; for (int i = 0; i < reps; i++) s += XxHash32.hash(d, i & 63, n, 0); sink += s; return (long) reps * n; };
          h = () -> { long s = 0; for (int i = 0; i < reps; i++) s += h32.hashBytesToInt(d, i & 63, n); sink += s; return (long) reps * n; };
        }
        double rc = best(c, ms), rh = best(h, ms);
        if (round >= 0) { r[si][0][round] = rc; r[si][1][round] = rh; }
      }
    }
    StringBuilder sb = new StringBuilder(algo);
    for (int si = 0; si < sizes.length; si++) {
      double[] ratio = new double[rounds];
      for (int k = 0; k < rounds; k++) ratio[k] = r[si][0][k] / r[si][1][k];
      sb.append(String.format("  %d: celer %.0f h4j %.0f ratio %.3f", sizes[si], med(r[si][0]), med(r[si][1]), med(ratio)));
    }
    System.out.println(sb);
  }
  static double med(double[] v) { double[] c = v.clone(); Arrays.sort(c); return c[c.length / 2]; }
  static final java.lang.management.ThreadMXBean TM = java.lang.management.ManagementFactory.getThreadMXBean();
  static double best(LongSupplier f, long ms) {
    long end = System.nanoTime() + ms * 1_000_000L; double best = 0;
    do {
      long c0 = TM.getCurrentThreadCpuTime(), b = 0, c;
      do { b += f.getAsLong(); c = TM.getCurrentThreadCpuTime(); } while (c - c0 < 20_000_000L);
      best = Math.max(best, b / ((c - c0) / 1e9) / 1e6);
    } while (System.nanoTime() < end);
    return best;
  }
}
