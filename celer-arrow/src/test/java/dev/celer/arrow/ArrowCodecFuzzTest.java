package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;

/**
 * Fuzz target over the codec's decompress path, as Arrow's readers call it: any bytes as one
 * compressed Arrow buffer (the 8-byte little-endian length, then the body). The codec either
 * returns a buffer of exactly the declared length whose bytes are what Celer's array decoder makes
 * of the frame (a differential against another path of core), or throws an {@link
 * IllegalArgumentException} with Celer's exception as the cause; never another exception, and
 * nothing is left allocated (a root allocator of 64 MiB closes cleanly after every input; the
 * 255x check keeps a lying length within it). Seeds: {@code
 * src/test/resources/dev/celer/arrow/ArrowCodecFuzzTestInputs/decompressAnyBuffer/}. Registered in
 * {@code src/test/fuzz-targets.txt}; {@link ArrowBoundedFuzzingTest} fuzzes it under {@code -Pfuzz}.
 */
class ArrowCodecFuzzTest {
  private static final CompressionCodec CODEC = CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);

  @FuzzTest(maxDuration = "30s")
  void decompressAnyBuffer(byte[] input) {
    try (BufferAllocator allocator = new RootAllocator(64L << 20)) {
      ArrowBuf in = allocator.buffer(Math.max(1, input.length));
      in.setBytes(0, input);
      in.writerIndex(input.length);
      long declared = input.length >= 8 ? ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN).getLong(0) : 0;
      ArrowBuf out;
      try {
        out = CODEC.decompress(allocator, in);
      } catch (IllegalArgumentException e) {
        in.close(); // a failed decompress leaves the compressed buffer to its owner
        if (input.length < 8) {
          return; // Arrow's own check ("Not enough data to decompress.")
        }
        assertTrue(e.getCause() instanceof Lz4Exception || e.getCause() instanceof Lz4StreamException,
            "Celer's exception as the cause: " + e);
        return;
      }
      byte[] got = new byte[(int) out.writerIndex()];
      out.getBytes(0, got);
      out.close();
      byte[] body = Arrays.copyOfRange(input, 8, input.length);
      if (declared == -1) {
        assertArrayEquals(body, got, "a raw buffer");
      } else if (declared == 0) {
        assertEquals(0, got.length);
      } else {
        assertEquals(declared, got.length, "exactly the declared length");
        assertArrayEquals(Lz4Frame.decompress(body), got, "what the array decoder makes of the frame");
      }
    } catch (Lz4StreamException e) {
      throw new AssertionError("the codec decoded a frame the array decoder rejects", e);
    }
  }
}
