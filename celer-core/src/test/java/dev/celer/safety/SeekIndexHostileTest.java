package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import dev.celer.lz4.seekable.SeekableReadOptions;
import dev.celer.xxhash.XxHash32;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile seek indexes (docs/seekable-format.md): every field of a valid index changed to a bad
 * value, with the index checksum recomputed so the checks behind it are reached. Each must give
 * a clean {@link Lz4StreamException} of kind {@code NOT_SEEKABLE} (no index) or {@code
 * BAD_INDEX} at open or at the first read of the block concerned, never another exception,
 * wrong data, an allocation the file's size does not justify, or a hang (the faults of zstd's
 * seek-table parser: facebook/zstd #2335, #2506, #4200, PR #4717).
 */
class SeekIndexHostileTest {
  /** Two frames (64 KB and 256 KB blocks), 10 blocks, some stored. */
  private static byte[] data;
  private static byte[] file;
  /** Offset of the index frame, frame and block tables, footer. */
  private static int start;
  private static int frames;
  private static int blocksAt;
  private static int footer;

  @BeforeAll
  static void writeFile() throws IOException {
    Random r = new Random(77);
    data = new byte[500_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i % 100_000 < 60_000 ? 'a' + r.nextInt(3) : r.nextInt());
    }
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (SeekableLz4Writer w = new SeekableLz4Writer(bos)) {
      w.write(data, 0, 200_000);
    }
    byte[] first = bos.toByteArray();
    // the second frame is appended to a file: appending works on files only
    Path tmp = Files.createTempFile("hostile", ".lz4");
    try {
      Files.write(tmp, first);
      Lz4FrameOptions o = SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder()
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).build();
      try (SeekableLz4Writer w = SeekableLz4Writer.append(tmp, o)) {
        w.write(data, 200_000, 300_000);
      }
      file = Files.readAllBytes(tmp);
    } finally {
      Files.delete(tmp);
    }
    footer = file.length - 40;
    ByteBuffer b = le(file);
    long n = b.getLong(footer);
    frames = b.getInt(footer + 8);
    assertEquals(2, frames);
    assertEquals(4 + 2, n); // 200,000 in 64 KB blocks, 300,000 in 256 KB blocks
    start = (int) (file.length - (8 + 16L * frames + 16 * n + 40));
    blocksAt = start + 8 + 16 * frames;
    try (SeekableLz4Reader rd = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      assertArrayEquals(data, rd.readFully(0, data.length));
    }
  }

  private static ByteBuffer le(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** A copy of the file with {@code edit} applied and the index checksum recomputed. */
  private static byte[] sealed(Consumer<ByteBuffer> edit) {
    byte[] f = file.clone();
    ByteBuffer b = le(f);
    edit.accept(b);
    b.putInt(footer + 32, XxHash32.hash(f, start, footer + 32 - start, 0));
    return f;
  }

  private static byte[] unsealed(Consumer<ByteBuffer> edit) {
    byte[] f = file.clone();
    edit.accept(le(f));
    return f;
  }

  /** Opens and reads every block; the first failure must be of one of {@code kinds}. */
  private static Lz4StreamException expect(byte[] f, Set<Kind> kinds) {
    long before = StreamChecks.allocated();
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> {
      try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(f))) {
        // read each block alone, whole and partly, then everything
        for (int i = 0; i < r.index().blockCount(); i++) {
          long p = r.index().contentOffset(i);
          int d = r.index().decodedLength(i);
          check(r.readFully(p, d), p);
          check(r.readFully(p + d / 2, d - d / 2), p + d / 2);
          check(r.readFully(p, 1), p);
        }
        check(r.readFully(0, (int) r.size()), 0);
      }
    });
    long allocated = StreamChecks.allocated() - before;
    assertTrue(kinds.contains(e.kind()), "kind " + e.kind() + ": " + e.getMessage());
    assertNotNull(e.getMessage());
    // the largest honest need: the file's tail, a block read and decode, the whole content once
    assertTrue(allocated < 8L * f.length + 4 * data.length + (1 << 20), "allocated " + allocated);
    return e;
  }

  private static void check(byte[] got, long pos) {
    if (pos + got.length > data.length) {
      fail("read past the original content: " + pos + " + " + got.length);
    }
    assertEquals(-1, Arrays.mismatch(got, 0, got.length, data, (int) pos, (int) pos + got.length),
        "wrong data at " + pos);
  }

  private static final Set<Kind> NONE = EnumSet.of(Kind.NOT_SEEKABLE);
  private static final Set<Kind> BAD = EnumSet.of(Kind.BAD_INDEX);
  private static final Set<Kind> NONE_OR_BAD = EnumSet.of(Kind.NOT_SEEKABLE, Kind.BAD_INDEX);

  @Test
  void truncatedTail() {
    for (int cut = 1; cut <= file.length - start + 8; cut++) {
      expect(Arrays.copyOf(file, file.length - cut), NONE_OR_BAD);
    }
    expect(new byte[0], NONE);
    expect(new byte[47], NONE);
  }

  @Test
  void footerMagicVersionAndReservedBits() {
    expect(unsealed(b -> b.put(footer + 39, (byte) 'J')), NONE);
    expect(sealed(b -> b.put(footer + 12, (byte) 2)), BAD);
    expect(sealed(b -> b.put(footer + 12, (byte) 0)), BAD);
    for (int bit = 0; bit < 8; bit++) {
      int v = 1 << bit;
      expect(sealed(b -> b.put(footer + 13, (byte) v)), BAD);
      expect(sealed(b -> b.put(footer + 14, (byte) v)), BAD);
      expect(sealed(b -> b.put(footer + 15, (byte) v)), BAD);
    }
    expect(sealed(b -> b.put(start + 8 + 11, (byte) 1)), BAD); // frame entry reserved byte
  }

  @Test
  void hugeCountsAreRefusedBeforeAnyAllocation() {
    long[] counts = {Long.MAX_VALUE, -1L, 1L << 40, 1L << 28, (1L << 28) - 1, 1_000_000, 7, 0};
    for (long n : counts) {
      expect(sealed(b -> b.putLong(footer, n)), BAD);
    }
    for (int f : new int[] {-1, Integer.MAX_VALUE, 7, 3, 0}) {
      expect(sealed(b -> b.putInt(footer + 8, f)), BAD);
    }
    // a count that fits the file but not this index: also refused, by size or checksum
    expect(unsealed(b -> b.putLong(footer, 5)), BAD);
  }

  @Test
  void sizeMismatches() {
    expect(sealed(b -> b.putInt(start + 4, b.getInt(start + 4) + 16)), BAD); // Frame_Size
    expect(sealed(b -> b.putInt(start + 4, b.getInt(start + 4) - 1)), BAD);
    expect(sealed(b -> b.putInt(start, 0x184D2204)), BAD); // not a skippable magic
    expect(sealed(b -> b.putLong(footer + 24, start - 1)), BAD); // Data_Size
    expect(sealed(b -> b.putLong(footer + 24, start + 1)), BAD);
    expect(sealed(b -> b.putLong(footer + 24, -1)), BAD);
    expect(sealed(b -> b.putLong(footer + 16, data.length + 1)), BAD); // Content_Size
    expect(sealed(b -> b.putLong(footer + 16, data.length - 1)), BAD);
    expect(sealed(b -> b.putLong(footer + 16, data.length + (1 << 20))), BAD);
    expect(sealed(b -> b.putLong(footer + 16, -1)), BAD);
    expect(sealed(b -> b.putLong(footer + 16, 0)), BAD);
    expect(unsealed(b -> b.put(start + 20, (byte) (b.get(start + 20) ^ 1))), BAD); // checksum
    expect(unsealed(b -> b.putInt(footer + 32, b.getInt(footer + 32) + 1)), BAD);
  }

  @Test
  void offsetsOutOfOrderOrOutOfRange() {
    int n = 6;
    for (int i = 0; i < n; i++) {
      int e = blocksAt + 16 * i;
      expect(sealed(b -> b.putLong(e, start)), BAD);
      expect(sealed(b -> b.putLong(e, start - 4)), BAD);
      expect(sealed(b -> b.putLong(e, Long.MAX_VALUE)), BAD);
      expect(sealed(b -> b.putLong(e, -8)), BAD);
      expect(sealed(b -> b.putLong(e + 8, -1)), BAD);
      expect(sealed(b -> b.putLong(e + 8, data.length)), BAD);
      expect(sealed(b -> b.putLong(e + 8, Long.MAX_VALUE)), BAD);
      if (i > 0) {
        expect(sealed(b -> b.putLong(e, b.getLong(e - 16))), BAD); // same offset twice
        expect(sealed(b -> b.putLong(e + 8, b.getLong(e + 8 - 16))), BAD);
      }
    }
    // swap two block entries
    expect(sealed(b -> {
      long o1 = b.getLong(blocksAt + 16);
      long c1 = b.getLong(blocksAt + 24);
      b.putLong(blocksAt + 16, b.getLong(blocksAt + 32));
      b.putLong(blocksAt + 24, b.getLong(blocksAt + 40));
      b.putLong(blocksAt + 32, o1);
      b.putLong(blocksAt + 40, c1);
    }), BAD);
    int f0 = start + 8;
    int f1 = start + 24;
    expect(sealed(b -> b.putLong(f0, b.getLong(blocksAt) + 1)), BAD); // block 0 before any frame
    expect(sealed(b -> b.putLong(f1, b.getLong(f0))), BAD); // frames out of order
    expect(sealed(b -> b.putLong(f1, start - 10)), BAD); // frame 1 holds no block
    expect(sealed(b -> b.putLong(f1, b.getLong(blocksAt + 16 * 4) - 1)), BAD); // block 4 inside its header
    expect(sealed(b -> b.putLong(f0, start)), BAD);
  }

  @Test
  void frameEntries() {
    int f0 = start + 8;
    expect(sealed(b -> b.put(f0 + 8, (byte) (b.get(f0 + 8) & ~0x20))), BAD); // B.Indep cleared
    expect(sealed(b -> b.put(f0 + 8, (byte) (b.get(f0 + 8) ^ 0xC0))), BAD); // version 10
    expect(sealed(b -> b.put(f0 + 8, (byte) (b.get(f0 + 8) | 0x02))), BAD); // reserved bit
    expect(sealed(b -> b.put(f0 + 8, (byte) (b.get(f0 + 8) | 0x08))), BAD); // C.Size: header size 15 expected
    expect(sealed(b -> b.put(f0 + 9, (byte) 0x30)), BAD); // BD code 3
    expect(sealed(b -> b.put(f0 + 9, (byte) 0xC0)), BAD); // BD reserved bit 7
    expect(sealed(b -> b.put(f0 + 9, (byte) 0x41)), BAD); // BD reserved low bits
    expect(sealed(b -> b.put(f0 + 10, (byte) 19)), BAD); // header size
    expect(sealed(b -> b.putInt(f0 + 12, 5)), BAD); // dictionary ID without the flag
    // a dictionary the reader cannot supply: not seekable by this reader (frame 1 moved 4 bytes
    // back so that its longer header still ends where its first block starts)
    int f1 = start + 24;
    expect(sealed(b -> {
      b.putLong(f1, b.getLong(f1) - 4);
      b.put(f1 + 8, (byte) (b.get(f1 + 8) | 0x01));
      b.put(f1 + 10, (byte) (b.get(f1 + 10) + 4));
      b.putInt(f1 + 12, 5);
    }), NONE);
    // the same header without the shift: its first block would lie inside the header
    expect(sealed(b -> {
      b.put(f0 + 8, (byte) (b.get(f0 + 8) | 0x01));
      b.put(f0 + 10, (byte) (b.get(f0 + 10) + 4));
      b.putInt(f0 + 12, 5);
    }), BAD);
    // BD 64 KB for the 256 KB frame: its blocks decode to more than the frame's maximum
    expect(sealed(b -> b.put(start + 24 + 9, (byte) 0x40)), BAD);
  }

  @Test
  void entriesPointingMidBlock() {
    Set<Kind> kinds = EnumSet.of(Kind.BAD_INDEX, Kind.CHECKSUM, Kind.CORRUPT_BLOCK);
    for (int i = 0; i < 6; i++) {
      int e = blocksAt + 16 * i;
      for (int d : new int[] {1, 2, 3, 4, 5, 8, 1000, -1, -3}) {
        byte[] f = sealed(b -> b.putLong(e, b.getLong(e) + d));
        expect(f, i == 0 && d < 0 ? BAD : kinds);
      }
    }
    // with block checksums off in the reader, the size word and lengths still catch it
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> {
      byte[] f = sealed(b -> b.putLong(blocksAt + 16, b.getLong(blocksAt + 16) + 4));
      try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(f),
          SeekableReadOptions.builder().verifyBlockChecksums(false).build())) {
        check(r.readFully(0, (int) r.size()), 0);
      }
    });
    assertTrue(kinds.contains(e.kind()), e.getMessage());
  }

  @Test
  void decodedLengthMismatch() {
    // moving one content offset makes one block too long and its neighbour too short
    for (int i = 1; i < 6; i++) {
      int e = blocksAt + 16 * i + 8;
      for (int d : new int[] {1, -1, 100, -100}) {
        Lz4StreamException x = expect(sealed(b -> b.putLong(e, b.getLong(e) + d)), BAD);
        assertTrue(x.getMessage().contains("decodes to") || x.getMessage().contains("maximum")
            || x.getMessage().contains("out of order"), x.getMessage());
      }
    }
  }
}
