package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.concat;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.SequenceInputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Every stream error carries a {@link Kind} and, where the stream knows it, the offset in the
 * compressed input: frame, legacy and lz4-java streams, {@link Lz4Frame#list} and {@link
 * Lz4Frame#decompress}. Code (the CLI's exit codes) switches on these, never on messages.
 * Failures of the underlying stream pass through as they are.
 */
class StreamErrorKindTest {

  private static final byte[] DATA = mixed(3000, 11);
  /** One frame of {@link #DATA}: 64 KB blocks, block and content checksums, no content size. */
  private static final byte[] FRAME = Lz4Frame.compress(DATA, Lz4FrameOptions.builder()
      .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).contentChecksum(true).build());

  private static Lz4StreamException decodeFails(byte[] input, Lz4FrameReadOptions o) {
    return assertThrows(Lz4StreamException.class, () -> {
      try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(input), o)) {
        FrameTestSupport.readAll(in, 1000);
      }
    });
  }

  private static Lz4StreamException decodeFails(byte[] input) {
    return decodeFails(input, Lz4FrameReadOptions.defaults());
  }

  private static Lz4StreamException listFails(byte[] input) {
    return assertThrows(Lz4StreamException.class, () -> Lz4Frame.list(new ByteArrayInputStream(input)));
  }

  private static void assertKind(Kind kind, long offset, Lz4StreamException e) {
    assertEquals(kind, e.kind(), e.getMessage());
    assertEquals(offset, e.offset(), e.getMessage());
  }

  @Test
  void truncatedFrameNamesWhereTheInputEnded() {
    assertKind(Kind.TRUNCATED, 0, decodeFails(new byte[0]));
    assertKind(Kind.TRUNCATED, 0, listFails(new byte[0]));
    for (int cut = 1; cut < FRAME.length; cut++) {
      byte[] part = Arrays.copyOf(FRAME, cut);
      assertKind(Kind.TRUNCATED, cut, decodeFails(part));
      assertKind(Kind.TRUNCATED, cut, listFails(part));
      assertKind(Kind.TRUNCATED, cut, assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(part)));
    }
  }

  @Test
  void unknownMagicNamesTheMagicNumber() {
    byte[] junk = {'j', 'u', 'n', 'k', 0, 0, 0, 0};
    assertKind(Kind.UNKNOWN_MAGIC, 0, decodeFails(junk));
    assertKind(Kind.UNKNOWN_MAGIC, 0, listFails(junk));
    // Data after a complete frame: the offset is where that data starts.
    assertKind(Kind.UNKNOWN_MAGIC, FRAME.length, decodeFails(concat(FRAME, junk)));
    assertKind(Kind.UNKNOWN_MAGIC, FRAME.length, listFails(concat(FRAME, junk)));
  }

  @Test
  void badHeaderNamesTheDescriptorByte() {
    byte[] reservedFlg = FRAME.clone();
    reservedFlg[4] |= 0b10; // FLG bit 1 is reserved
    reservedFlg[6] = FrameHeader.headerChecksum(reservedFlg, 4, 2);
    assertKind(Kind.BAD_HEADER, 4, decodeFails(reservedFlg));
    assertKind(Kind.BAD_HEADER, 4, listFails(reservedFlg));

    byte[] badSizeCode = FRAME.clone();
    badSizeCode[5] = 0x30; // block maximum size code 3: undefined
    badSizeCode[6] = FrameHeader.headerChecksum(badSizeCode, 4, 2);
    assertKind(Kind.BAD_HEADER, 5, decodeFails(badSizeCode));

    byte[] badHc = FRAME.clone();
    badHc[6] ^= 1; // the header checksum byte (FLG, BD, HC: no optional fields)
    assertKind(Kind.BAD_HEADER, 6, decodeFails(badHc));
    assertKind(Kind.BAD_HEADER, 6, listFails(badHc));
  }

  @Test
  void checksumMismatchNamesTheChecksum() {
    byte[] badContent = FRAME.clone();
    badContent[badContent.length - 1] ^= 1;
    assertKind(Kind.CHECKSUM, FRAME.length - 4, decodeFails(badContent));

    // The first block: size word at 7, data, then its 4-byte checksum.
    int size = word(FRAME, 7) & 0x7FFF_FFFF;
    byte[] badBlock = FRAME.clone();
    badBlock[7 + 4 + size] ^= 1;
    assertKind(Kind.CHECKSUM, 7 + 4 + size, decodeFails(badBlock));
  }

  @Test
  void corruptBlockNamesTheBlock() {
    byte[] frame = {
      0x04, 0x22, 0x4D, 0x18, // magic
      0x60, 0x40, 0, // FLG: version 01, independent blocks; BD: 64 KB; HC set below
      2, 0, 0, 0, // block at offset 7: 2 compressed bytes
      (byte) 0xF0, 5, // token: 15 + 5 literals announced, none present
      0, 0, 0, 0 // EndMark
    };
    frame[6] = FrameHeader.headerChecksum(frame, 4, 2);
    assertKind(Kind.CORRUPT_BLOCK, 7, decodeFails(frame));

    byte[] tooLarge = frame.clone();
    tooLarge[9] = 1; // size word 65,538: above the 64 KB block maximum size
    assertKind(Kind.CORRUPT_BLOCK, 7, decodeFails(tooLarge));
    assertKind(Kind.CORRUPT_BLOCK, 7, listFails(tooLarge));

    byte[] legacy = {0x02, 0x21, 0x4C, 0x18, 2, 0, 0, 0, (byte) 0xF0, 5};
    assertKind(Kind.CORRUPT_BLOCK, 4, decodeFails(legacy));
  }

  @Test
  void limitsSayLimit() {
    Lz4FrameReadOptions small = Lz4FrameReadOptions.builder().maxFrameContentSize(1000).build();
    assertEquals(Kind.LIMIT, decodeFails(FRAME, small).kind());
    byte[] sized = Lz4Frame.compress(DATA, Lz4FrameOptions.builder().contentSize(DATA.length).build());
    // The header announces more than the limit: refused at the frame's start.
    assertKind(Kind.LIMIT, 0, decodeFails(sized, small));
    Lz4FrameReadOptions oneShot = Lz4FrameReadOptions.builder().maxOneShotSize(1000).build();
    assertEquals(Kind.LIMIT,
        assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(FRAME, oneShot)).kind());
  }

  @Test
  void legacyFrameKinds() throws IOException {
    byte[] legacy = Lz4Frame.compress(DATA, Lz4FrameOptions.builder().legacy(true).build());
    assertKind(Kind.TRUNCATED, legacy.length - 1, decodeFails(Arrays.copyOf(legacy, legacy.length - 1)));
    assertKind(Kind.TRUNCATED, 6, decodeFails(Arrays.copyOf(legacy, 6)));
    byte[] oversized = legacy.clone();
    oversized[7] = 0x7F; // beyond LZ4's bound for 8 MB: as lz4 does, read as a magic number
    assertKind(Kind.UNKNOWN_MAGIC, 4, decodeFails(oversized));
    assertKind(Kind.UNKNOWN_MAGIC, 4, listFails(oversized));
    byte[] empty = legacy.clone();
    empty[4] = empty[5] = empty[6] = empty[7] = 0; // a block of size 0 is corrupt
    assertKind(Kind.CORRUPT_BLOCK, 4, decodeFails(empty));
  }

  private static Lz4StreamException jpountzFails(byte[] input, int maxBlockSize) {
    return assertThrows(Lz4StreamException.class, () -> {
      try (InputStream in = new JpountzBlockInputStream(new ByteArrayInputStream(input), null, true, maxBlockSize)) {
        in.readAllBytes();
      }
    });
  }

  @Test
  void jpountzStreamKinds() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(bytes, 1024)) {
      out.write(DATA);
    }
    byte[] s = bytes.toByteArray();
    int max = 32 << 20;
    assertKind(Kind.TRUNCATED, s.length - 1, jpountzFails(Arrays.copyOf(s, s.length - 1), max));
    assertKind(Kind.TRUNCATED, 0, jpountzFails(new byte[0], max));
    byte[] badMagic = s.clone();
    badMagic[0] = 'X';
    assertKind(Kind.UNKNOWN_MAGIC, 0, jpountzFails(badMagic, max));
    byte[] badMethod = s.clone();
    badMethod[8] = (byte) 0x70; // method 0x70: neither RAW (0x10) nor LZ4 (0x20)
    assertKind(Kind.BAD_HEADER, 0, jpountzFails(badMethod, max));
    byte[] badCheck = s.clone();
    badCheck[17] ^= 1; // the first block's checksum field
    assertKind(Kind.CHECKSUM, 0, jpountzFails(badCheck, max));
    byte[] badData = s.clone();
    badData[21] = (byte) 0xF0; // the first token of the first block's LZ4 data
    badData[22] = (byte) 0xFF;
    Lz4StreamException e = jpountzFails(badData, max);
    assertEquals(0, e.offset(), e.getMessage());
    assertEquals(true, e.kind() == Kind.CORRUPT_BLOCK || e.kind() == Kind.CHECKSUM, e.getMessage());
    assertKind(Kind.LIMIT, 0, jpountzFails(s, 100));
  }

  @Test
  void underlyingFailuresPassThroughUnchanged() {
    for (IOException failure : new IOException[] {new EOFException("eof"), new InterruptedIOException("stop")}) {
      InputStream failing = new SequenceInputStream(new ByteArrayInputStream(FRAME, 0, 20), new InputStream() {
        @Override
        public int read() throws IOException {
          throw failure;
        }
      });
      assertSame(failure, assertThrows(IOException.class, () -> {
        try (Lz4FrameInputStream in = new Lz4FrameInputStream(failing)) {
          in.readAllBytes();
        }
      }));
      InputStream failing2 = new SequenceInputStream(new ByteArrayInputStream(FRAME, 0, 20), new InputStream() {
        @Override
        public int read() throws IOException {
          throw failure;
        }
      });
      assertSame(failure, assertThrows(IOException.class, () -> Lz4Frame.list(failing2)));
    }
  }

  private static int word(byte[] b, int off) {
    return b[off] & 0xFF | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
  }
}
