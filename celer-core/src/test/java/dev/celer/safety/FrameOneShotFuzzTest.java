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

  /** Helpers for the parallel calls (daemon threads: the fuzzing JVM never waits for them). */
  private static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "one-shot-fuzz");
    t.setDaemon(true);
    return t;
  });

  /**
   * Differential for the parallel one-shot call's direct path (one frame of independent blocks,
   * each decoded into its place): a frame of 64 KB blocks made from the fuzzer's bytes (repeated
   * to two to five blocks, with or without block and content checksums and content size, some
   * blocks flushed short), mutated or cut, gives with {@code parallelism} 2..4 the same bytes, or
   * the same exception with the same message, as {@link Lz4Frame#decompress(byte[],
   * Lz4FrameReadOptions)}.
   */
  @FuzzTest(maxDuration = "30s")
  void parallelDirectSameAsSequential(FuzzedDataProvider in) throws java.io.IOException {
    int parallelism = in.consumeInt(2, 4);
    boolean blockSums = in.consumeBoolean();
    boolean contentSum = in.consumeBoolean();
    boolean size = in.consumeBoolean();
    boolean verify = in.consumeBoolean();
    int flushAt = in.consumeInt(-1, 300_000);
    int total = in.consumeInt(65_537, 5 * 65_536);
    int mutateAt = in.consumeInt(-1, Integer.MAX_VALUE);
    byte xor = (byte) in.consumeInt(1, 255);
    int cut = in.consumeInt(0, Integer.MAX_VALUE);
    int limit = in.consumeInt(60_000, 1 << 20);
    byte[] seed = in.consumeRemainingAsBytes();
    byte[] data = new byte[total];
    for (int i = 0; i < total; i++) {
      data[i] = seed.length == 0 ? (byte) i : (byte) (seed[i % seed.length] + i / seed.length);
    }
    dev.celer.lz4.frame.Lz4FrameOptions.Builder b = dev.celer.lz4.frame.Lz4FrameOptions.builder()
        .blockSize(dev.celer.lz4.frame.Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(blockSums)
        .contentChecksum(contentSum);
    if (size) {
      b.contentSize(total);
    }
    java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();
    try (dev.celer.lz4.frame.Lz4FrameOutputStream out = new dev.celer.lz4.frame.Lz4FrameOutputStream(sink, b.build())) {
      int split = flushAt >= 0 && flushAt < total ? flushAt : total;
      out.write(data, 0, split);
      out.flush();
      out.write(data, split, total - split);
    }
    byte[] frame = sink.toByteArray();
    if (mutateAt >= 0) {
      frame[mutateAt % frame.length] ^= xor;
    }
    if (cut % 4 == 0) {
      frame = java.util.Arrays.copyOf(frame, cut % (frame.length + 1));
    }
    Lz4FrameReadOptions o = Lz4FrameReadOptions.builder().verifyChecksums(verify).maxOneShotSize(limit).build();
    byte[] f = frame;
    org.junit.jupiter.api.Assertions.assertEquals(outcome(() -> Lz4Frame.decompress(f, o)),
        outcome(() -> Lz4Frame.decompress(f, o, parallelism, POOL)), "parallelism " + parallelism);
  }

  private interface Call {
    byte[] run() throws dev.celer.lz4.Lz4StreamException;
  }

  /** @return the content's length and hash, or the exception's class, message, kind and offset */
  private static String outcome(Call c) {
    try {
      byte[] r = c.run();
      return r.length + " bytes, " + java.util.Arrays.hashCode(r);
    } catch (dev.celer.lz4.Lz4StreamException e) {
      return e.getClass().getName() + ": " + e.getMessage() + " @" + e.offset() + " " + e.kind();
    }
  }
}
