package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Thread-safety as documented: one shared compressor (fast and HC), decompressor and the static
 * hash functions, used from several threads at once on different inputs, give exactly the bytes
 * and values that single-threaded use gives (the compressors share pooled state; a leak of
 * that state between threads would show as different output).
 */
class ThreadSafetyStressTest {

  @Test
  void sharedInstancesGiveSingleThreadedResults() throws Exception {
    Random r = new Random(77);
    int n = 48;
    byte[][] inputs = new byte[n][];
    for (int i = 0; i < n; i++) {
      inputs[i] = FrameHostileTest.text(1000 + r.nextInt(70_000), i);
    }
    Lz4Compressor fast = Lz4.fastCompressor();
    Lz4Compressor fast9 = Lz4.fastCompressor(9);
    Lz4Compressor hc = Lz4.highCompressor(9);
    Lz4Decompressor dec = Lz4.decompressor();
    byte[][][] want = new byte[n][][];
    long[][] hashes = new long[n][];
    for (int i = 0; i < n; i++) {
      want[i] = new byte[][] {fast.compress(inputs[i]), fast9.compress(inputs[i]), hc.compress(inputs[i])};
      hashes[i] = new long[] {XxHash32.hash(inputs[i], 0, inputs[i].length, i), XxHash64.hash(inputs[i], 0, inputs[i].length, i),
          XxHash3.hash(inputs[i], 0, inputs[i].length, i)};
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> jobs = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int start = t;
        jobs.add(pool.submit(() -> {
          for (int round = 0; round < 3; round++) {
            for (int k = 0; k < n; k++) {
              int i = (start * 7 + k * 5 + round) % n;
              byte[] in = inputs[i];
              assertArrayEquals(want[i][0], fast.compress(in), "fast, input " + i);
              assertArrayEquals(want[i][1], fast9.compress(in), "fast 9, input " + i);
              if ((k + start) % 4 == 0) {
                assertArrayEquals(want[i][2], hc.compress(in), "HC, input " + i);
              }
              assertArrayEquals(in, dec.decompress(want[i][(k + round) % 3], in.length), "decode, input " + i);
              assertEquals(hashes[i][0], XxHash32.hash(in, 0, in.length, i));
              assertEquals(hashes[i][1], XxHash64.hash(in, 0, in.length, i));
              assertEquals(hashes[i][2], XxHash3.hash(in, 0, in.length, i));
            }
          }
          return null;
        }));
      }
      for (Future<?> f : jobs) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
