package net.jpountz.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.celer.lz4.Lz4;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, "the drop-in adds no copy and no allocation per call on the block API": once warm, a
 * {@link ByteBuffer} block call with absolute offsets (compress, fast and safe decompress) allocates
 * nothing, whether the buffers are heap, direct, read-only or offset slices. lz4-java's own calls
 * allocate nothing there either.
 *
 * <p>Measured with HotSpot's per-thread allocation counter ({@code
 * com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}) on the test's own (platform) thread,
 * on whichever backend is active: Celer's pure Java, or on Java 25 with native access its native
 * backend (celer-core's jar with its Java 25 layer), which allocates nothing per call either.
 */
class BlockAllocationTest {
  private static final int INPUT = 16 * 1024;
  private static final int PAD = 7;

  /** Keeps results alive so that the JIT cannot drop a call. */
  static volatile long sink;

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static long allocated() {
    return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()); // getCurrentThreadAllocatedBytes is JDK 14+
  }

  /** A buffer of {@code data} at index {@link #PAD}, with room after it; position 0, limit = capacity. */
  private static ByteBuffer holding(boolean direct, byte[] data, int room) {
    ByteBuffer b = direct ? ByteBuffer.allocateDirect(PAD + room) : ByteBuffer.allocate(PAD + room);
    b.position(PAD);
    b.put(data);
    b.clear();
    return b;
  }

  /** A view of {@code b} from index {@link #PAD} on, so that its index 0 is the parent's PAD. */
  private static ByteBuffer slice(ByteBuffer b) {
    return b.duplicate().position(PAD).slice();
  }

  /** Each call under test, by name. */
  private static Map<String, Runnable> calls() {
    byte[] data = BlockApiTest.sample(INPUT, 5);
    LZ4Compressor fast = LZ4Factory.fastestInstance().fastCompressor();
    LZ4Compressor hc = LZ4Factory.fastestInstance().highCompressor(9);
    LZ4FastDecompressor fastDec = LZ4Factory.fastestInstance().fastDecompressor();
    LZ4SafeDecompressor safeDec = LZ4Factory.fastestInstance().safeDecompressor();
    byte[] z = fast.compress(data);
    int zLen = z.length;
    int bound = fast.maxCompressedLength(INPUT);
    Map<String, Runnable> m = new LinkedHashMap<>();
    for (String kind : List.of("heap", "direct", "read-only heap", "read-only direct", "sliced direct")) {
      boolean direct = kind.contains("direct");
      boolean readOnly = kind.startsWith("read-only");
      boolean sliced = kind.startsWith("sliced");
      ByteBuffer in = holding(direct, data, INPUT);
      ByteBuffer packed = holding(direct, z, bound);
      ByteBuffer out = holding(direct, new byte[0], bound);
      ByteBuffer restored = holding(direct, new byte[0], INPUT);
      if (readOnly) {
        in = in.asReadOnlyBuffer();
        packed = packed.asReadOnlyBuffer();
      }
      int off = PAD;
      if (sliced) {
        in = slice(in);
        packed = slice(packed);
        out = slice(out);
        restored = slice(restored);
        off = 0;
      }
      ByteBuffer src = in;
      ByteBuffer zs = packed;
      ByteBuffer dst = out;
      ByteBuffer back = restored;
      int o = off;
      m.put("compress fast, " + kind, () -> sink = fast.compress(src, o, INPUT, dst, o, bound));
      m.put("compress HC, " + kind, () -> sink = hc.compress(src, o, INPUT, dst, o, bound));
      m.put("fast decompress, " + kind, () -> sink = fastDec.decompress(zs, o, back, o, INPUT));
      m.put("safe decompress, " + kind, () -> sink = safeDec.decompress(zs, o, zLen, back, o, INPUT));
      // each call does what it says, with the positions untouched
      assertEquals(zLen, fastDec.decompress(zs, o, back, o, INPUT), kind);
      assertEquals(INPUT, safeDec.decompress(zs, o, zLen, back, o, INPUT), kind);
      byte[] got = new byte[INPUT];
      back.duplicate().position(o).get(got);
      assertArrayEquals(data, got, kind);
      assertEquals(0, back.position(), kind);
      assertEquals(0, zs.position(), kind);
    }
    return m;
  }

  @Test
  void bufferBlockCallsAllocateNothingOnceWarm() {
    Map<String, Runnable> calls = calls();
    for (int i = 0; i < 300; i++) {
      calls.values().forEach(Runnable::run);
      allocated();
    }
    long overhead = Long.MAX_VALUE; // what two counter reads cost themselves
    for (int i = 0; i < 5; i++) {
      long a = allocated();
      overhead = Math.min(overhead, allocated() - a);
    }
    List<String> report = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (Map.Entry<String, Runnable> e : calls.entrySet()) {
      int n = 100;
      // the least of up to 30 rounds, so that a round run before the JIT compiled the call does not
      // count; 300 on the native backend, whose downcalls allocate their memory segments until C2
      // has compiled the call chain and scalar-replaced them (about 4,000 calls, later on a busy
      // machine: CI once saw 160 B/call left after 3,300 direct-buffer compressions)
      long best = Long.MAX_VALUE;
      int rounds = Lz4.isNativeBackend() ? 300 : 30;
      for (int round = 0; round < rounds && best > 0; round++) {
        long before = allocated();
        for (int i = 0; i < n; i++) {
          e.getValue().run();
        }
        best = Math.min(best, allocated() - before - overhead);
      }
      report.add(e.getKey() + ": " + best / (double) n + " B/call");
      if (best > 0) {
        failures.add(e.getKey() + ": " + best + " B over " + n + " calls");
      }
    }
    System.out.println("lz4-java drop-in, buffer block calls after warm-up (" + Lz4.backend() + "): " + report);
    assertTrue(failures.isEmpty(), "allocating calls: " + failures);
  }
}
