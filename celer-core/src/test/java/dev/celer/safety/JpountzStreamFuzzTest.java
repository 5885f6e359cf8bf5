package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Fuzz targets for {@link JpountzBlockInputStream} (lz4-java's {@code LZ4Block} stream format):
 * any input gives data or an {@code IOException}, memory stays within the configured block limit,
 * the stream neither stops early nor loops on empty blocks; and a valid stream with one byte
 * changed reads back either unchanged or as an {@code IOException} — never as other data.
 */
class JpountzStreamFuzzTest {
  /** The block limit the fuzz targets configure; memory is checked against it. */
  static final int MAX_BLOCK = 1 << 18;

  @FuzzTest(maxDuration = "30s")
  void anyInput(FuzzedDataProvider in) {
    boolean stopOnEmpty = in.consumeBoolean();
    int chunk = in.consumeInt(1, 64);
    byte[] input = in.consumeRemainingAsBytes();
    StreamChecks.Opener open =
        s -> new JpountzBlockInputStream(new StreamChecks.Trickle(s, chunk), null, stopOnEmpty, MAX_BLOCK);
    StreamChecks.Result r = StreamChecks.readAll(open, input, 64 * MAX_BLOCK);
    if (!withinBudget(r, input.length)) {
      r = StreamChecks.readAll(open, input, 64 * MAX_BLOCK); // again, without first-use class loading
    }
    assertBoundedMemory(r, input.length);
  }

  @FuzzTest(maxDuration = "30s")
  void mutatedStreamNeverReadsAsOtherData(FuzzedDataProvider in) throws IOException {
    int blockSize = in.consumeInt(64, 4096);
    boolean syncFlush = in.consumeBoolean();
    int flushAt = in.consumeInt(0, 1 << 12);
    int mutateAt = in.consumeInt(0, Integer.MAX_VALUE);
    byte xor = (byte) in.consumeInt(1, 255);
    byte[] data = in.consumeRemainingAsBytes();
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out =
        new JpountzBlockOutputStream(sink, blockSize, Lz4.fastCompressor(), null, syncFlush)) {
      int first = Math.min(flushAt, data.length);
      out.write(data, 0, first);
      out.flush();
      out.write(data, first, data.length - first);
    }
    byte[] stream = sink.toByteArray();
    StreamChecks.Result clean = StreamChecks.readAll(JpountzBlockInputStream::new, stream, data.length + 1);
    assertTrue(clean.ok(), "a stream we wrote does not read back: " + clean.error());
    assertArrayEquals(data, clean.data(), "round trip");

    stream[mutateAt % stream.length] ^= xor;
    StreamChecks.Result r = StreamChecks.readAll(JpountzBlockInputStream::new, stream, 4 * data.length + 64);
    if (r.ok()) {
      assertArrayEquals(data, r.data(), "a corrupted stream (byte " + (mutateAt % stream.length)
          + " ^ " + (xor & 0xFF) + ") read back as different data without an error");
    }
  }

  /**
   * Memory used while reading: at most two block buffers of the configured limit (plus LZ4's
   * worst-case overhead) and what the output itself takes, whatever the headers announce.
   */
  static void assertBoundedMemory(StreamChecks.Result r, int inputLength) {
    assertTrue(withinBudget(r, inputLength), "allocated " + r.allocatedBytes() + " bytes reading "
        + inputLength + " bytes of input (" + r.data().length + " out); budget " + budget(r, inputLength));
  }

  static boolean withinBudget(StreamChecks.Result r, int inputLength) {
    return r.allocatedBytes() <= budget(r, inputLength);
  }

  static long budget(StreamChecks.Result r, int inputLength) {
    return 3L * Lz4.maxCompressedLength(MAX_BLOCK) + 8L * (inputLength + r.data().length) + (1 << 20);
  }
}
