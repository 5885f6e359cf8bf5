package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Dictionary;
import dev.celer.xxhash.XxHash128;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Bytes allocated per steady-state call of the native backend (issue 12) where the JIT sees many
 * call sites: each operation on byte arrays, heap, direct and sliced direct buffers, and the
 * pure-Java implementation of each beside it, all run in turns, so that the profiles of the shared
 * code are polluted the way an application's are. After the warm-up, each call site's bytes per
 * call (HotSpot's per-thread allocation counter; the least of a few rounds) and its time per call
 * (the median round) are printed.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp celer-bench/target/benchmarks.jar \
 *     dev.celer.bench.NativeAllocationProbe [warmupSeconds] [inputBytes]
 * </pre>
 */
public final class NativeAllocationProbe {
  private NativeAllocationProbe() {}

  static volatile long sink;

  private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  public static void main(String[] args) {
    double warmSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 20;
    int size = args.length > 1 ? Integer.parseInt(args[1]) : 16 * 1024;
    String only = System.getProperty("only", "");
    byte[] data = new byte[size];
    byte[] words = "the quick brown fox jumps over the lazy dog, again and again; ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    java.util.Random r = new java.util.Random(5);
    for (int i = 0; i < size; i++) {
      data[i] = r.nextInt(10) == 0 ? (byte) r.nextInt() : words[(i * 7 + i / 64) % words.length];
    }
    byte[] packed = Lz4.javaFastCompressor().compress(data);
    int bound = Lz4.maxCompressedLength(size);
    Map<String, LongSupplier> calls = new LinkedHashMap<>();
    Lz4Compressor[] compressors = {Lz4.fastCompressor(), Lz4.javaFastCompressor(), Lz4.highCompressor(9), Lz4.javaHighCompressor(9)};
    String[] names = {"fast", "fast java", "HC 9", "HC 9 java"};
    Lz4Decompressor[] decoders = {Lz4.decompressor(), Lz4.javaDecompressor()};
    String[] decoderNames = {"decompress", "decompress java"};
    for (String kind : List.of("array", "heap buffer", "direct", "direct slice")) {
      boolean direct = kind.startsWith("direct");
      ByteBuffer in = buffer(direct, data, size + 7);
      ByteBuffer z = buffer(direct, packed, bound + 7);
      ByteBuffer out = buffer(direct, new byte[0], bound + 7);
      ByteBuffer back = buffer(direct, new byte[0], size + 7);
      int o = 7;
      if (kind.endsWith("slice")) {
        in = in.duplicate().position(7).slice();
        z = z.duplicate().position(7).slice();
        out = out.duplicate().position(7).slice();
        back = back.duplicate().position(7).slice();
        o = 0;
      }
      int off = o;
      ByteBuffer src = in;
      ByteBuffer zs = z;
      ByteBuffer dst = out;
      ByteBuffer res = back;
      byte[] arrOut = new byte[bound + 7];
      byte[] arrBack = new byte[size + 7];
      for (int c = 0; c < compressors.length; c++) {
        Lz4Compressor comp = compressors[c];
        calls.put(names[c] + ", " + kind, kind.equals("array")
            ? () -> comp.compress(data, 0, size, arrOut, 7, bound)
            : () -> comp.compress(src, off, size, dst, off, bound));
        if (kind.equals("array")) {
          byte[] whole = new byte[bound];
          calls.put(names[c] + ", array at 0", () -> comp.compress(data, 0, size, whole, 0, bound));
        }
      }
      for (int d = 0; d < decoders.length; d++) {
        Lz4Decompressor dec = decoders[d];
        calls.put(decoderNames[d] + ", " + kind, kind.equals("array")
            ? () -> dec.decompress(packed, 0, packed.length, arrBack, 7, size)
            : () -> dec.decompress(zs, off, packed.length, res, off, size));
        if (kind.equals("array")) {
          calls.put(decoderNames[d].replace("decompress", "partial") + ", " + kind,
              () -> dec.decompressPartial(packed, 0, packed.length, arrBack, 7, size / 2));
          // whole arrays (offset 0 on both sides): the native backend's segments made per call
          byte[] whole = new byte[size];
          calls.put(decoderNames[d] + ", array at 0", () -> dec.decompress(packed, 0, packed.length, whole, 0, size));
          calls.put(decoderNames[d].replace("decompress", "partial") + ", array at 0",
              () -> dec.decompressPartial(packed, 0, packed.length, whole, 0, size / 2));
          // more arrays (at an offset) than the native backend's segment cache holds: most calls
          // miss it and make their segments per call
          byte[][] many = new byte[4096][];
          for (int i = 0; i < many.length; i++) {
            many[i] = new byte[7 + size / 2];
          }
          int[] next = {0};
          calls.put(decoderNames[d].replace("decompress", "partial") + ", 4096 arrays at 7", () -> {
            byte[] to = many[next[0]++ & (many.length - 1)];
            return dec.decompressPartial(packed, 0, packed.length, to, 7, size / 2);
          });
        }
      }
      if (kind.equals("array")) {
        // with history: a separate dictionary (the input's first half), and linked blocks (the
        // block's history right before its output in the same array)
        int half = size / 2;
        byte[] dictPacked = new byte[bound];
        int dictLen = Lz4.javaFastCompressor().compress(data, half, size - half, dictPacked, 0, bound, data, 0, half);
        byte[] dictOut = new byte[size];
        byte[] linked = new byte[size];
        System.arraycopy(data, 0, linked, 0, half);
        for (int d = 0; d < decoders.length; d++) {
          Lz4Decompressor dec = decoders[d];
          String what = d == 0 ? "" : " java";
          calls.put("dictionary" + what + ", array", () -> dec.decompress(dictPacked, 0, dictLen, dictOut, 0, size - half, data, 0, half));
          calls.put("linked" + what + ", array", () -> dec.decompress(dictPacked, 0, dictLen, linked, half, size - half, linked, 0, half));
        }
        int[] consumed = new int[1];
        byte[] page = new byte[size / 4];
        calls.put("destSize, array", () -> Lz4.fastCompressor().compressDestSize(data, 0, size, page, 0, page.length, consumed));
        calls.put("destSize java, array", () -> Lz4.javaFastCompressor().compressDestSize(data, 0, size, page, 0, page.length, consumed));
        calls.put("HC 9 destSize, array", () -> Lz4.highCompressor(9).compressDestSize(data, 0, size, page, 0, page.length, consumed));
        calls.put("HC 9 destSize java, array", () -> Lz4.javaHighCompressor(9).compressDestSize(data, 0, size, page, 0, page.length, consumed));
        // dictionary compression with 64 KB of history: prepared once, and as an array per call
        byte[] dict64 = new byte[64 * 1024];
        for (int i = 0; i < dict64.length; i++) {
          dict64[i] = words[(i * 3 + i / 97) % words.length];
        }
        Lz4Dictionary prepared = Lz4Dictionary.of(dict64);
        calls.put("dictionary compress, array", () -> Lz4.fastCompressor().compress(data, 0, size, arrOut, 7, bound, prepared));
        calls.put("dictionary compress java, array", () -> Lz4.javaFastCompressor().compress(data, 0, size, arrOut, 7, bound, prepared));
        calls.put("byte[] dict compress, array", () -> Lz4.fastCompressor().compress(data, 0, size, arrOut, 7, bound, dict64, 0, dict64.length));
        byte[] secret = java.util.Arrays.copyOf(words, 192);
        calls.put("XXH3-64 secret, array", () -> XxHash3.hashWithSecret(data, 0, size, secret));
        calls.put("XXH3-128 secret, array", () -> XxHash128.hashWithSecret(data, 0, size, secret).low64());
        XxHash3 s64 = XxHash3.createWithSecret(secret);
        XxHash128 s128 = XxHash128.createWithSecret(secret);
        calls.put("XXH3-64 secret java, array", () -> {
          s64.reset();
          s64.update(data, 0, size);
          return s64.digest();
        });
        calls.put("XXH3-128 secret java, array", () -> {
          s128.reset();
          s128.update(data, 0, size);
          return s128.digest().low64();
        });
        calls.put("XXH64 walk, array", () -> {
          long h = 0;
          for (int p = 0; p + 512 <= size; p += 512) {
            h += XxHash64.hash(data, p, 512, 0);
          }
          return h;
        });
        calls.put("XXH3 walk, array", () -> {
          long h = 0;
          for (int p = 0; p + 512 <= size; p += 512) {
            h += XxHash3.hash(data, p, 512, 0);
          }
          return h;
        });
        calls.put("XXH32, array", () -> XxHash32.hash(data, 0, size, 7));
        calls.put("XXH64, array", () -> XxHash64.hash(data, 0, size, 7));
        calls.put("XXH3-64, array", () -> XxHash3.hash(data, 0, size, 7));
        calls.put("XXH3-128, array", () -> XxHash128.hash(data, 0, size, 7).low64());
      } else {
        ByteBuffer view = src.duplicate().position(off).limit(off + size);
        calls.put("XXH64, " + kind, () -> XxHash64.hash(view, 7));
        calls.put("XXH3-64, " + kind, () -> XxHash3.hash(view, 7));
        calls.put("XXH3-128, " + kind, () -> XxHash128.hash(view, 7).low64());
      }
    }
    calls.keySet().removeIf(k -> !k.matches(".*(" + only + ").*"));
    System.out.println(Lz4.backend() + "; " + size + " B inputs; " + calls.size() + " call sites; warm-up " + warmSeconds + " s");
    long end = System.nanoTime() + (long) (warmSeconds * 1e9);
    int turns = 0;
    while (System.nanoTime() < end || turns < 10) {
      for (LongSupplier s : calls.values()) {
        for (int i = 0; i < 20; i++) {
          sink = s.getAsLong();
        }
      }
      turns++;
    }
    long overhead = Long.MAX_VALUE;
    for (int i = 0; i < 20; i++) {
      long a = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
      overhead = Math.min(overhead, THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - a);
    }
    int n = 100;
    for (Map.Entry<String, LongSupplier> e : calls.entrySet()) {
      LongSupplier s = e.getValue();
      long best = Long.MAX_VALUE;
      long[] times = new long[15];
      for (int round = 0; round < times.length; round++) {
        long t = System.nanoTime();
        long a = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < n; i++) {
          sink = s.getAsLong();
        }
        long b = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        times[round] = System.nanoTime() - t;
        best = Math.min(best, b - a - overhead);
      }
      Arrays.sort(times);
      System.out.printf(Locale.ROOT, "%-32s %8.1f B/call %10.0f ns/call%n", e.getKey(), best / (double) n, times[times.length / 2] / (double) n);
    }
  }

  /** A buffer holding {@code data} at index 7, with {@code cap} bytes in all; position 0, limit = capacity. */
  private static ByteBuffer buffer(boolean direct, byte[] data, int cap) {
    ByteBuffer b = direct ? ByteBuffer.allocateDirect(cap) : ByteBuffer.allocate(cap);
    b.position(7);
    b.put(data);
    b.clear();
    return b;
  }
}
