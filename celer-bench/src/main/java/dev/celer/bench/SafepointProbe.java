package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import java.util.Locale;
import java.util.Random;

/**
 * How long a native call holds other threads off a safepoint (issue 12): one thread makes LZ4 calls
 * on heap arrays of one size in a loop while the main thread asks for a safepoint every few
 * milliseconds ({@code System.gc()}); the JVM's {@code -Xlog:safepoint} then reports each time to
 * safepoint ("Reaching safepoint"), which a critical call that is running stretches up to its own
 * length. Run once per size and operation, with the cap lifted so that every call is critical:
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -Ddev.celer.native.criticalMax=2000000000 \
 *     -Xlog:safepoint:file=sp.log -cp ... dev.celer.bench.SafepointProbe fast|decompress|hc size [safepoints]
 * </pre>
 *
 * and read the largest "Reaching safepoint" in {@code sp.log}. The probe prints the mean time per
 * call, the longest a safepoint can wait for one.
 */
public final class SafepointProbe {
  private SafepointProbe() {}

  static volatile boolean stop;
  static volatile long calls;
  static volatile long sink;

  public static void main(String[] args) throws Exception {
    String op = args[0];
    int size = Integer.parseInt(args[1]);
    int safepoints = args.length > 2 ? Integer.parseInt(args[2]) : 60;
    byte[] data = new byte[size];
    Random r = new Random(1);
    byte[] words = "native calls and safepoints, measured rather than guessed; ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int i = 0; i < size; i++) {
      data[i] = r.nextInt(12) == 0 ? (byte) r.nextInt() : words[(i + i / 97) % words.length];
    }
    Lz4Compressor c = op.equals("hc") ? Lz4.highCompressor(9) : Lz4.fastCompressor();
    Lz4Decompressor d = Lz4.decompressor();
    byte[] packed = c.compress(data);
    byte[] out = new byte[Lz4.maxCompressedLength(size)];
    Thread worker = new Thread(() -> {
      long n = 0;
      while (!stop) {
        sink = op.equals("decompress") ? d.decompress(packed, 0, packed.length, out, 0, size) : c.compress(data, 0, size, out, 0, out.length);
        calls = ++n;
      }
    });
    worker.start();
    Thread.sleep(500); // warm-up
    long c0 = calls;
    long t0 = System.nanoTime();
    for (int i = 0; i < safepoints; i++) {
      System.gc();
      Thread.sleep(7 + i % 5);
    }
    long perCall = (System.nanoTime() - t0) / Math.max(1, calls - c0);
    stop = true;
    worker.join();
    System.out.printf(Locale.ROOT, "%s %d B: %s, about %d us per call%n", op, size, Lz4.backend(), perCall / 1000);
  }
}
