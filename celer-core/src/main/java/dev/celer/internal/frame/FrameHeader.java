package dev.celer.internal.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.xxhash.XxHash32;

/*
 * The LZ4 frame header, as doc/lz4_Frame_format.md (version 1.6.x) draws it.
 *
 *   Frame:  | MagicNb | F. Descriptor | Block | (...) | EndMark | C. Checksum |
 *           | 4 bytes |  3-15 bytes   |       |       | 4 bytes | 0-4 bytes   |
 *
 *   F. Descriptor:  | FLG    | BD     | (Content Size) | (Dictionary ID) | HC     |
 *                   | 1 byte | 1 byte |  0 - 8 bytes   |   0 - 4 bytes   | 1 byte |
 *
 *   FLG:  bit | 7-6     | 5       | 4          | 3      | 2          | 1          | 0      |
 *             | Version | B.Indep | B.Checksum | C.Size | C.Checksum | *Reserved* | DictID |
 *
 *   BD:   bit | 7          | 6-5-4         | 3-2-1-0    |
 *             | *Reserved* | Block MaxSize | *Reserved* |
 *
 *   Block MaxSize code:  | 0-3 | 4     | 5      | 6    | 7    |
 *                        | N/A | 64 KB | 256 KB | 1 MB | 4 MB |
 *
 *   Data block:  | Block Size | data | (Block Checksum) |
 *                | 4 bytes    |      | 0 - 4 bytes      |
 *   Block Size: bit 31 = 1 when data is stored uncompressed, bits 30-0 = length of data.
 *
 *   HC = (XXH32(F. Descriptor without HC, seed 0) >> 8) & 0xFF
 *        (Kafka v0, KIP-57: XXH32 over MagicNb + F. Descriptor without HC)
 *
 *   Skippable frame:  | Magic 0x184D2A5X | Frame Size (LE32) | User Data |
 *   Legacy frame:     | Magic 0x184C2102 | B.CSize (LE32) | CData | ... (until EOF or a magic)
 */

/**
 * The header of one LZ4 frame (the frame descriptor after the magic number): flags, block maximum
 * size, optional content size and dictionary ID; parsed and checked by {@link #parse}, written by
 * {@link #writeHeader}. Immutable and thread-safe.
 */
public final class FrameHeader {
  private final boolean blockIndependence;
  private final boolean blockChecksum;
  private final boolean contentChecksum;
  private final boolean hasContentSize;
  /** Unsigned 64-bit content size as written; meaningful only when {@link #hasContentSize}. */
  private final long contentSize;
  private final boolean hasDictId;
  private final int dictId;
  private final Lz4FrameOptions.BlockSize blockSize;

  /** A header with these fields; {@code contentSize} counts only when {@code hasContentSize}. */
  public FrameHeader(boolean blockIndependence, boolean blockChecksum, boolean contentChecksum,
      boolean hasContentSize, long contentSize, boolean hasDictId, int dictId,
      Lz4FrameOptions.BlockSize blockSize) {
    this.blockIndependence = blockIndependence;
    this.blockChecksum = blockChecksum;
    this.contentChecksum = contentChecksum;
    this.hasContentSize = hasContentSize;
    this.contentSize = contentSize;
    this.hasDictId = hasDictId;
    this.dictId = dictId;
    this.blockSize = blockSize;
  }

  /** @return the header that frames written with {@code o} carry */
  public static FrameHeader of(Lz4FrameOptions o) {
    return new FrameHeader(!o.linkedBlocks(), o.blockChecksum(), o.contentChecksum(),
        o.contentSize() >= 0, o.contentSize(), o.dictionaryId() != 0, o.dictionaryId(), o.blockSize());
  }

  /** @return "Block Independence flag": true when blocks do not reference each other */
  public boolean blockIndependence() {
    return blockIndependence;
  }

  /** @return "Block checksum flag" */
  public boolean blockChecksum() {
    return blockChecksum;
  }

  /** @return "Content checksum flag" */
  public boolean contentChecksum() {
    return contentChecksum;
  }

  /** @return "Content Size flag" */
  public boolean hasContentSize() {
    return hasContentSize;
  }

  /** @return the content size, unsigned 64 bits; meaningful only when {@link #hasContentSize()} */
  public long contentSize() {
    return contentSize;
  }

  /** @return "Dictionary ID flag" */
  public boolean hasDictId() {
    return hasDictId;
  }

  /** @return the dictionary ID (unsigned); meaningful only when {@link #hasDictId()} */
  public int dictId() {
    return dictId;
  }

  /** @return the block maximum size */
  public Lz4FrameOptions.BlockSize blockSize() {
    return blockSize;
  }

  /** @return the FLG byte that describes this header ("FLG byte"; version 01) */
  public int flg() {
    return FLG_VERSION_01
        | (blockIndependence ? FLG_BLOCK_INDEPENDENCE : 0)
        | (blockChecksum ? FLG_BLOCK_CHECKSUM : 0)
        | (hasContentSize ? FLG_CONTENT_SIZE : 0)
        | (contentChecksum ? FLG_CONTENT_CHECKSUM : 0)
        | (hasDictId ? FLG_DICT_ID : 0);
  }

  /** @return the BD byte that describes this header ("BD byte") */
  public int bd() {
    return blockSize.code() << BD_BLOCK_SIZE_SHIFT;
  }

  /** @return the length of the magic number plus this descriptor (HC included), 7..19 */
  public int headerLength() {
    return 4 + 2 + remainingLength(flg());
  }

  /** @return the number of descriptor bytes that follow FLG and BD, HC included */
  public static int remainingLength(int flg) {
    return ((flg & FLG_CONTENT_SIZE) != 0 ? 8 : 0) + ((flg & FLG_DICT_ID) != 0 ? 4 : 0) + 1;
  }

  /**
   * Writes the magic number and this descriptor (with HC) into {@code dst} at {@code off}.
   *
   * @return the number of bytes written, 7..19
   */
  public int writeHeader(byte[] dst, int off, boolean kafka) {
    Mem.putIntLE(dst, off, MAGIC);
    int p = off + 4;
    dst[p++] = (byte) flg();
    dst[p++] = (byte) bd();
    if (hasContentSize) {
      Mem.putLongLE(dst, p, contentSize);
      p += 8;
    }
    if (hasDictId) {
      Mem.putIntLE(dst, p, dictId);
      p += 4;
    }
    int from = kafka ? off : off + 4;
    dst[p] = headerChecksum(dst, from, p - from);
    return p + 1 - off;
  }

  /** "Header Checksum": the second byte of XXH32 with seed 0. */
  public static byte headerChecksum(byte[] b, int off, int len) {
    return (byte) (XxHash32.hash(b, off, len, XXH32_SEED) >>> 8);
  }

  /**
   * Parses a descriptor. {@code hdr[0..4)} holds the magic number, {@code hdr[4..len)} the whole
   * descriptor including HC (its length comes from {@link #remainingLength(int)}).
   *
   * @param frameOffset stream offset of the magic number, for messages
   */
  public static FrameHeader parse(byte[] hdr, int len, Lz4FrameReadOptions.HeaderChecksum mode, long frameOffset)
      throws Lz4StreamException {
    int flg = hdr[4] & 0xFF;
    int bd = hdr[5] & 0xFF;
    if ((flg & FLG_VERSION_MASK) != FLG_VERSION_01) {
      throw new Lz4StreamException(Kind.BAD_HEADER, frameOffset + 4,
          "unsupported frame version " + ((flg & FLG_VERSION_MASK) >>> 6)
          + " (FLG byte 0x" + Integer.toHexString(flg) + ", only version 01 is defined) at offset " + (frameOffset + 4));
    }
    if ((flg & FLG_RESERVED) != 0) {
      throw new Lz4StreamException(Kind.BAD_HEADER, frameOffset + 4,
          "reserved bit 1 of the FLG byte is set (0x" + Integer.toHexString(flg)
          + ") at offset " + (frameOffset + 4));
    }
    if ((bd & (BD_RESERVED_HIGH | BD_RESERVED_LOW)) != 0) {
      throw new Lz4StreamException(Kind.BAD_HEADER, frameOffset + 5,
          "reserved bits of the BD byte are set (0x" + Integer.toHexString(bd)
          + ") at offset " + (frameOffset + 5));
    }
    int code = (bd & BD_BLOCK_SIZE_MASK) >>> BD_BLOCK_SIZE_SHIFT;
    if (code < 4) {
      throw new Lz4StreamException(Kind.BAD_HEADER, frameOffset + 5,
          "invalid block maximum size code " + code + " (must be 4..7) at offset "
          + (frameOffset + 5));
    }
    int p = 6;
    boolean hasContentSize = (flg & FLG_CONTENT_SIZE) != 0;
    long contentSize = -1;
    if (hasContentSize) {
      contentSize = Mem.getLongLE(hdr, p);
      p += 8;
    }
    boolean hasDictId = (flg & FLG_DICT_ID) != 0;
    int dictId = 0;
    if (hasDictId) {
      dictId = Mem.getIntLE(hdr, p);
      p += 4;
    }
    assert p == len - 1;
    int hc = hdr[p] & 0xFF;
    if (mode != Lz4FrameReadOptions.HeaderChecksum.IGNORE) {
      int standard = headerChecksum(hdr, 4, p - 4) & 0xFF;
      int kafka = headerChecksum(hdr, 0, p) & 0xFF;
      boolean ok;
      switch (mode) {
        case STANDARD:
          ok = hc == standard;
          break;
        case KAFKA:
          ok = hc == kafka;
          break;
        default:
          ok = hc == standard || hc == kafka;
          break;
      }
      if (!ok) {
        int expected = mode == Lz4FrameReadOptions.HeaderChecksum.KAFKA ? kafka : standard;
        throw new Lz4StreamException(Kind.BAD_HEADER, frameOffset + p,
            "header checksum mismatch: stored 0x" + Integer.toHexString(hc)
            + ", computed 0x" + Integer.toHexString(expected) + " at offset " + (frameOffset + p));
      }
    }
    return new FrameHeader((flg & FLG_BLOCK_INDEPENDENCE) != 0, (flg & FLG_BLOCK_CHECKSUM) != 0,
        (flg & FLG_CONTENT_CHECKSUM) != 0, hasContentSize, contentSize, hasDictId, dictId,
        Lz4FrameOptions.BlockSize.ofCode(code));
  }
}
