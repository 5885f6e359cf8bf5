package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.concat;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static dev.celer.lz4.frame.FrameTestSupport.random;
import static dev.celer.lz4.frame.FrameTestSupport.skippable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.Mem;
import dev.celer.internal.frame.FrameHeader;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one-shot frame calls ({@link Lz4Frame#compress}, {@link Lz4Frame#decompress}, on arrays
 * and buffers) against the streams they replace (issue 26): byte for byte the same frames for
 * every option, the same content, and on hostile input the same error kind at the same offset.
 */
class Lz4FrameOneShotTest {
  private static final byte[] DICT = mixed(20_000, 99);
  private static final int LIMIT = 1 << 20;

  /** Inputs: empty, one byte, text, a multi-block mix with stored blocks, incompressible. */
  private static List<byte[]> inputs() {
    List<byte[]> l = new ArrayList<>();
    l.add(new byte[0]);
    l.add(new byte[] {42});
    l.add(Arrays.copyOf(mixed(5000, 1), 4096));
    l.add(mixed(300_000, 2));
    l.add(random(70_000, 3));
    return l;
  }

  /** Every combination of the frame options (the level stays fast; HC shares the block path). */
  private static List<Lz4FrameOptions> everyOption(int len) {
    List<Lz4FrameOptions> l = new ArrayList<>();
    for (Lz4FrameOptions.BlockSize bs : Lz4FrameOptions.BlockSize.values()) {
      for (int bits = 0; bits < 64; bits++) {
        Lz4FrameOptions.Builder b = Lz4FrameOptions.builder().blockSize(bs)
            .linkedBlocks((bits & 1) != 0)
            .blockChecksum((bits & 2) != 0)
            .contentChecksum((bits & 4) != 0)
            .contentSize((bits & 8) != 0 ? len : -1)
            .kafkaHeaderChecksum((bits & 16) != 0);
        if ((bits & 32) != 0) {
          b.dictionary(DICT).dictionaryId(7);
        }
        l.add(b.build());
      }
    }
    l.add(Lz4FrameOptions.builder().legacy(true).build());
    l.add(Lz4FrameOptions.builder().legacy(true).level(9).build());
    l.add(Lz4FrameOptions.builder().level(9).linkedBlocks(true).blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    l.add(Lz4FrameOptions.builder().level(12).blockChecksum(true).build());
    return l;
  }

  private static Lz4FrameReadOptions readOptions(Lz4FrameOptions o) {
    Lz4FrameReadOptions.Builder b = Lz4FrameReadOptions.builder().dictionary(DICT);
    if (o.kafkaHeaderChecksum()) {
      b.headerChecksum(Lz4FrameReadOptions.HeaderChecksum.KAFKA);
    }
    return b.build();
  }

  static byte[] viaStream(byte[] data, Lz4FrameOptions o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o)) {
      out.write(data);
    }
    return bytes.toByteArray();
  }

  @Test
  void compressWritesTheStreamsBytesForEveryOption() throws IOException {
    for (byte[] data : inputs()) {
      for (Lz4FrameOptions o : everyOption(data.length)) {
        if (data.length > 100_000 && !o.legacy() && o.blockSize().bytes() > (256 << 10)) {
          continue; // the large input is there for many blocks
        }
        String what = o + " on " + data.length + " bytes";
        byte[] expected = viaStream(data, o);
        byte[] frame = Lz4Frame.compress(data, o);
        assertBytes(expected, frame, what);
        assertTrue(frame.length <= Lz4Frame.maxCompressedLength(data.length, o), what);
        assertBytes(expected, viaBuffers(data, o, false, false, Lz4Frame.maxCompressedLength(data.length, o)), what + ", heap");
        assertBytes(expected, viaBuffers(data, o, true, false, Lz4Frame.maxCompressedLength(data.length, o)), what + ", direct");
        assertBytes(expected, viaBuffers(data, o, false, true, frame.length), what + ", read-only heap src, exact room");
        assertBytes(expected, viaBuffers(data, o, true, true, frame.length), what + ", direct, exact room");
        // and back: the one-shot calls decode what both wrote
        Lz4FrameReadOptions ro = readOptions(o);
        assertBytes(data, Lz4Frame.decompress(frame, ro), what + ", decompress");
        OneShotComparison.Outcome r = OneShotComparison.assertAgree(frame, ro, Math.max(data.length, 1));
        assertBytes(data, r.data(), what + ", stream");
      }
    }
  }

  /** Compresses through buffers at odd positions, with {@code room} bytes of room. */
  private static byte[] viaBuffers(byte[] data, Lz4FrameOptions o, boolean direct, boolean readOnly, int room) {
    ByteBuffer src = direct ? ByteBuffer.allocateDirect(data.length + 3) : ByteBuffer.allocate(data.length + 3);
    src.position(3);
    src.put(data);
    src.position(3);
    if (readOnly) {
      src = src.asReadOnlyBuffer();
    }
    ByteBuffer dst = direct ? ByteBuffer.allocateDirect(room + 11) : ByteBuffer.allocate(room + 11);
    dst.position(7).limit(7 + room);
    int n = Lz4Frame.compress(src, dst, o);
    assertEquals(src.limit(), src.position());
    assertEquals(7 + n, dst.position());
    byte[] out = new byte[n];
    dst.position(7);
    dst.get(out);
    return out;
  }

  @Test
  void aFrameThatDoesNotFitIsRefusedWithPositionsUnchanged() {
    byte[] data = random(10_000, 5);
    int need = Lz4Frame.compress(data).length;
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer src = direct ? ByteBuffer.allocateDirect(data.length) : ByteBuffer.allocate(data.length);
      src.put(data).flip();
      ByteBuffer dst = direct ? ByteBuffer.allocateDirect(need - 1) : ByteBuffer.allocate(need - 1);
      assertThrows(Lz4Exception.class, () -> Lz4Frame.compress(src, dst, Lz4FrameOptions.defaults()));
      assertEquals(0, src.position());
      assertEquals(0, dst.position());
    }
    assertThrows(ReadOnlyBufferException.class,
        () -> Lz4Frame.compress(ByteBuffer.wrap(data), ByteBuffer.allocate(need).asReadOnlyBuffer()));
    assertThrows(IllegalArgumentException.class,
        () -> Lz4Frame.compress(data, Lz4FrameOptions.builder().contentSize(data.length + 1).build()));
    assertThrows(IllegalArgumentException.class,
        () -> Lz4Frame.compress(data, Lz4FrameOptions.builder().contentSize(data.length - 1).build()));
    byte[] shared = new byte[3 * need];
    assertThrows(IllegalArgumentException.class,
        () -> Lz4Frame.compress(ByteBuffer.wrap(shared, 0, need), ByteBuffer.wrap(shared, need / 2, 2 * need)));
  }

  /** Concatenated, skippable and legacy frames in one input. */
  private static byte[] concatenation() throws IOException {
    byte[] a = mixed(90_000, 11);
    return concat(
        skippable(3, new byte[] {1, 2, 3}),
        Lz4Frame.compress(a, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB)
            .blockChecksum(true).contentSize(a.length).build()),
        Lz4Frame.compress(new byte[0]),
        skippable(0, new byte[0]),
        Lz4Frame.compress(a, Lz4FrameOptions.builder().linkedBlocks(true)
            .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build()),
        Lz4Frame.compress(mixed(5000, 12), Lz4FrameOptions.builder().legacy(true).build()),
        Lz4Frame.compress(a, Lz4FrameOptions.builder().contentChecksum(false).build()));
  }

  /** A few frames of different kinds: each cut at every byte, and with every byte changed. */
  private static List<byte[]> hostileSeeds() throws IOException {
    byte[] text = mixed(3000, 21);
    List<byte[]> l = new ArrayList<>();
    l.add(Lz4Frame.compress(text));
    l.add(Lz4Frame.compress(text, Lz4FrameOptions.builder().blockChecksum(true).contentSize(text.length).build()));
    l.add(Lz4Frame.compress(mixed(150_000, 22), Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).build()));
    l.add(Lz4Frame.compress(text, Lz4FrameOptions.builder().legacy(true).build()));
    l.add(Lz4Frame.compress(text, Lz4FrameOptions.builder().dictionary(DICT).dictionaryId(7).build()));
    l.add(concat(skippable(1, new byte[] {9}), Lz4Frame.compress(random(300, 23)), Lz4Frame.compress(text)));
    return l;
  }

  @Test
  void everyTruncationGivesTheStreamsError() throws IOException {
    Lz4FrameReadOptions ro = Lz4FrameReadOptions.builder().dictionary(7, DICT).build();
    for (byte[] frame : hostileSeeds()) {
      int step = Math.max(1, frame.length / 400);
      for (int cut = 0; cut < frame.length; cut += cut < 64 || frame.length - cut < 64 ? 1 : step) {
        OneShotComparison.assertAgree(Arrays.copyOf(frame, cut), ro, LIMIT);
      }
    }
  }

  @Test
  void everyChangedByteGivesTheStreamsResult() throws IOException {
    Lz4FrameReadOptions[] options = {
      Lz4FrameReadOptions.builder().dictionary(7, DICT).build(),
      Lz4FrameReadOptions.builder().verifyChecksums(false)
          .headerChecksum(Lz4FrameReadOptions.HeaderChecksum.IGNORE).build(),
    };
    for (byte[] frame : hostileSeeds()) {
      int step = Math.max(1, frame.length / 150);
      for (int i = 0; i < frame.length; i += i < 40 ? 1 : step) {
        for (int xor : i < 40 ? new int[] {1, 0x80, 0xFF} : new int[] {0x55}) {
          byte[] bad = frame.clone();
          bad[i] ^= (byte) xor;
          for (Lz4FrameReadOptions ro : options) {
            OneShotComparison.assertAgree(bad, ro, LIMIT);
          }
        }
      }
    }
  }

  @Test
  void concatenatedSkippableAndLegacyFrames() throws IOException {
    byte[] input = concatenation();
    OneShotComparison.Outcome r = OneShotComparison.assertAgree(input, Lz4FrameReadOptions.defaults(), 1 << 20);
    assertEquals(3 * 90_000 + 5000, r.data().length);
    OneShotComparison.assertAgree(input, Lz4FrameReadOptions.builder().singleFrame(true).build(), 1 << 20);
    // limits: one-shot cap, total output, frame content size; each hit in the middle
    for (int limit : new int[] {0, 1, 65_536, 90_000, 100_000, 184_999, 185_000}) {
      OneShotComparison.assertAgree(input, Lz4FrameReadOptions.defaults(), limit);
      OneShotComparison.assertAgree(input, Lz4FrameReadOptions.builder().maxFrameContentSize(limit).build(), 1 << 20);
    }
  }

  /** A frame whose header declares {@code size} as its content size (header checksum redone). */
  private static byte[] declaring(byte[] frame, long size) {
    byte[] f = frame.clone();
    Mem.putLongLE(f, 6, size);
    f[14] = FrameHeader.headerChecksum(f, 4, 10);
    return f;
  }

  @Test
  void declaredSizesThatLie() throws IOException {
    byte[] data = mixed(200_000, 31);
    for (Lz4FrameOptions o : new Lz4FrameOptions[] {
        Lz4FrameOptions.builder().contentSize(data.length).build(),
        Lz4FrameOptions.builder().contentSize(data.length).blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build(),
        Lz4FrameOptions.builder().contentSize(data.length).linkedBlocks(true)
            .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build()}) {
      byte[] frame = Lz4Frame.compress(data, o);
      for (long size : new long[] {0, 1, data.length - 1, data.length + 1, 2L * data.length, 1L << 40, -1L, 255L * frame.length}) {
        byte[] bad = declaring(frame, size);
        OneShotComparison.assertAgree(bad, Lz4FrameReadOptions.defaults(), LIMIT);
        OneShotComparison.assertAgree(concat(bad, frame), Lz4FrameReadOptions.defaults(), LIMIT);
        OneShotComparison.assertAgree(concat(frame, bad), Lz4FrameReadOptions.defaults(), 2 * LIMIT);
        OneShotComparison.assertAgree(bad, Lz4FrameReadOptions.builder().maxFrameContentSize(100_000).build(), LIMIT);
      }
    }
  }

  @Test
  void hostileBlockSizesAndSkippableSizes() throws IOException {
    byte[] frame = Lz4Frame.compress(mixed(5000, 41), Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    int header = 7;
    for (int word : new int[] {0x10000, 0x10001, 0x7FFFFFFF, 0x80000000 | 0x10001, 0x80000000 | 4999, 0x80000000 | 5000,
        0x80000000 | 5001, 0xFFFFFFFF, 1, 2, 3, 100}) {
      byte[] bad = frame.clone();
      Mem.putIntLE(bad, header, word);
      OneShotComparison.assertAgree(bad, Lz4FrameReadOptions.defaults(), LIMIT);
      OneShotComparison.assertAgree(bad, Lz4FrameReadOptions.builder().verifyChecksums(false).build(), LIMIT);
    }
    for (long size : new long[] {0, 1, 0xFFFFFFFFL, 0x7FFFFFFFL, 1000}) {
      byte[] s = skippable(5, new byte[10]);
      Mem.putIntLE(s, 4, (int) size);
      OneShotComparison.assertAgree(concat(s, frame), Lz4FrameReadOptions.defaults(), LIMIT);
      OneShotComparison.assertAgree(concat(frame, s), Lz4FrameReadOptions.defaults(), LIMIT);
    }
    // not a frame, an empty input, a lone magic number, an unknown magic after a frame
    OneShotComparison.assertAgree(new byte[0], Lz4FrameReadOptions.defaults(), LIMIT);
    OneShotComparison.assertAgree(new byte[] {4, 34, 77, 24}, Lz4FrameReadOptions.defaults(), LIMIT);
    OneShotComparison.assertAgree(concat(frame, new byte[] {1, 2, 3, 4, 5}), Lz4FrameReadOptions.defaults(), LIMIT);
  }

  @Test
  void kafkaHeaderChecksumAndDictionaryIds() throws IOException {
    byte[] data = mixed(20_000, 51);
    byte[] kafka = Lz4Frame.compress(data, Lz4FrameOptions.builder().kafkaHeaderChecksum(true).build());
    for (Lz4FrameReadOptions.HeaderChecksum mode : Lz4FrameReadOptions.HeaderChecksum.values()) {
      OneShotComparison.assertAgree(kafka, Lz4FrameReadOptions.builder().headerChecksum(mode).build(), LIMIT);
    }
    byte[] withId = Lz4Frame.compress(data, Lz4FrameOptions.builder().dictionary(DICT).dictionaryId(5).build());
    OneShotComparison.assertAgree(withId, Lz4FrameReadOptions.defaults(), LIMIT); // no dictionary: BAD_HEADER
    OneShotComparison.assertAgree(withId, Lz4FrameReadOptions.builder().dictionary(5, DICT).build(), LIMIT);
    OneShotComparison.assertAgree(withId, Lz4FrameReadOptions.builder().dictionary(6, DICT).build(), LIMIT);
    OneShotComparison.assertAgree(withId, Lz4FrameReadOptions.builder().dictionary(new byte[1000]).build(), LIMIT);
  }

  @Test
  void largeOutputsWithoutAContentSizeGrowIntoChunks() throws IOException {
    byte[] data = mixed(11 << 20, 61);
    for (Lz4FrameOptions o : new Lz4FrameOptions[] {Lz4FrameOptions.defaults(),
        Lz4FrameOptions.builder().linkedBlocks(true).build(),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).linkedBlocks(true).build(),
        Lz4FrameOptions.builder().legacy(true).build()}) {
      byte[] frame = Lz4Frame.compress(data, o);
      assertBytes(viaStream(data, o), frame, o.toString());
      assertBytes(data, Lz4Frame.decompress(frame), o.toString());
      byte[] two = concat(frame, frame);
      OneShotComparison.assertAgree(two, Lz4FrameReadOptions.defaults(), 2 * data.length);
      OneShotComparison.assertAgree(two, Lz4FrameReadOptions.defaults(), 2 * data.length - 1);
    }
  }

  /** Blocks that expand more than 16 times take the one-shot's second attempt, with the stream's room. */
  @Test
  void highlyCompressibleBlocks() throws IOException {
    byte[] zeros = new byte[3 << 20];
    zeros[12345] = 1;
    for (Lz4FrameOptions o : new Lz4FrameOptions[] {Lz4FrameOptions.defaults(),
        Lz4FrameOptions.builder().contentSize(zeros.length).build(),
        Lz4FrameOptions.builder().linkedBlocks(true).blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).build(),
        Lz4FrameOptions.builder().legacy(true).build()}) {
      byte[] frame = Lz4Frame.compress(zeros, o);
      assertBytes(viaStream(zeros, o), frame, o.toString());
      OneShotComparison.Outcome r = OneShotComparison.assertAgree(frame, Lz4FrameReadOptions.defaults(), 4 << 20);
      assertBytes(zeros, r.data(), o.toString());
      OneShotComparison.assertAgree(frame, Lz4FrameReadOptions.defaults(), zeros.length - 1);
      OneShotComparison.assertAgree(concat(frame, frame), Lz4FrameReadOptions.defaults(), zeros.length + 5000);
    }
  }

  @Test
  void decompressRefusesAReadOnlyOrOverlappingDestination() {
    byte[] frame = Lz4Frame.compress(mixed(1000, 71));
    assertThrows(ReadOnlyBufferException.class,
        () -> Lz4Frame.decompress(ByteBuffer.wrap(frame), ByteBuffer.allocate(2000).asReadOnlyBuffer()));
    byte[] shared = new byte[4000];
    System.arraycopy(frame, 0, shared, 0, frame.length);
    assertThrows(IllegalArgumentException.class,
        () -> Lz4Frame.decompress(ByteBuffer.wrap(shared, 0, frame.length), ByteBuffer.wrap(shared, 10, 3000)));
    Lz4StreamException e = assertThrows(Lz4StreamException.class,
        () -> Lz4Frame.decompress(ByteBuffer.wrap(frame), ByteBuffer.allocate(999)));
    assertEquals(Kind.LIMIT, e.kind());
  }
}
