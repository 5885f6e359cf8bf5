package dev.celer.safety;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.lz4.frame.OneShotComparison;

/**
 * Fuzz target for the one-shot frame calls (issue 26): any bytes decoded by {@link
 * Lz4Frame#decompress(byte[], Lz4FrameReadOptions)} and by {@link Lz4Frame#decompress(
 * java.nio.ByteBuffer, java.nio.ByteBuffer, Lz4FrameReadOptions)} on heap, read-only and direct
 * buffers give what {@link Lz4FrameInputStream} gives: the same bytes, or an error of the same
 * kind at the same offset, under the same output limit.
 */
class FrameOneShotFuzzTest {
  /** A dictionary for frames that carry dictionary ID 1 (or none). */
  private static final byte[] DICT = "lorem ipsum dolor sit amet, frame block ".repeat(40).getBytes(
      java.nio.charset.StandardCharsets.US_ASCII);

  @FuzzTest(maxDuration = "30s")
  void sameAsStream(FuzzedDataProvider in) {
    Lz4FrameReadOptions.HeaderChecksum hc = in.pickValue(Lz4FrameReadOptions.HeaderChecksum.values());
    boolean verify = in.consumeBoolean();
    boolean single = in.consumeBoolean();
    boolean dict = in.consumeBoolean();
    int limit = in.consumeInt(0, 1 << 18);
    byte[] input = in.consumeRemainingAsBytes();
    Lz4FrameReadOptions.Builder b = Lz4FrameReadOptions.builder()
        .headerChecksum(hc).verifyChecksums(verify).singleFrame(single).maxFrameContentSize(1 << 22);
    if (dict) {
      b.dictionary(DICT).dictionary(1, DICT);
    }
    OneShotComparison.assertAgree(input, b.build(), limit);
  }
}
