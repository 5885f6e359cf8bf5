package pb;

import dev.celer.lz4.*;
import java.lang.management.*;
import java.nio.file.*;
import java.util.*;
import net.jpountz.lz4.*;

/**
 * Celer vs lz4-java JNI decompression rates per thread-CPU second (load-robust on a shared machine:
 * time spent descheduled does not count), best 20 ms slice, median of rounds, implementations
 * interleaved. Two output layouts: into the file-sized buffer at each block's offset (as JMH's
 * Lz4BlockBenchmark and lz4 -b do) and into one block-sized buffer (as Inter does).
 * Usage: java -cp classes:celer.jar:lz4-java.jar pb.Lay BLOCK(0=file) ROUNDS FILE... (corpus names)
 */
public class Lay {
  static final ThreadMXBean TM = ManagementFactory.getThreadMXBean();
  static long sink;
  interface Op { long run(); }

  /** One file cut into blocks, compressed into one array, decoded into a file-sized buffer (as JMH and lz4 -b do). */
  static final class Set {
    byte[] data, comp, restored; int[] off, len, coff, clen; int n;
    Set(byte[] d, int bs, Lz4Compressor c) {
      data = d; if (bs == 0) bs = d.length; n = (d.length + bs - 1) / bs;
      off = new int[n]; len = new int[n]; coff = new int[n]; clen = new int[n];
      int room = 0; for (int i = 0; i < n; i++) { off[i] = i * bs; len[i] = Math.min(bs, d.length - off[i]); room += Lz4.maxCompressedLength(len[i]); }
      comp = new byte[room]; restored = new byte[d.length]; int r = 0;
      for (int i = 0; i < n; i++) { coff[i] = r; clen[i] = c.compress(d, off[i], len[i], comp, r, Lz4.maxCompressedLength(len[i])); r += Lz4.maxCompressedLength(len[i]); }
    }
    long run(Lz4Decompressor dd) { long s = 0; for (int i = 0; i < n; i++) s += dd.decompress(comp, coff[i], clen[i], restored, off[i], len[i]); sink += s; return data.length; }
  }

  static double rate(Op op, long ms) {
    long w0 = System.nanoTime(); double best = 0;
    while (System.nanoTime() - w0 < ms * 1_000_000L) {
      long c1 = TM.getCurrentThreadCpuTime(), bb = 0;
      do { bb += op.run(); } while (TM.getCurrentThreadCpuTime() - c1 < 20_000_000L);
      best = Math.max(best, bb / ((TM.getCurrentThreadCpuTime() - c1) / 1e3));
    }
    return best;
  }
  public static void main(String[] a) throws Exception {
    Path dir = Paths.get("/work/shared/corpus");
    int bs0 = Integer.parseInt(a[0]); int rounds = Integer.parseInt(a[1]);
    Lz4Compressor c = Lz4.fastCompressor(); Lz4Decompressor d = Lz4.decompressor();
    LZ4SafeDecompressor j = LZ4Factory.fastestInstance().safeDecompressor();
    List<Op[]> ops = new ArrayList<>(); List<String> names = new ArrayList<>();
    for (int fi = 2; fi < a.length; fi++) {
      Set s = new Set(Files.readAllBytes(dir.resolve(a[fi])), bs0, c);
      byte[] small = new byte[s.len[0]];
      long tot = s.data.length;
      ops.add(new Op[] {
        () -> { long x = 0; for (int i = 0; i < s.n; i++) x += d.decompress(s.comp, s.coff[i], s.clen[i], s.restored, s.off[i], s.len[i]); sink += x; return tot; },
        () -> { long x = 0; for (int i = 0; i < s.n; i++) x += j.decompress(s.comp, s.coff[i], s.clen[i], s.restored, s.off[i], s.len[i]); sink += x; return tot; },
        () -> { long x = 0; for (int i = 0; i < s.n; i++) x += d.decompress(s.comp, s.coff[i], s.clen[i], small, 0, s.len[i]); sink += x; return tot; },
        () -> { long x = 0; for (int i = 0; i < s.n; i++) x += j.decompress(s.comp, s.coff[i], s.clen[i], small, 0, s.len[i]); sink += x; return tot; },
      });
      names.add(a[fi]);
    }
    for (Op[] o : ops) for (Op p : o) rate(p, 300);
    double[][][] r = new double[ops.size()][4][rounds];
    for (int k = 0; k < rounds; k++) for (int f = 0; f < ops.size(); f++) for (int o = 0; o < 4; o++) r[f][o][k] = rate(ops.get(f)[o], 400);
    System.out.println("block " + bs0 + ": file-sized out (JMH) celer jni ratio | block-sized out (Inter) celer jni ratio");
    for (int f = 0; f < ops.size(); f++) {
      double[] m = new double[4]; for (int o = 0; o < 4; o++) { double[] x = r[f][o].clone(); Arrays.sort(x); m[o] = x[rounds / 2]; }
      System.out.printf("%-16s %6.0f %6.0f %5.2f | %6.0f %6.0f %5.2f%n", names.get(f), m[0], m[1], m[0] / m[1], m[2], m[3], m[2] / m[3]);
    }
  }
}
