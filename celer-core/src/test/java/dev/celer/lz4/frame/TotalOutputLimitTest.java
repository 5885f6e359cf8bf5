package dev.celer.lz4.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * The total output limit (issue 11): {@code maxFrameContentSize} bounds each frame, so 50 frames
 * of 1 MiB passed a 1 MiB limit; {@code maxTotalOutputSize} bounds the whole input. Off by
 * default for streams; the one-shot helpers apply {@code maxOneShotSize} as it.
 */
class TotalOutputLimitTest {

  private static final int MIB = 1 << 20;
  private static final byte[] ONE_MIB = FrameTestSupport.mixed(MIB, 50);
  private static final byte[] FIFTY_FRAMES = fiftyFrames();

  private static byte[] fiftyFrames() {
    byte[] frame = Lz4Frame.compress(ONE_MIB, Lz4FrameOptions.builder().contentSize(MIB).build());
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (int i = 0; i < 50; i++) {
      all.write(frame, 0, frame.length);
    }
    return all.toByteArray();
  }

  /** Reads everything; returns how many bytes came before the end or the failure (thrown). */
  private static long drain(InputStream in, long[] delivered) throws IOException {
    byte[] buf = new byte[65536];
    for (int r; (r = in.read(buf)) >= 0; ) {
      delivered[0] += r;
    }
    return delivered[0];
  }

  @Test
  void fiftyFramesOfOneMibFailATotalLimitOfOneMib() {
    Lz4FrameReadOptions o = Lz4FrameReadOptions.builder().maxFrameContentSize(MIB).maxTotalOutputSize(MIB).build();
    long[] delivered = {0};
    Lz4StreamException e = assertThrows(Lz4StreamException.class,
        () -> drain(new Lz4FrameInputStream(new ByteArrayInputStream(FIFTY_FRAMES), o), delivered));
    assertEquals(Lz4StreamException.Kind.LIMIT, e.kind(), e.getMessage());
    assertTrue(e.getMessage().contains("maxTotalOutputSize"), e.getMessage());
    assertEquals(MIB, delivered[0], "exactly the first frame, nothing past the limit");
  }

  @Test
  void offByDefaultForStreams() throws IOException {
    assertEquals(Long.MAX_VALUE, Lz4FrameReadOptions.defaults().maxTotalOutputSize());
    Lz4FrameReadOptions perFrame = Lz4FrameReadOptions.builder().maxFrameContentSize(MIB).build();
    long[] delivered = {0};
    assertEquals(50L * MIB, drain(new Lz4FrameInputStream(new ByteArrayInputStream(FIFTY_FRAMES), perFrame), delivered));
    assertThrows(IllegalArgumentException.class, () -> Lz4FrameReadOptions.builder().maxTotalOutputSize(-1));
  }

  @Test
  void theOneShotHelperAppliesItsLimitToTheTotal() throws IOException {
    Lz4FrameReadOptions oneShot = Lz4FrameReadOptions.builder().maxOneShotSize(MIB).build();
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(FIFTY_FRAMES, oneShot));
    assertEquals(Lz4StreamException.Kind.LIMIT, e.kind(), e.getMessage());
    assertTrue(e.getMessage().contains("maxOneShotSize"), e.getMessage());
    // and maxTotalOutputSize when that is the smaller
    Lz4FrameReadOptions total = Lz4FrameReadOptions.builder().maxTotalOutputSize(MIB / 2).build();
    e = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(FIFTY_FRAMES, total));
    assertEquals(Lz4StreamException.Kind.LIMIT, e.kind(), e.getMessage());
    assertTrue(e.getMessage().contains("maxTotalOutputSize"), e.getMessage());
    // Exactly at the limit is within it.
    byte[] two = new byte[2 * (FIFTY_FRAMES.length / 50)];
    System.arraycopy(FIFTY_FRAMES, 0, two, 0, two.length);
    byte[] out = Lz4Frame.decompress(two, Lz4FrameReadOptions.builder().maxOneShotSize(2 * MIB).build());
    assertEquals(2 * MIB, out.length);
    assertArrayEquals(ONE_MIB, java.util.Arrays.copyOfRange(out, MIB, 2 * MIB));
  }
}
