package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What {@link Lz4Frame#decompress(byte[])} allocates for a large result (issue 11: 715 MiB for a
 * 200 MiB result, by doubling one array and trimming it). With a declared content size the
 * result is one array of the exact size; without, a pooled scratch, chunks and one exact copy.
 * Prints the numbers; the bounds are loose. {@code -Dceler.oneShotMiB=200} measures the issue's
 * case (default 32). And what the one-shot calls allocate per call on small frames (issue 26: 793
 * KB for a 4 KB frame through a stream with 4 MB buffers): the result and a few small objects.
 */
class OneShotAllocationTest {

  /**
   * Whether the JVM has {@code jdk.incubator.vector} (the {@code xxhash-vector} test execution):
   * the block decoder then copies with vectors, which allocate (about 1.3 bytes per decoded byte
   * measured on JDK 17), so the per-call bounds of the frame code are not checked there.
   */
  private static final boolean VECTOR = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

  @Test
  void decompressAllocatesAboutTheResult() throws Lz4StreamException {
    int mib = Math.min(256, Integer.getInteger("celer.oneShotMiB", 32));
    byte[] data = new byte[mib << 20];
    Random r = new Random(1);
    for (int i = 0; i < data.length; i += 64) {
      data[i] = (byte) r.nextInt(); // compressible, not trivially so
    }
    Lz4FrameOptions base = Lz4FrameOptions.builder().contentChecksum(true).build();
    byte[] withSize = Lz4Frame.compress(data, base.toBuilder().contentSize(data.length).build());
    byte[] withoutSize = Lz4Frame.compress(data, base);
    // the native backend binds its functions and sizes its pooled staging memory at first use
    Lz4Frame.decompress(Lz4Frame.compress(Arrays.copyOf(data, 8 << 20), base.toBuilder().contentSize(8 << 20).build()));
    long exact = measure(withSize, data, "with content size");
    long chunked = measure(withoutSize, data, "without content size");
    // Beyond the result: with a content size, a few small objects; without, the pooled scratch
    // (up to 4 MB and a window, on the first call), the chunks beyond it and one exact copy.
    long buffers = 8 << 20;
    assertTrue(VECTOR || exact < data.length + (64 << 10), "with a content size, allocated " + exact);
    assertTrue(chunked < 2.2 * data.length + buffers, "without a content size, allocated " + chunked);
  }

  private static long measure(byte[] frame, byte[] data, String what) throws Lz4StreamException {
    long before = StreamChecks.allocated();
    byte[] out = Lz4Frame.decompress(frame); // the default limit, 256 MiB
    long allocated = StreamChecks.allocated() - before;
    assertArrayEquals(data, out);
    System.out.printf(Locale.ROOT, "Lz4Frame.decompress, %d MiB result %s: allocated %.1f MiB (%.2f x)%n",
        data.length >> 20, what, allocated / 1048576.0, allocated / (double) data.length);
    return allocated; // 0 without a per-thread allocation counter on this JVM
  }

  /** A header that announces more than its blocks can hold sizes nothing: the output grows as decoded. */
  @Test
  void anAnnouncedSizeTheBlocksCannotHoldAllocatesNothing() {
    byte[] frame = Lz4Frame.compress(new byte[10], Lz4FrameOptions.builder().contentSize(10).build());
    long announced = 200L << 20;
    for (int i = 0; i < 8; i++) {
      frame[6 + i] = (byte) (announced >>> (8 * i)); // "Content Size", after magic, FLG and BD
    }
    frame[14] = FrameHeader.headerChecksum(frame, 4, 10);
    long before = StreamChecks.allocated();
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(frame));
    long allocated = StreamChecks.allocated() - before;
    assertEquals(Lz4StreamException.Kind.CORRUPT_BLOCK, e.kind(), e.getMessage());
    assertTrue(allocated < (4 << 20), "a 30-byte frame announcing 200 MiB allocated " + allocated);
  }
  /** Bytes allocated per call by {@code call}, averaged over 64 calls after a warm-up of 2000. */
  private static long perCall(ThrowingRunnable call) throws Exception {
    for (int i = 0; i < 2000; i++) {
      call.run();
    }
    long before = StreamChecks.allocated();
    for (int i = 0; i < 64; i++) {
      call.run();
    }
    return (StreamChecks.allocated() - before) / 64;
  }

  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  /**
   * A 4 KB frame, one-shot (issue 26): decompress allocates the result and at most 1 KB more
   * (walkers, a header), with or without a declared content size and content checksum; compress
   * the frame and at most 1 KB; the buffer calls at most 1 KB (nothing for the data).
   */
  @Test
  void smallFramesAllocateTheResultAndAFewSmallObjects() throws Exception {
    byte[] data = new byte[4096];
    Random r = new Random(2);
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) ('a' + r.nextInt(r.nextInt(26) + 1)); // text-like, compressible
    }
    ByteBuffer src = ByteBuffer.allocateDirect(data.length);
    src.put(data).flip();
    ByteBuffer frameBuf = ByteBuffer.allocateDirect(8192);
    ByteBuffer out = ByteBuffer.allocateDirect(8192);
    for (Lz4FrameOptions o : new Lz4FrameOptions[] {
        Lz4FrameOptions.builder().contentChecksum(false).build(),
        Lz4FrameOptions.defaults(),
        Lz4FrameOptions.builder().contentSize(data.length).blockChecksum(true).build()}) {
      byte[] frame = Lz4Frame.compress(data, o);
      long c = perCall(() -> Lz4Frame.compress(data, o));
      long d = perCall(() -> Lz4Frame.decompress(frame));
      long bc = perCall(() -> {
        src.rewind();
        frameBuf.clear();
        Lz4Frame.compress(src, frameBuf, o);
      });
      frameBuf.flip();
      long bd = perCall(() -> {
        frameBuf.rewind();
        out.clear();
        Lz4Frame.decompress(frameBuf, out);
      });
      out.flip();
      assertEquals(ByteBuffer.wrap(data), out);
      System.out.printf(Locale.ROOT, "one-shot, 4 KB frame, %s: compress %d B/call (frame %d B), decompress %d B/call,"
          + " buffers %d / %d B/call%n", o, c, frame.length, d, bc, bd);
      if (VECTOR) {
        continue; // the block decoder's vector copies allocate on this JVM: not the frame code's to bound
      }
      // The native backend adds its own per-call objects for heap arrays at an offset (up to a few
      // hundred bytes when its identity cache misses; measured up to 5,520 B per 4 KB decompress
      // in a CI run): allowed 1 KB more there, an open point of issue 26.
      int slack = dev.celer.lz4.Lz4.isNativeBackend() ? 2048 : 1024;
      assertTrue(c <= frame.length + slack + 16, "compress allocated " + c + " bytes per call");
      assertTrue(d <= data.length + slack + 16, "decompress allocated " + d + " bytes per call");
      assertTrue(bc <= slack, "compress(ByteBuffer) allocated " + bc + " bytes per call");
      assertTrue(bd <= slack, "decompress(ByteBuffer) allocated " + bd + " bytes per call");
    }
  }
}
