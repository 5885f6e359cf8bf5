package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Fuzz targets for {@link Lz4FrameInputStream} (LZ4 frames, legacy frames, skippable frames,
 * concatenations): any input gives data or an {@code IOException}, with memory bounded by the
 * format's largest block (not by what a header announces), no read returning 0, no reading past
 * the end; a frame we wrote, cut anywhere, is reported as truncated; and with a content checksum,
 * one changed byte never reads back as different data; and the parallel path reads any input as
 * the sequential one does (same content, same exception and message).
 */
class FrameStreamFuzzTest {
  /** The parallel path's executor (daemon threads: nothing to shut down). */
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "frame-stream-fuzz");
    t.setDaemon(true);
    return t;
  });
  /** The format's largest block: 4 MB for frames, 8 MB for legacy frames. */
  private static final int LEGACY_BLOCK = 8 << 20;

  @FuzzTest(maxDuration = "30s")
  void anyInput(FuzzedDataProvider in) {
    Lz4FrameReadOptions.HeaderChecksum hc = in.pickValue(Lz4FrameReadOptions.HeaderChecksum.values());
    boolean verify = in.consumeBoolean();
    int chunk = in.consumeInt(1, 64);
    byte[] input = in.consumeRemainingAsBytes();
    Lz4FrameReadOptions options = Lz4FrameReadOptions.builder()
        .headerChecksum(hc).verifyChecksums(verify).maxFrameContentSize(1 << 22).build();
    StreamChecks.Opener open = s -> new Lz4FrameInputStream(new StreamChecks.Trickle(s, chunk), options);
    StreamChecks.Result r = StreamChecks.readAll(open, input, 1 << 26);
    long budget = 3L * Lz4.maxCompressedLength(LEGACY_BLOCK) + 8L * (input.length + r.data().length) + (1 << 20);
    if (r.allocatedBytes() > budget) {
      r = StreamChecks.readAll(open, input, 1 << 26); // again, without first-use class loading
    }
    assertTrue(r.allocatedBytes() <= budget, "allocated " + r.allocatedBytes() + " bytes reading "
        + input.length + " bytes of input; budget " + budget);
  }

  @FuzzTest(maxDuration = "30s")
  void writtenFramesSurviveTruncationAndCorruption(FuzzedDataProvider in) throws IOException {
    Lz4FrameOptions.BlockSize size = in.pickValue(Lz4FrameOptions.BlockSize.values());
    boolean linked = in.consumeBoolean();
    boolean blockChecksum = in.consumeBoolean();
    boolean legacy = in.consumeInt(0, 7) == 0;
    int level = in.pickValue(new int[] {1, 1, 3, 9, 12});
    int flushAt = in.consumeInt(0, 1 << 12);
    int cut = in.consumeInt(0, Integer.MAX_VALUE);
    int mutateAt = in.consumeInt(0, Integer.MAX_VALUE);
    byte xor = (byte) in.consumeInt(1, 255);
    byte[] data = in.consumeRemainingAsBytes();
    Lz4FrameOptions.Builder b = Lz4FrameOptions.builder().level(level);
    if (legacy) {
      b.legacy(true);
    } else {
      b.blockSize(size).linkedBlocks(linked).blockChecksum(blockChecksum).contentChecksum(true);
    }
    Lz4FrameOptions options = b.build();
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, options)) {
      int first = Math.min(flushAt, data.length);
      out.write(data, 0, first);
      out.flush();
      out.write(data, first, data.length - first);
    }
    byte[] frame = sink.toByteArray();
    String ctx = options + ", " + data.length + " bytes";
    StreamChecks.Result clean = StreamChecks.readAll(Lz4FrameInputStream::new, frame, data.length + 1);
    assertTrue(clean.ok(), "a frame we wrote does not read back (" + ctx + "): " + clean.error());
    assertArrayEquals(data, clean.data(), "round trip " + ctx);

    int at = cut % frame.length;
    StreamChecks.Result truncated = StreamChecks.readAll(Lz4FrameInputStream::new, Arrays.copyOf(frame, at), data.length + 1);
    if (truncated.ok()) {
      // only a legacy frame (no end mark) may end cleanly, and then only at a block boundary
      assertTrue(legacy, "frame cut at byte " + at + " of " + frame.length + " read as complete (" + ctx + ")");
      assertArrayEquals(Arrays.copyOf(data, truncated.data().length), truncated.data(), "legacy prefix " + ctx);
    } else {
      assertArrayEquals(Arrays.copyOf(data, truncated.data().length), truncated.data(),
          "data delivered before the truncation was reported " + ctx);
    }

    byte[] bad = frame.clone();
    int pos = mutateAt % bad.length;
    bad[pos] ^= xor;
    StreamChecks.Result r = StreamChecks.readAll(Lz4FrameInputStream::new, bad, 4 * data.length + (1 << 16));
    if (r.ok() && !legacy) {
      assertArrayEquals(data, r.data(), "a frame with byte " + pos + " ^ " + (xor & 0xFF)
          + " read back as different data without an error (" + ctx + ")");
    }
  }

  /**
   * Differential: the parallel stream against the sequential one, on frames of many short blocks
   * (written with a flush every few bytes), legacy and linked frames, concatenated and mutated or
   * cut, or on raw input. The same content must come out and the same exception (class and
   * message) end it.
   */
  @FuzzTest(maxDuration = "30s")
  void parallelSameAsSequential(FuzzedDataProvider in) throws IOException {
    int parallelism = in.consumeInt(2, 5);
    boolean verify = in.consumeBoolean();
    int chunk = in.consumeInt(1, 4096);
    byte[] input;
    if (in.consumeBoolean()) {
      input = in.consumeRemainingAsBytes();
    } else {
      int kind = in.consumeInt(0, 3);
      boolean blockChecksum = in.consumeBoolean();
      int every = in.consumeInt(1, 300);
      int cut = in.consumeInt(0, Integer.MAX_VALUE);
      int mutateAt = in.consumeInt(-1, Integer.MAX_VALUE);
      byte xor = (byte) in.consumeInt(1, 255);
      byte[] data = in.consumeRemainingAsBytes();
      Lz4FrameOptions.Builder b = Lz4FrameOptions.builder().blockChecksum(blockChecksum).contentChecksum(kind != 1);
      if (kind == 2) {
        b.legacy(true);
      } else if (kind == 3) {
        b.linkedBlocks(true);
      }
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, b.build())) {
        for (int i = 0; i < data.length; i += every) {
          out.write(data, i, Math.min(every, data.length - i));
          out.flush(); // a block each time
        }
      }
      sink.write(sink.toByteArray()); // two frames
      input = sink.toByteArray();
      if (cut % 3 == 0) {
        input = Arrays.copyOf(input, cut % (input.length + 1));
      }
      if (mutateAt >= 0 && input.length > 0) {
        input[mutateAt % input.length] ^= xor;
      }
    }
    Lz4FrameReadOptions options = Lz4FrameReadOptions.builder().verifyChecksums(verify)
        .maxFrameContentSize(1 << 22).build();
    StreamChecks.Result seq = StreamChecks.readAll(
        s -> new Lz4FrameInputStream(new StreamChecks.Trickle(s, chunk), options), input, 1 << 26);
    StreamChecks.Result par = StreamChecks.readAll(
        s -> new Lz4FrameInputStream(new StreamChecks.Trickle(s, chunk), options, parallelism, POOL), input, 1 << 26);
    assertArrayEquals(seq.data(), par.data(), "content, parallelism " + parallelism);
    assertEquals(String.valueOf(seq.error()), String.valueOf(par.error()), "error, parallelism " + parallelism);
    // the one-shot call's parallel form against its sequential one: the same bytes, or the same kind of error at the same offset
    Lz4FrameReadOptions oneShot = options.toBuilder().maxOneShotSize(1 << 24).build();
    byte[] frames = input;
    assertEquals(oneShot(() -> Lz4Frame.decompress(frames, oneShot)),
        oneShot(() -> Lz4Frame.decompress(frames, oneShot, parallelism, POOL)), "one-shot, parallelism " + parallelism);
  }

  private interface OneShot {
    byte[] run() throws Lz4StreamException;
  }

  /** @return the outcome of {@code call}, as a string: the content's hash and length, or the error's kind and offset */
  private static String oneShot(OneShot call) {
    try {
      byte[] out = call.run();
      return out.length + " bytes, " + Arrays.hashCode(out);
    } catch (Lz4StreamException e) {
      return e.kind() + " at " + e.offset();
    }
  }
}
