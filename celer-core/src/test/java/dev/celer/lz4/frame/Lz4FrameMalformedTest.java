package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Malformed, truncated and corrupted frames: each gives a {@link Lz4StreamException} whose message
 * names the problem (and never another exception type, a hang or a silent early end).
 */
class Lz4FrameMalformedTest {

  /** Decodes {@code frame} fully and returns the exception, failing when there is none. */
  private static Lz4StreamException fails(byte[] frame, Lz4FrameReadOptions o) {
    return assertThrows(Lz4StreamException.class, () -> {
      try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(frame), o)) {
        FrameTestSupport.readAll(in, 4096);
      }
    });
  }

  private static Lz4StreamException fails(byte[] frame) {
    return fails(frame, Lz4FrameReadOptions.defaults());
  }

  private static void assertMessage(Lz4StreamException e, String... words) {
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), "message should contain '" + w + "': " + e.getMessage());
    }
  }

  /** A small frame with every optional field: 3 blocks (one stored), block and content checksums, content size, dict ID. */
  private static final byte[] DICT = mixed(20_000, 5);
  private static final byte[] CONTENT = FrameTestSupport.concat(mixed(65_536, 1), FrameTestSupport.random(65_536, 2), mixed(1000, 3));
  private static final Lz4FrameOptions FULL = Lz4FrameOptions.builder()
      .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).blockChecksum(true)
      .contentSize(CONTENT.length).dictionary(DICT).dictionaryId(9).build();
  private static final Lz4FrameReadOptions WITH_DICT = Lz4FrameReadOptions.builder().dictionary(9, DICT).build();

  @Test
  void truncationAtEveryPosition() {
    byte[] small = mixed(300, 1);
    for (Lz4FrameOptions o : List.of(
        Lz4FrameOptions.builder().blockChecksum(true).contentSize(300).build(),
        Lz4FrameOptions.builder().contentChecksum(false).build(),
        Lz4FrameOptions.builder().dictionaryId(5).dictionary(DICT).build())) {
      byte[] frame = Lz4Frame.compress(small, o);
      Lz4FrameReadOptions ro = Lz4FrameReadOptions.builder().dictionary(5, DICT).build();
      for (int cut = 1; cut < frame.length; cut++) {
        Lz4StreamException e = fails(Arrays.copyOf(frame, cut), ro);
        assertMessage(e, "truncated", "offset " + cut);
      }
      assertMessage(fails(new byte[0], ro), "empty");
    }
    // The big frame: every position in headers and footers, a sample inside blocks.
    byte[] frame = Lz4Frame.compress(CONTENT, FULL);
    for (int cut = 1; cut < frame.length; cut += cut < 40 || cut > frame.length - 40 ? 1 : 997) {
      assertMessage(fails(Arrays.copyOf(frame, cut), WITH_DICT), "truncated");
    }
  }

  @Test
  void legacyTruncationInsideBlocksAndSizes() throws IOException {
    byte[] content = new byte[9 << 20]; // two legacy blocks
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) ((i * 31) ^ (i >>> 9));
    }
    byte[] frame = Lz4Frame.compress(content, Lz4FrameOptions.builder().legacy(true).build());
    int firstSize = frame[4] & 0xFF | (frame[5] & 0xFF) << 8 | (frame[6] & 0xFF) << 16 | (frame[7] & 0xFF) << 24;
    int boundary = 8 + firstSize;
    for (int cut : new int[] {1, 2, 3, 5, 6, 7, 8, 100, boundary - 1, boundary + 1, boundary + 3, boundary + 5, frame.length - 1}) {
      assertMessage(fails(Arrays.copyOf(frame, cut)), "truncated");
    }
    // "Legacy frame": the end is implicit, so a cut at a block boundary is a shorter valid frame.
    assertBytes(Arrays.copyOf(content, 8 << 20), Lz4Frame.decompress(Arrays.copyOf(frame, boundary)), "first block");
  }

  /** Offset of the first block's size word: magic, FLG, BD, content size, dict ID, HC. */
  private static final int FIRST_BLOCK = 4 + 2 + 8 + 4 + 1;

  @Test
  void eachChecksumCorrupted() {
    byte[] frame = Lz4Frame.compress(CONTENT, FULL);
    assertBytes(CONTENT, decode(frame, WITH_DICT), "intact frame");

    byte[] bad = frame.clone();
    bad[FIRST_BLOCK - 1] ^= 1; // HC
    assertMessage(fails(bad, WITH_DICT), "header checksum", "offset " + (FIRST_BLOCK - 1));
    bad = frame.clone();
    bad[13] ^= 0x40; // a content-size byte: the header checksum catches it
    assertMessage(fails(bad, WITH_DICT), "header checksum");

    int size = word(frame, FIRST_BLOCK) & 0x7FFFFFFF;
    bad = frame.clone();
    bad[FIRST_BLOCK + 4 + size] ^= 1; // the block checksum itself
    assertMessage(fails(bad, WITH_DICT), "block checksum", "offset " + (FIRST_BLOCK + 4 + size));
    bad = frame.clone();
    bad[FIRST_BLOCK + 4 + size / 2] ^= 1; // block data, caught by the block checksum
    assertMessage(fails(bad, WITH_DICT), "block checksum");

    bad = frame.clone();
    bad[bad.length - 1] ^= 1; // content checksum
    assertMessage(fails(bad, WITH_DICT), "content checksum", "offset " + (frame.length - 4));

    // Without block checksums, corrupted data is caught by the content checksum (or by the decoder).
    byte[] plain = Lz4Frame.compress(CONTENT, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    int stored = 7 + 4 + (word(plain, 7) & 0x7FFFFFFF) + 4; // the second block is stored (random data)
    assertTrue(word(plain, stored - 4) < 0, "second block stored");
    plain[stored + 10] ^= 1;
    assertMessage(fails(plain), "content checksum");
    // ... and unchecked when the reader turns verification off
    Lz4FrameReadOptions noCrc = Lz4FrameReadOptions.builder().verifyChecksums(false).build();
    assertEquals(CONTENT.length, decode(plain, noCrc).length);
  }

  @Test
  void reservedBitsVersionAndBlockSizeCode() {
    byte[] frame = Lz4Frame.compress(new byte[100], Lz4FrameOptions.defaults());
    assertMessage(fails(withDescriptor(frame, frame[4] | 0b10, frame[5])), "reserved bit", "FLG");
    assertMessage(fails(withDescriptor(frame, frame[4], frame[5] | 0x80)), "reserved bits", "BD");
    assertMessage(fails(withDescriptor(frame, frame[4], frame[5] | 0x01)), "reserved bits", "BD");
    for (int v : new int[] {0b00, 0b10, 0b11}) {
      assertMessage(fails(withDescriptor(frame, (frame[4] & 0x3F) | v << 6, frame[5])), "version");
    }
    for (int code = 0; code < 4; code++) {
      assertMessage(fails(withDescriptor(frame, frame[4], code << 4)), "block maximum size code " + code);
    }
  }

  /** The frame with FLG and BD replaced, and a header checksum that matches them. */
  private static byte[] withDescriptor(byte[] frame, int flg, int bd) {
    byte[] f = frame.clone();
    f[4] = (byte) flg;
    f[5] = (byte) bd;
    f[6] = FrameHeader.headerChecksum(f, 4, 2);
    return f;
  }

  private static int word(byte[] b, int off) {
    return b[off] & 0xFF | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
  }

  private static void putWord(byte[] b, int off, int v) {
    for (int i = 0; i < 4; i++) {
      b[off + i] = (byte) (v >>> (8 * i));
    }
  }

  @Test
  void blockSizeBeyondMaximum() {
    byte[] frame = Lz4Frame.compress(FrameTestSupport.random(1000, 3),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    byte[] bad = frame.clone();
    putWord(bad, 7, 0x80000000 | 65537);
    assertMessage(fails(bad), "block size 65537 exceeds", "65536", "offset 7");
    putWord(bad, 7, 0x7FFFFFFF);
    assertMessage(fails(bad), "exceeds");
  }

  @Test
  void legacyFrameClaimingA2GbBlock() {
    byte[] bad = {0x02, 0x21, 0x4C, 0x18, 0, 0, 0, (byte) 0x80, 1, 2, 3};
    assertMessage(fails(bad), "legacy block compressed size 2147483648 out of range", "offset 4");
    bad = new byte[] {0x02, 0x21, 0x4C, 0x18, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F};
    assertMessage(fails(bad), "legacy block compressed size 2147483647 out of range");
    bad = new byte[] {0x02, 0x21, 0x4C, 0x18, 0, 0, 0, 0};
    assertMessage(fails(bad), "legacy block compressed size 0 out of range");
  }

  @Test
  void contentSizeMismatch() {
    byte[] content = mixed(5000, 8);
    for (long announced : new long[] {4999, 5001, 0, Long.MAX_VALUE, -1L /* 2^64-1 */}) {
      byte[] frame = Lz4Frame.compress(content, Lz4FrameOptions.builder().contentSize(5000).build());
      // Rewrite the content size and fix the header checksum.
      for (int i = 0; i < 8; i++) {
        frame[6 + i] = (byte) (announced >>> (8 * i));
      }
      frame[14] = FrameHeader.headerChecksum(frame, 4, 10);
      assertMessage(fails(frame), "content size mismatch", "announces " + Long.toUnsignedString(announced));
    }
  }

  @Test
  void decompressionLimits() throws IOException {
    byte[] zeros = new byte[3 << 20];
    byte[] bomb = Lz4Frame.compress(zeros, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_4MB).build());
    assertTrue(bomb.length * 200 < zeros.length, "a 1:255-ish bomb");
    Lz4FrameReadOptions small = Lz4FrameReadOptions.builder().maxOneShotSize(1 << 20).build();
    assertMessage(assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(bomb, small)),
        "exceeds the limit of 1048576", "maxOneShotSize");
    assertEquals(zeros.length, Lz4Frame.decompress(bomb).length, "under the default cap");
    Lz4FrameReadOptions perFrame = Lz4FrameReadOptions.builder().maxFrameContentSize(1 << 20).build();
    assertMessage(fails(bomb, perFrame), "more than the limit of 1048576", "maxFrameContentSize");

    // A header that announces a huge content size fails at once under a limit, and allocates
    // nothing without one (the frame then fails at its end on the size mismatch).
    byte[] frame = Lz4Frame.compress(new byte[10], Lz4FrameOptions.builder().contentSize(10).build());
    for (int i = 0; i < 8; i++) {
      frame[6 + i] = (byte) 0xFF;
    }
    frame[14] = FrameHeader.headerChecksum(frame, 4, 10);
    assertMessage(fails(frame, perFrame), "announces a content size of 18446744073709551615");
    assertMessage(fails(frame), "content size mismatch");
    assertEquals(Lz4FrameReadOptions.DEFAULT_MAX_ONE_SHOT_SIZE, Lz4FrameReadOptions.defaults().maxOneShotSize());
  }

  @Test
  void unknownMagicAndMissingDictionary() {
    assertMessage(fails(new byte[] {1, 2, 3, 4, 5}), "unknown magic number 0x4030201", "offset 0", "not an LZ4 frame");
    byte[] ok = Lz4Frame.compress(new byte[] {1});
    byte[] trailing = FrameTestSupport.concat(ok, new byte[] {9, 9, 9, 9});
    assertMessage(fails(trailing), "unknown magic number", "offset " + ok.length);
    assertMessage(fails(FrameTestSupport.concat(ok, new byte[] {4, 0x22})), "truncated", "magic number");

    byte[] withId = Lz4Frame.compress(new byte[] {1}, Lz4FrameOptions.builder().dictionaryId(1234).build());
    assertMessage(fails(withId), "dictionary with ID 1234");
    // A default dictionary serves frames whose ID is not registered.
    assertBytes(new byte[] {1}, decode(withId, Lz4FrameReadOptions.builder().dictionary(new byte[0]).build()), "default dict");
  }

  @Test
  void kafkaHeaderChecksum() {
    byte[] content = mixed(1000, 2);
    byte[] kafka = Lz4Frame.compress(content, Lz4FrameOptions.builder().kafkaHeaderChecksum(true).build());
    byte[] standard = Lz4Frame.compress(content);
    assertMessage(fails(kafka), "header checksum mismatch");
    Lz4FrameReadOptions k = Lz4FrameReadOptions.builder().headerChecksum(Lz4FrameReadOptions.HeaderChecksum.KAFKA).build();
    Lz4FrameReadOptions either = Lz4FrameReadOptions.builder().headerChecksum(Lz4FrameReadOptions.HeaderChecksum.STANDARD_OR_KAFKA).build();
    assertBytes(content, decode(kafka, k), "kafka");
    assertMessage(fails(standard, k), "header checksum mismatch");
    assertBytes(content, decode(kafka, either), "either, kafka");
    assertBytes(content, decode(standard, either), "either, standard");
    // Kafka v0's header checksum is XXH32 over magic + descriptor (KIP-57).
    assertEquals(FrameHeader.headerChecksum(kafka, 0, 6), kafka[6]);
    assertEquals(FrameHeader.headerChecksum(standard, 4, 2), standard[6]);
  }

  /** Random mutations: only Lz4StreamException (or correct output), never another exception. */
  @Test
  void mutatedFramesFailCleanly() {
    long seed = 20240601L;
    System.out.println("mutatedFramesFailCleanly: seed " + seed);
    Random r = new Random(seed);
    byte[] content = mixed(3000, 3);
    byte[][] frames = {
      Lz4Frame.compress(content, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).build()),
      Lz4Frame.compress(content, Lz4FrameOptions.builder().contentChecksum(false).contentSize(3000).build()),
      Lz4Frame.compress(content, Lz4FrameOptions.builder().legacy(true).build()),
    };
    Lz4FrameReadOptions noCrc = Lz4FrameReadOptions.builder().verifyChecksums(false)
        .headerChecksum(Lz4FrameReadOptions.HeaderChecksum.IGNORE).maxOneShotSize(1 << 20).build();
    for (int i = 0; i < 1500; i++) {
      byte[] f = frames[i % frames.length].clone();
      int flips = 1 + r.nextInt(4);
      for (int k = 0; k < flips; k++) {
        f[r.nextInt(f.length)] = (byte) r.nextInt(256);
      }
      for (Lz4FrameReadOptions o : new Lz4FrameReadOptions[] {Lz4FrameReadOptions.defaults(), noCrc}) {
        try {
          Lz4Frame.decompress(f, o);
        } catch (Lz4StreamException expected) {
          assertTrue(expected.getMessage() != null && !expected.getMessage().isEmpty());
        }
      }
    }
  }

  private static byte[] decode(byte[] frame, Lz4FrameReadOptions o) {
    try {
      return Lz4Frame.decompress(frame, o);
    } catch (Lz4StreamException e) {
      throw new AssertionError(e);
    }
  }
}
