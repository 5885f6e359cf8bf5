package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.testsupport.Tools;
import org.junit.jupiter.api.Test;

/** The warm-up's hand-written frame is a valid LZ4 frame, for Celer and for lz4. */
class WarmupTest {
  @Test
  void theFrameDecodesTo1MbForCelerAndForLz4() throws Exception {
    byte[] frame = Warmup.frame();
    byte[] content = Lz4Frame.decompress(frame, Lz4FrameReadOptions.defaults());
    assertEquals(1 << 20, content.length);
    assertArrayEquals(content, Tools.lz4(frame, "-d", "-c"), "lz4 -d reads it too, checksum included");
    assertEquals('c', content[0]);
    assertEquals('c', content[16]);
  }
}
