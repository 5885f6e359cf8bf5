package dev.celer.internal.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.xxhash.XxHash32;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The frame walker over a stream of every frame type: frame and block offsets add up, checksums
 * are handed out as stored, skippable data can be read or passed over, a legacy frame ends at the
 * next magic number, and every cut of the stream is reported as truncated unless it falls between
 * frames (or between the blocks of a legacy frame, which the format cannot tell from its end).
 */
class FrameWalkerTest {

  private static final byte[] TEXT = "frame walker ".repeat(2000).getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NOISE = new byte[70_000];

  static {
    new Random(3).nextBytes(NOISE);
  }

  /** Text then noise: with 64 KB blocks, a compressed block and a stored one. */
  private static final byte[] CONTENT = concat(TEXT, NOISE);
  private static final byte[] SKIP_DATA = "index".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] FRAME = Lz4Frame.compress(CONTENT, Lz4FrameOptions.builder()
      .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).contentSize(CONTENT.length).build());
  private static final byte[] LEGACY = Lz4Frame.compress(TEXT, Lz4FrameOptions.builder().legacy(true).build());
  private static final byte[] SKIPPABLE = skippable(SKIP_DATA);
  /** skippable | LZ4 frame | legacy frame (ended by the next magic) | LZ4 frame | skippable | legacy (ended by EOF) */
  private static final byte[] STREAM = concat(SKIPPABLE, FRAME, LEGACY, FRAME, SKIPPABLE, LEGACY);

  private static byte[] skippable(byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      Lz4Frame.writeSkippableFrame(out, 7, data, 0, data.length);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return out.toByteArray();
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.write(p, 0, p.length);
    }
    return out.toByteArray();
  }

  private static FrameWalker walker(byte[] input) {
    return new FrameWalker(new SourceReader(new ByteArrayInputStream(input)),
        Lz4FrameReadOptions.HeaderChecksum.STANDARD);
  }

  /** One line per frame and block, as the walker reports them. */
  private static List<String> walk(byte[] input, boolean readData) throws IOException {
    FrameWalker w = walker(input);
    List<String> events = new ArrayList<>();
    while (w.nextFrame()) {
      events.add(w.frameType() + "@" + w.frameOffset());
      if (w.frameType() == FrameWalker.FrameType.SKIPPABLE) {
        if (readData) {
          byte[] d = new byte[(int) w.skippableSize()];
          w.readSkippable(d, 0, d.length);
          assertArrayEquals(SKIP_DATA, d);
        }
        assertEquals(w.frameOffset() + 8 + SKIP_DATA.length, w.frameEnd());
        continue;
      }
      long expect = w.offset();
      while (w.nextBlock()) {
        assertEquals(expect, w.blockOffset(), "blocks follow each other");
        events.add("block@" + w.blockOffset() + (w.blockStored() ? " stored " : " ") + w.blockSize());
        if (readData) {
          byte[] d = new byte[w.blockSize()];
          w.readBlock(d, 0);
          if (w.hasBlockChecksum()) {
            assertEquals(XxHash32.hash(d, 0, d.length, 0), w.blockChecksum());
          }
        } else {
          w.skipBlock();
        }
        expect = w.offset();
      }
      events.add("end@" + w.frameEnd());
    }
    assertEquals(input.length, w.offset());
    assertFalse(w.nextFrame(), "the end stays the end");
    return events;
  }

  @Test
  void walksEveryFrameTypeWithOffsets() throws IOException {
    List<String> events = walk(STREAM, true);
    assertEquals(events, walk(STREAM, false), "reading and skipping walk the same way");
    int f1 = SKIPPABLE.length;
    int l1 = f1 + FRAME.length;
    int f2 = l1 + LEGACY.length;
    int s2 = f2 + FRAME.length;
    int l2 = s2 + SKIPPABLE.length;
    List<String> frames = new ArrayList<>();
    for (String e : events) {
      if (!e.startsWith("block")) {
        frames.add(e);
      }
    }
    assertEquals(List.of("SKIPPABLE@0", "LZ4@" + f1, "end@" + l1, "LEGACY@" + l1, "end@" + f2, "LZ4@" + f2,
        "end@" + s2, "SKIPPABLE@" + s2, "LEGACY@" + l2, "end@" + STREAM.length), frames);
    // The LZ4 frame: header of 15 bytes (content size), a compressed block, a stored one.
    int first = events.indexOf("LZ4@" + f1);
    assertTrue(events.get(first + 1).startsWith("block@" + (f1 + 15) + " "), events.get(first + 1));
    assertTrue(events.get(first + 2).contains(" stored "), events.get(first + 2));
  }

  @Test
  void headerOfAnLz4Frame() throws IOException {
    FrameWalker w = walker(FRAME);
    assertTrue(w.nextFrame());
    FrameHeader h = w.header();
    assertEquals(CONTENT.length, h.contentSize());
    assertTrue(h.hasContentSize() && h.blockChecksum() && h.contentChecksum() && h.blockIndependence());
    assertEquals(Lz4FrameOptions.BlockSize.SIZE_64KB, h.blockSize());
    assertTrue(w.nextBlock());
    assertThrows(IllegalStateException.class, w::nextFrame, "blocks are left");
    while (w.nextBlock()) {
      // nextBlock passes over the data of a block neither read nor skipped
    }
    assertEquals(XxHash32.hash(CONTENT, 0, CONTENT.length, 0), w.contentChecksum());
    assertFalse(w.nextFrame());
  }

  @Test
  void legacyAndSkippableFramesHaveNoHeader() throws IOException {
    FrameWalker w = walker(concat(SKIPPABLE, LEGACY));
    assertTrue(w.nextFrame());
    assertEquals(0x184D2A57, w.skippableMagic());
    assertEquals(SKIP_DATA.length, w.skippableSize());
    assertNull(w.header());
    assertTrue(w.nextFrame());
    assertEquals(FrameWalker.FrameType.LEGACY, w.frameType());
    assertNull(w.header());
    assertFalse(w.hasBlockChecksum());
  }

  @Test
  void everyCutIsTruncatedExceptBetweenFrames() throws IOException {
    List<Integer> clean = new ArrayList<>();
    for (int cut = 0; cut < STREAM.length; cut++) {
      byte[] part = Arrays.copyOf(STREAM, cut);
      try {
        walk(part, cut % 2 == 0);
        clean.add(cut);
      } catch (Lz4StreamException e) {
        assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), e.getMessage());
        assertEquals(cut, e.offset(), e.getMessage());
      }
    }
    int f1 = SKIPPABLE.length;
    int l1 = f1 + FRAME.length;
    int f2 = l1 + LEGACY.length;
    int s2 = f2 + FRAME.length;
    int l2 = s2 + SKIPPABLE.length;
    // Between frames, and inside a legacy frame between its blocks (its end is implicit); the
    // legacy frames of TEXT hold one block each.
    List<Integer> expected = List.of(f1, l1, l1 + 4, f2, s2, l2, l2 + 4);
    assertEquals(expected, clean);
  }

  @Test
  void unknownMagicAndBadBlockSize() {
    byte[] junk = concat(FRAME, new byte[] {1, 2, 3, 4});
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> walk(junk, false));
    assertEquals(Lz4StreamException.Kind.UNKNOWN_MAGIC, e.kind());
    assertEquals(FRAME.length, e.offset());

    byte[] big = FRAME.clone();
    big[15 + 2] = 2; // first block's size word: now at least 128 KB, over the 64 KB block maximum size
    e = assertThrows(Lz4StreamException.class, () -> walk(big, false));
    assertEquals(Lz4StreamException.Kind.CORRUPT_BLOCK, e.kind());
    assertEquals(15, e.offset());
  }
}
