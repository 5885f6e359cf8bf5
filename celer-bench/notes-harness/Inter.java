package pb;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import com.dynatrace.hash4j.hashing.Hashing;
import com.dynatrace.hash4j.hashing.Hasher64;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHashFactory;
import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

/** Interleaved ratio harness: Celer vs lz4-java JNI vs C, round after round in one run. */
public class Inter {
  interface Op { long run(); }
  static long sink;

  /** Best rate over windows of about 25 ms within ms: the same "fastest run" rule as lz4 -b and xxhsum -b. */
  static double measure(Op op, long ms) {
    long stop = System.nanoTime() + ms * 1_000_000L; double best = 0;
    do {
      long bytes = 0; long t0 = System.nanoTime(); long end = t0 + 25_000_000L; long t;
      do { bytes += op.run(); t = System.nanoTime(); } while (t < end);
      best = Math.max(best, bytes / ((t - t0) / 1e9) / 1e6);
    } while (System.nanoTime() < stop);
    return best;
  }

  static double median(double[] a) { double[] b = a.clone(); Arrays.sort(b); int n = b.length; return n % 2 == 1 ? b[n/2] : (b[n/2-1] + b[n/2]) / 2; }

  static double[] cLz4(Path f, int block) throws Exception {
    int b = block == 0 ? 8 << 20 : block;
    Process p = new ProcessBuilder("lz4", "-b1", "-i1", "-B" + b, f.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    p.waitFor();
    Matcher m = Pattern.compile("([0-9.]+) MB/s ,\\s*([0-9.]+) MB/s").matcher(out);
    double c = 0, d = 0; while (m.find()) { c = Double.parseDouble(m.group(1)); d = Double.parseDouble(m.group(2)); }
    return new double[] {c, d};
  }

  static double cXxh(int variant, String size) throws Exception {
    Process p = new ProcessBuilder("xxhsum", "-b" + variant, "-B" + size, "-i1").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    p.waitFor();
    Matcher m = Pattern.compile("\\(\\s*([0-9.]+) MB/s\\)").matcher(out);
    double v = 0; while (m.find()) v = Double.parseDouble(m.group(1));
    return v;
  }

  public static void main(String[] a) throws Exception {
    String mode = a[0];
    if (mode.equals("lz4")) lz4(a); else hash(a);
  }

  static void lz4(String[] a) throws Exception {
    int block = Integer.parseInt(a[1]); int rounds = Integer.parseInt(a[2]); long ms = Long.parseLong(a[3]);
    boolean withC = !a[4].equals("noc");
    List<Path> files = new ArrayList<>();
    for (int i = 5; i < a.length; i++) files.add(Paths.get(a[i]));
    Lz4Compressor cc = Lz4.fastCompressor(); Lz4Decompressor cd = Lz4.decompressor();
    LZ4Factory jf = LZ4Factory.fastestInstance();
    LZ4Compressor jc = jf.fastCompressor(); LZ4SafeDecompressor jd = jf.safeDecompressor();
    int nf = files.size();
    String[] names = {"celerC", "jniC", "celerD", "jniD"};
    Op[][] ops = new Op[nf][];
    for (int fi = 0; fi < nf; fi++) {
      byte[] data = Files.readAllBytes(files.get(fi));
      int bs = block == 0 ? data.length : block;
      int nb = (data.length + bs - 1) / bs;
      byte[][] src = new byte[nb][]; byte[][] comp = new byte[nb][]; int[] clen = new int[nb];
      for (int i = 0; i < nb; i++) {
        src[i] = Arrays.copyOfRange(data, i * bs, Math.min(data.length, (i + 1) * bs));
        comp[i] = new byte[Lz4.maxCompressedLength(src[i].length)];
        clen[i] = cc.compress(src[i], 0, src[i].length, comp[i], 0, comp[i].length);
        byte[] j = new byte[comp[i].length];
        int jl = jc.compress(src[i], 0, src[i].length, j, 0, j.length);
        if (jl != clen[i] || !Arrays.equals(j, 0, jl, comp[i], 0, jl)) System.err.println("note: jni output differs, file " + fi + " block " + i);
      }
      byte[] out = new byte[Lz4.maxCompressedLength(bs)]; byte[] dec = new byte[bs];
      long total = data.length;
      ops[fi] = new Op[] {
        () -> { long s = 0; for (int i = 0; i < nb; i++) s += cc.compress(src[i], 0, src[i].length, out, 0, out.length); sink += s; return total; },
        () -> { long s = 0; for (int i = 0; i < nb; i++) s += jc.compress(src[i], 0, src[i].length, out, 0, out.length); sink += s; return total; },
        () -> { long s = 0; for (int i = 0; i < nb; i++) s += cd.decompress(comp[i], 0, clen[i], dec, 0, dec.length); sink += s; return total; },
        () -> { long s = 0; for (int i = 0; i < nb; i++) s += jd.decompress(comp[i], 0, clen[i], dec, 0, dec.length); sink += s; return total; },
      };
    }
    // warm up
    for (int w = 0; w < 2; w++) for (int fi = 0; fi < nf; fi++) for (Op op : ops[fi]) measure(op, 150);
    double[][][] r = new double[nf][6][rounds];
    for (int k = 0; k < rounds; k++) {
      for (int fi = 0; fi < nf; fi++) {
        for (int o = 0; o < 4; o++) r[fi][o][k] = measure(ops[fi][o], ms);
        if (withC) { double[] c = cLz4(files.get(fi), block); r[fi][4][k] = c[0]; r[fi][5][k] = c[1]; }
      }
    }
    System.out.printf("block=%s rounds=%d ms=%d%n", block == 0 ? "file" : block, rounds, ms);
    System.out.printf("%-24s %8s %8s %8s %8s %8s %8s | %6s %6s %6s %6s%n", "file", "celerC", "jniC", "C_c", "celerD", "jniD", "C_d", "cC/j", "cC/C", "cD/j", "cD/C");
    double[] g = new double[4]; int[] gn = new int[4];
    for (int fi = 0; fi < nf; fi++) {
      // ratios as medians of per-round ratios (robust to load changes between rounds)
      double[] rc = new double[rounds], rcc = new double[rounds], rd = new double[rounds], rdc = new double[rounds];
      for (int k = 0; k < rounds; k++) {
        rc[k] = r[fi][0][k] / r[fi][1][k]; rd[k] = r[fi][2][k] / r[fi][3][k];
        rcc[k] = r[fi][0][k] / r[fi][4][k]; rdc[k] = r[fi][2][k] / r[fi][5][k];
      }
      double[] rat = {median(rc), withC ? median(rcc) : Double.NaN, median(rd), withC ? median(rdc) : Double.NaN};
      for (int i = 0; i < 4; i++) if (!Double.isNaN(rat[i])) { g[i] += Math.log(rat[i]); gn[i]++; }
      System.out.printf("%-24s %8.0f %8.0f %8.0f %8.0f %8.0f %8.0f | %6.2f %6.2f %6.2f %6.2f%n", files.get(fi).getFileName(),
          median(r[fi][0]), median(r[fi][1]), median(r[fi][4]), median(r[fi][2]), median(r[fi][3]), median(r[fi][5]), rat[0], rat[1], rat[2], rat[3]);
    }
    System.out.printf("%-24s %53s | %6.2f %6.2f %6.2f %6.2f%n", "GEOMEAN", "", Math.exp(g[0]/gn[0]), gn[1] > 0 ? Math.exp(g[1]/gn[1]) : Double.NaN, Math.exp(g[2]/gn[2]), gn[3] > 0 ? Math.exp(g[3]/gn[3]) : Double.NaN);
  }

  static void hash(String[] a) throws Exception {
    int rounds = Integer.parseInt(a[1]); long ms = Long.parseLong(a[2]); boolean withC = !a[3].equals("noc");
    int[] sizes = {1024, 16384, 102400, 1 << 20};
    String[] csize = {"1K", "16K", "100K", "1M"};
    Random rnd = new Random(42);
    Hasher64 h4xx3 = Hashing.xxh3_64(); Hasher64 h4xx64 = Hashing.xxh64();
    var jx32 = XXHashFactory.fastestInstance().hash32(); var jx64 = XXHashFactory.fastestInstance().hash64();
    String[] names = {"celer32", "C32", "jni32", "celer64", "C64", "jni64", "h4j64", "celer3", "h4j3", "C3"};
    double[][][] r = new double[sizes.length][names.length][rounds];
    Op[][] ops = new Op[sizes.length][];
    for (int si = 0; si < sizes.length; si++) {
      int n = sizes[si]; int reps = Math.max(1, (1 << 20) / n);
      byte[] d = new byte[n + 64]; rnd.nextBytes(d);
      long tot = (long) n * reps;
      ops[si] = new Op[] {
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += XxHash32.hash(d, i & 63, n, 0); sink += s; return tot; },
        null,
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += jx32.hash(d, i & 63, n, 0); sink += s; return tot; },
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += XxHash64.hash(d, i & 63, n, 0); sink += s; return tot; },
        null,
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += jx64.hash(d, i & 63, n, 0); sink += s; return tot; },
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += h4xx64.hashBytesToLong(d, i & 63, n); sink += s; return tot; },
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += XxHash3.hash(d, i & 63, n); sink += s; return tot; },
        () -> { long s = 0; for (int i = 0; i < reps; i++) s += h4xx3.hashBytesToLong(d, i & 63, n); sink += s; return tot; },
        null,
      };
    }
    int[] cvar = {1, 3, 5};
    for (int w = 0; w < 2; w++) for (Op[] os : ops) for (Op op : os) if (op != null) measure(op, 200);
    for (int k = 0; k < rounds; k++)
      for (int si = 0; si < sizes.length; si++)
        for (int o = 0; o < names.length; o++) {
          if (ops[si][o] != null) r[si][o][k] = measure(ops[si][o], ms);
          else if (withC) r[si][o][k] = cXxh(o == 1 ? 1 : o == 4 ? 3 : 5, csize[si]);
        }
    System.out.printf("hash rounds=%d ms=%d (MB/s medians; ratios = median of per-round ratios)%n", rounds, ms);
    for (int si = 0; si < sizes.length; si++) {
      System.out.printf("size %-7d", sizes[si]);
      for (int o = 0; o < names.length; o++) System.out.printf(" %s=%.0f", names[o], median(r[si][o]));
      System.out.printf(" | 32/C=%.2f 32/jni=%.2f 64/C=%.2f 64/jni=%.2f 64/h4j=%.2f 3/h4j=%.2f 3/C=%.2f%n",
          rr(r[si][0], r[si][1]), rr(r[si][0], r[si][2]), rr(r[si][3], r[si][4]), rr(r[si][3], r[si][5]), rr(r[si][3], r[si][6]), rr(r[si][7], r[si][8]), rr(r[si][7], r[si][9]));
    }
  }
  static double rr(double[] x, double[] y) { double[] q = new double[x.length]; for (int i = 0; i < x.length; i++) q[i] = x[i] / y[i]; return median(q); }
}
