package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What {@link Lz4Frame#decompress(byte[])} allocates for a large result (issue 11: 715 MiB for a
 * 200 MiB result, by doubling one array and trimming it). With a declared content size the
 * result is one array of the exact size; without, chunks and one exact copy. Prints the numbers;
 * the bounds are loose. {@code -Dceler.oneShotMiB=200} measures the case (default 32).
 */
class OneShotAllocationTest {

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
    long exact = measure(withSize, data, "with content size");
    long chunked = measure(withoutSize, data, "without content size");
    // Beyond the result, the stream's own buffers: a 4 MB block, its compressed form, 64 KB.
    long buffers = 8 << 20;
    assertTrue(exact < data.length + buffers, "with a content size, allocated " + exact);
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
}
