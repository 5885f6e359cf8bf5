package dev.celer.lz4.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Lz4FrameReadOptions.Builder#singleFrame(boolean)}: the stream ends with the first frame
 * and the underlying stream is read exactly to that frame's last byte, so what follows it (another
 * frame, a skippable frame, other data) is still there for the caller.
 */
class Lz4FrameSingleFrameTest {
  private static final Lz4FrameReadOptions SINGLE = Lz4FrameReadOptions.builder().singleFrame(true).build();
  private static final byte[] SKIPPABLE = {0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3};

  private static byte[] text(int n, int seed) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) ("single frame " + seed).charAt(i % (13 + String.valueOf(seed).length()));
    }
    return b;
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** Every kind of frame ending: end mark alone, with a content checksum, with block checksums, empty. */
  private static List<Lz4FrameOptions> endings(int contentSize) {
    return List.of(
        Lz4FrameOptions.defaults(),
        Lz4FrameOptions.builder().contentChecksum(true).build(),
        Lz4FrameOptions.builder().blockChecksum(true).contentChecksum(true).contentSize(contentSize).build(),
        Lz4FrameOptions.builder().linkedBlocks(true).blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
  }

  @Test
  void stopsExactlyAtTheEndOfTheFirstFrame() throws IOException {
    for (int n : new int[] {0, 1, 1000, 200_000}) {
      byte[] data = text(n, n);
      for (Lz4FrameOptions o : endings(n)) {
        byte[] first = Lz4Frame.compress(data, o);
        byte[] second = Lz4Frame.compress(text(50, 7));
        for (byte[] after : List.of(second, SKIPPABLE, "not a frame".getBytes(StandardCharsets.US_ASCII), new byte[0])) {
          byte[] all = concat(first, after);
          ByteArrayInputStream under = new ByteArrayInputStream(all);
          try (Lz4FrameInputStream in = new Lz4FrameInputStream(under,
              SINGLE.toBuilder().closeUnderlying(false).build())) {
            assertArrayEquals(data, in.readAllBytes(), o + " n=" + n);
            assertEquals(-1, in.read());
            assertEquals(first.length, in.compressedBytesRead(), o + " n=" + n);
            assertArrayEquals(after, under.readAllBytes(), o + " n=" + n + ": the rest starts where the frame ends");
          }
        }
      }
    }
  }

  @Test
  void skipsSkippableFramesBeforeTheFrameOnly() throws IOException {
    byte[] data = text(3000, 1);
    byte[] second = Lz4Frame.compress(text(10, 2));
    byte[] all = concat(SKIPPABLE, SKIPPABLE, Lz4Frame.compress(data), SKIPPABLE, second);
    ByteArrayInputStream under = new ByteArrayInputStream(all);
    Lz4FrameInputStream in = new Lz4FrameInputStream(under, SINGLE);
    assertArrayEquals(data, in.readAllBytes());
    assertEquals(1, in.framesRead());
    assertArrayEquals(concat(SKIPPABLE, second), under.readAllBytes());
  }

  @Test
  void offByDefaultAndInTheOneShot() throws IOException {
    byte[] a = text(500, 3);
    byte[] b = text(700, 4);
    byte[] two = concat(Lz4Frame.compress(a), Lz4Frame.compress(b));
    assertArrayEquals(concat(a, b), new Lz4FrameInputStream(new ByteArrayInputStream(two)).readAllBytes());
    assertArrayEquals(concat(a, b), Lz4Frame.decompress(two));
    assertEquals(false, Lz4FrameReadOptions.defaults().singleFrame());
    // the one-shot decodes the first frame and ignores what follows, declared sizes or not
    assertArrayEquals(a, Lz4Frame.decompress(two, SINGLE));
    Lz4FrameOptions sized = Lz4FrameOptions.builder().contentSize(a.length).build();
    byte[] twoSized = concat(Lz4Frame.compress(a, sized), Lz4Frame.compress(b, sized.toBuilder().contentSize(b.length).build()));
    assertArrayEquals(a, Lz4Frame.decompress(twoSized, SINGLE));
    assertArrayEquals(a, Lz4Frame.decompress(concat(Lz4Frame.compress(a, sized), "junk".getBytes(StandardCharsets.US_ASCII)), SINGLE));
    assertEquals(true, SINGLE.toBuilder().build().singleFrame());
  }

  @Test
  void aLegacyFrameEndsWhereTheNextMagicNumberIsRead() throws IOException {
    byte[] data = text(9000, 5);
    byte[] legacy = Lz4Frame.compress(data, Lz4FrameOptions.builder().legacy(true).build());
    byte[] second = Lz4Frame.compress(text(10, 6));
    ByteArrayInputStream under = new ByteArrayInputStream(concat(legacy, second));
    Lz4FrameInputStream in = new Lz4FrameInputStream(under, SINGLE);
    assertArrayEquals(data, in.readAllBytes());
    assertArrayEquals(Arrays.copyOfRange(second, 4, second.length), under.readAllBytes());
  }

  @Test
  void aTruncatedFirstFrameIsStillTruncated() {
    byte[] frame = Lz4Frame.compress(text(5000, 8), Lz4FrameOptions.builder().contentChecksum(true).build());
    for (int cut : new int[] {3, 6, frame.length / 2, frame.length - 4, frame.length - 1}) {
      Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(Arrays.copyOf(frame, cut)), SINGLE);
      Lz4StreamException e = assertThrows(Lz4StreamException.class, in::readAllBytes, "cut=" + cut);
      assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), "cut=" + cut);
    }
  }
}
