package dev.celer.bench;

import com.dynatrace.hash4j.hashing.Hashing;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Side-by-side ratios in one JVM (issue 12): Celer's native backend, Celer's pure Java and
 * lz4-java's JNI build on the same blocks, interleaved. Each round runs every implementation for a
 * window of thread CPU time, in an order rotated from round to round, so that load from other
 * processes on a shared machine hits all of them alike; the report is the median over rounds of
 * each implementation's throughput, and of the per-round ratio native / Java.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp celer-bench/target/benchmarks.jar \
 *     [-Dsizes=4096,16384,65536] dev.celer.bench.OneJvmRatios [windowMs] [rounds] [corpus files...]
 * </pre>
 *
 * Not JMH: a plain loop over many blocks per call site, which is what the ratios need; absolute
 * MB/s are indicative only.
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

    Blocks(byte[][] raw) {
      this.raw = raw;
      this.packed = new byte[raw.length][];
      long n = 0;
      int max = 0;
      for (int i = 0; i < raw.length; i++) {
        packed[i] = Lz4.javaFastCompressor().compress(raw[i]);
        n += raw[i].length;
        max = Math.max(max, raw[i].length);
      }
      this.bytes = n;
      this.out = new byte[Lz4.maxCompressedLength(max)];
    }
  }

  static Op compress(Lz4Compressor c) {
    return b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += c.compress(r, 0, r.length, b.out, 0, b.out.length);
      }
      return s;
    };
  }

  static Op decompress(Lz4Decompressor d) {
    return b -> {
      long s = 0;
      for (int i = 0; i < b.raw.length; i++) {
        s += d.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
      }
      return s;
    };
  }

  static Op partial(Lz4Decompressor d) {
    return b -> {
      long s = 0;
      for (int i = 0; i < b.raw.length; i++) {
        s += d.decompressPartial(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length / 4);
      }
      return s;
    };
  }

  static Op jniCompress(net.jpountz.lz4.LZ4Compressor c) {
    return b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += c.compress(r, 0, r.length, b.out, 0, b.out.length);
      }
      return s;
    };
  }

  static Op jniDecompress(net.jpountz.lz4.LZ4SafeDecompressor d) {
    return b -> {
      long s = 0;
      for (int i = 0; i < b.raw.length; i++) {
        s += d.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
      }
      return s;
    };
  }

  interface Hash {
    long hash(byte[] a, int off, int len);
  }

  static Op hash(Hash h) {
    return b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += h.hash(r, 0, r.length);
      }
      return s;
    };
  }

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

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  public static void main(String[] args) throws IOException {
    long windowNs = (args.length > 0 ? Long.parseLong(args[0]) : 100) * 1_000_000L;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    List<Path> files = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      files.add(Paths.get(args[i]));
    }
    if (files.isEmpty()) {
      Path dir = Paths.get(System.getProperty("celer.corpus", "../shared/corpus"));
      for (String f : new String[] {"alice29.txt", "google.html", "linux-uapi-headers.tar", "libstdc++.so", "botocore-ec2.json", "fireworks.jpeg"}) {
        files.add(dir.resolve(f));
      }
    }
    System.out.println("# " + Lz4.backend() + "; Java " + Runtime.version() + "; window " + windowNs / 1_000_000 + " ms CPU, " + rounds
        + " rounds (2 more discarded as warm-up)");
    if (!Lz4.isNativeBackend()) {
      System.out.println("# the native backend is not active: run on JDK 25+ with --enable-native-access=ALL-UNNAMED");
    }
    LZ4Factory jni = LZ4Factory.nativeInstance();
    XXHashFactory xxJni = XXHashFactory.nativeInstance();
    System.out.printf(Locale.ROOT, "%-10s %-6s %-24s %10s %10s %10s %8s %8s %8s%n", "op", "size", "file", "native", "java", "jni", "nat/java", "nat/jni",
        "B/call");
    for (Path f : files) {
      byte[] all = Files.readAllBytes(f);
      for (int size : Arrays.stream(System.getProperty("sizes", "4096,16384,65536").split(",")).mapToInt(Integer::parseInt).toArray()) {
        int n = Math.max(1, Math.min(all.length / size, Math.max(256, (1 << 20) / size))); // about 1 MB of blocks, or 256
        byte[][] raw = new byte[n][];
        for (int i = 0; i < n; i++) {
          raw[i] = Arrays.copyOfRange(all, i * size, Math.min(all.length, (i + 1) * size));
        }
        Blocks b = new Blocks(raw);
        Map<String, Op[]> ops = new LinkedHashMap<>();
        ops.put("compress", new Op[] {compress(Lz4.fastCompressor()), compress(Lz4.javaFastCompressor()), jniCompress(jni.fastCompressor())});
        ops.put("decompress", new Op[] {decompress(Lz4.decompressor()), decompress(Lz4.javaDecompressor()), jniDecompress(jni.safeDecompressor())});
        ops.put("partial/4", new Op[] {partial(Lz4.decompressor()), partial(Lz4.javaDecompressor()), null});
        ops.put("hc9", new Op[] {compress(Lz4.highCompressor(9)), compress(Lz4.javaHighCompressor(9)), jniCompress(jni.highCompressor(9))});
        ops.put("xxh64", new Op[] {hash((a, o, l) -> XxHash64.hash(a, o, l, 0)), hash(OneJvmRatios::xxh64Java), hash((a, o, l) -> xxJni.hash64().hash(a, o, l, 0))});
        ops.put("xxh3", new Op[] {hash(XxHash3::hash), hash(OneJvmRatios::xxh3Java), hash((a, o, l) -> Hashing.xxh3_64().hashBytesToLong(a, o, l))});
        for (Map.Entry<String, Op[]> e : ops.entrySet()) {
          Op[] impls = e.getValue();
          int rr = e.getKey().equals("hc9") ? Math.max(3, rounds / 2) : rounds;
          double[][] v = new double[3][rr];
          double[] ratioJava = new double[rr];
          double[] ratioJni = new double[rr];
          for (int r = -2; r < rr; r++) {
            double[] x = new double[3];
            for (int k = 0; k < 3; k++) {
              int i = Math.floorMod(k + r, 3);
              x[i] = impls[i] == null ? Double.NaN : measure(impls[i], b, e.getKey().equals("hc9") ? windowNs * 2 : windowNs);
            }
            if (r >= 0) {
              for (int i = 0; i < 3; i++) {
                v[i][r] = x[i];
              }
              ratioJava[r] = x[0] / x[1];
              ratioJni[r] = x[0] / x[2];
            }
          }
          com.sun.management.ThreadMXBean mem = (com.sun.management.ThreadMXBean) CPU;
          long a0 = mem.getCurrentThreadAllocatedBytes();
          impls[0].run(b);
          double perCall = (double) (mem.getCurrentThreadAllocatedBytes() - a0) / b.raw.length;
          System.out.printf(Locale.ROOT, "%-10s %-6s %-24s %10.3f %10.3f %10.3f %8.2f %8.2f %8.1f%n", e.getKey(), size % 1024 == 0 ? size / 1024 + "K" : size + "B", f.getFileName(),
              median(v[0]), median(v[1]), median(v[2]), median(ratioJava), median(ratioJni), perCall);
        }
      }
    }
    System.out.println("# columns native/java/jni: GB/s of input per CPU second; jni = lz4-java 1.8.0 JNI for LZ4 and XXH64,"
        + " hash4j (pure Java) for XXH3; 'java' hashes are Celer's streaming API (pure Java in every backend);"
        + " B/call = heap bytes allocated per native call, over one pass after the rounds");
  }

  /** Celer's pure-Java XXH64: the streaming API, which the native backend does not replace. */
  static long xxh64Java(byte[] a, int off, int len) {
    XxHash64 h = XxHash64.create(0);
    h.update(a, off, len);
    return h.digest();
  }

  static long xxh3Java(byte[] a, int off, int len) {
    XxHash3 h = XxHash3.create(0);
    h.update(a, off, len);
    return h.digest();
  }
}
