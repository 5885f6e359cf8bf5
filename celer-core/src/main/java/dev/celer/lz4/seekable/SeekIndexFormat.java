package dev.celer.lz4.seekable;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.frame.FrameHeader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;

/*
 * The seek-index frame of docs/seekable-format.md, version 1. All fields little-endian.
 *
 *   File:  | LZ4 frame | (LZ4 frame | skippable frame)* | seek-index frame |
 *
 *   Seek-index frame:
 *     | Skippable_Magic | Frame_Size | Frame table | Block table | Footer   |
 *     | 4: 0x184D2A5C   | 4          | 16 * F      | 16 * N      | 40 bytes |
 *     Frame_Size = 16*F + 16*N + 40 (the bytes after the Frame_Size field)
 *
 *   Frame table entry (one per data frame holding at least one block, in file order):
 *     | Frame_Offset | FLG | BD | Header_Size | reserved | Dict_ID |
 *     | 8            | 1   | 1  | 1 (7..19)   | 1: 0     | 4       |
 *
 *   Block table entry (one per data block, in file order; both columns strictly increase):
 *     | Block_Offset (of the Block Size word) | Content_Offset (decoded offset of its 1st byte) |
 *     | 8                                     | 8                                               |
 *
 *   Footer:
 *     | Block_Count N | Frame_Count F | Version | Flags | reserved | Content_Size | Data_Size |
 *     | 8             | 4             | 1: 1    | 1: 0  | 2: 0     | 8            | 8         |
 *     | Index_Checksum (XXH32 seed 0 of the frame up to here) | Footer_Magic 'L' 'Z' '4' 'I' |
 *     | 4                                                     | 4 (last bytes of the file)   |
 *
 *   Data_Size = offset of this frame's Skippable_Magic (side-car: the data file's length).
 *   A block's frame = the last frame with Frame_Offset <= Block_Offset; its decoded length =
 *   next Content_Offset (or Content_Size) - its own, 1..the frame's block maximum size.
 */

/**
 * Reads and writes the seek-index frame (layout above). Reading checks every count and offset
 * against the file length before it computes with it or allocates for it (the lesson of zstd's
 * seek-table parser, facebook/zstd PR #4717): at most two positioned reads, memory bounded by
 * the index's own size, time linear in it. A missing index is {@link Kind#NOT_SEEKABLE}, every
 * other problem {@link Kind#BAD_INDEX} (or {@link Kind#LIMIT} over the caller's size limit).
 * Stateless.
 */
final class SeekIndexFormat {
  private SeekIndexFormat() {}

  /** The skippable magic number of the index frame; why this one: docs/seekable-format.md §2. */
  static final int INDEX_MAGIC = SKIPPABLE_MAGIC_BASE | 0xC;

  /** The bytes 'L' 'Z' '4' 'I' as a little-endian u32: the last 4 bytes of a seekable file. */
  static final int FOOTER_MAGIC = 0x49345A4C;

  static final int VERSION = 1;
  static final int FRAME_ENTRY = 16;
  static final int BLOCK_ENTRY = 16;
  static final int FOOTER = 40;
  /** Skippable magic + Frame_Size. */
  static final int PREFIX = 8;
  /** The smallest index frame: no frames, no blocks. */
  static final int MIN_FRAME = PREFIX + FOOTER;
  /** N < 2^28 keeps Frame_Size within its u32. */
  static final long MAX_BLOCKS = (1L << 28) - 1;
  /** The first read at open takes this much of the file's end; a bigger index needs a second. */
  static final int TAIL_READ = 64 * 1024;
  /** The smallest distance between two block offsets: a size word and one byte of data. */
  static final int MIN_BLOCK_STRIDE = 5;

  /** @return the length of an index frame with {@code f} frames and {@code n} blocks */
  static long frameLength(long f, long n) {
    return PREFIX + FRAME_ENTRY * f + BLOCK_ENTRY * n + FOOTER;
  }

  static byte[] encode(SeekIndex x) {
    int f = x.frameCount();
    int n = x.blockCount();
    long len = frameLength(f, n);
    if (n > MAX_BLOCKS || len > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("an index of " + n + " blocks does not fit in one frame");
    }
    byte[] b = new byte[(int) len];
    Mem.putIntLE(b, 0, INDEX_MAGIC);
    Mem.putIntLE(b, 4, (int) (len - PREFIX));
    int p = PREFIX;
    for (int j = 0; j < f; j++, p += FRAME_ENTRY) {
      Mem.putLongLE(b, p, x.frameOffsets[j]);
      b[p + 8] = x.frameFlg[j];
      b[p + 9] = x.frameBd[j];
      b[p + 10] = x.frameHeaderSize[j];
      Mem.putIntLE(b, p + 12, x.frameDictId[j]);
    }
    for (int i = 0; i < n; i++, p += BLOCK_ENTRY) {
      Mem.putLongLE(b, p, x.blockOffsets[i]);
      Mem.putLongLE(b, p + 8, x.contentOffsets[i]);
    }
    Mem.putLongLE(b, p, n);
    Mem.putIntLE(b, p + 8, f);
    b[p + 12] = VERSION;
    Mem.putLongLE(b, p + 16, x.contentSize);
    Mem.putLongLE(b, p + 24, x.dataSize);
    Mem.putIntLE(b, p + 32, XxHash32.hash(b, 0, p + 32, XXH32_SEED));
    Mem.putIntLE(b, p + 36, FOOTER_MAGIC);
    return b;
  }

  /**
   * Finds and parses the index at the end of {@code src}: one positioned read of the last
   * {@link #TAIL_READ} bytes, and a second one only when the index is longer.
   *
   * @param sidecarDataLength -1 when the index ends the data file itself; else {@code src} is a
   *     side-car file that must hold exactly one index frame, describing data of this length
   * @param maxIndexBytes the largest index frame to accept ({@link Kind#LIMIT} above it)
   */
  static SeekIndex read(RandomAccessSource src, long sidecarDataLength, long maxIndexBytes) throws IOException {
    long size = src.size();
    String what = sidecarDataLength < 0 ? "the file" : "the side-car file";
    if (size < MIN_FRAME) {
      throw new Lz4StreamException(Kind.NOT_SEEKABLE, Lz4StreamException.UNKNOWN_OFFSET,
          "no seek index: " + what + " has " + size + " bytes, fewer than the " + MIN_FRAME + " of the smallest index");
    }
    int tailLen = (int) Math.min(size, TAIL_READ);
    byte[] tail = new byte[tailLen];
    src.readFully(size - tailLen, tail, 0, tailLen);
    long frameLen = checkFooter(tail, tailLen - FOOTER, size, maxIndexBytes);
    long start = size - frameLen;
    if (sidecarDataLength >= 0 && start != 0) {
      throw bad(0, "the side-car file has " + size + " bytes but its index frame " + frameLen);
    }
    byte[] b;
    int base;
    if (frameLen <= tailLen) {
      b = tail;
      base = (int) (tailLen - frameLen);
    } else {
      b = new byte[(int) frameLen];
      src.readFully(start, b, 0, b.length);
      base = 0;
    }
    return parseChecked(b, base, start, sidecarDataLength < 0 ? start : sidecarDataLength);
  }

  /**
   * Parses a whole index frame held in {@code frame} (exactly), as found at offset {@code start}
   * of a file, describing {@code expectedDataSize} bytes of data.
   */
  static SeekIndex parse(byte[] frame, long start, long expectedDataSize) throws IOException {
    if (frame.length < MIN_FRAME) {
      throw new Lz4StreamException(Kind.NOT_SEEKABLE, start, "no seek index: " + frame.length + " bytes");
    }
    long frameLen = checkFooter(frame, frame.length - FOOTER, start + frame.length, Long.MAX_VALUE);
    if (frameLen != frame.length) {
      throw bad(start, "the index frame is " + frameLen + " bytes by its footer but " + frame.length + " are given");
    }
    return parseChecked(frame, 0, start, expectedDataSize);
  }

  /**
   * Checks the footer at {@code b[ft, ft + 40)}, the last 40 bytes of a file of {@code
   * fileSize} bytes.
   *
   * @return the length of the whole index frame, checked to fit in the file
   */
  static long checkFooter(byte[] b, int ft, long fileSize, long maxIndexBytes) throws Lz4StreamException {
    long at = fileSize - FOOTER;
    if (Mem.getIntLE(b, ft + 36) != FOOTER_MAGIC) {
      throw new Lz4StreamException(Kind.NOT_SEEKABLE, fileSize - 4, "no seek index: the last 4 bytes are 0x"
          + Integer.toHexString(Integer.reverseBytes(Mem.getIntLE(b, ft + 36))) + ", not 'LZ4I'");
    }
    int version = b[ft + 12] & 0xFF;
    if (version != VERSION) {
      throw bad(at + 12, "seek index version " + version + " is not supported (only " + VERSION + ")");
    }
    if (b[ft + 13] != 0 || b[ft + 14] != 0 || b[ft + 15] != 0) {
      throw bad(at + 13, "reserved bytes of the seek index footer are not 0: 0x" + Integer.toHexString(b[ft + 13] & 0xFF)
          + " 0x" + Integer.toHexString(b[ft + 14] & 0xFF) + " 0x" + Integer.toHexString(b[ft + 15] & 0xFF));
    }
    long n = Mem.getLongLE(b, ft);
    long f = Integer.toUnsignedLong(Mem.getIntLE(b, ft + 8));
    if (n < 0 || n > MAX_BLOCKS) {
      throw bad(at, "block count " + Long.toUnsignedString(n) + " exceeds the format's " + MAX_BLOCKS);
    }
    if (f > n || (f == 0) != (n == 0)) {
      throw bad(at + 8, "frame count " + f + " does not fit block count " + n
          + " (every listed frame holds at least one block)");
    }
    long frameLen = frameLength(f, n); // < 2^33: no overflow
    if (frameLen > fileSize) {
      throw bad(at, "an index of " + f + " frames and " + n + " blocks needs " + frameLen
          + " bytes, more than the file's " + fileSize);
    }
    if (frameLen - PREFIX > 0xFFFF_FFFFL) {
      throw bad(at, "an index of " + frameLen + " bytes does not fit a skippable frame");
    }
    if (frameLen > maxIndexBytes) {
      throw new Lz4StreamException(Kind.LIMIT, at, "the seek index has " + frameLen
          + " bytes, over the limit of " + maxIndexBytes);
    }
    return frameLen;
  }

  /** Parses the frame at {@code b[base, b.length)}, whose footer {@link #checkFooter} passed. */
  static SeekIndex parseChecked(byte[] b, int base, long start, long expectedDataSize) throws IOException {
    int ft = b.length - FOOTER;
    int n = (int) Mem.getLongLE(b, ft);
    int f = Mem.getIntLE(b, ft + 8);
    long frameLen = frameLength(f, n);
    int magic = Mem.getIntLE(b, base);
    if (!isSkippableMagic(magic)) {
      throw bad(start, "the footer places the index at offset " + start + ", but the magic number there is 0x"
          + Integer.toHexString(magic) + ", not a skippable frame's");
    }
    long declared = Integer.toUnsignedLong(Mem.getIntLE(b, base + 4));
    if (declared != frameLen - PREFIX) {
      throw bad(start + 4, "the index frame's size field says " + declared + " bytes, its footer "
          + (frameLen - PREFIX));
    }
    long at = start + (ft - base);
    int checksum = XxHash32.hash(b, base, ft + 32 - base, XXH32_SEED);
    if (checksum != Mem.getIntLE(b, ft + 32)) {
      throw new Lz4StreamException(Kind.BAD_INDEX, at + 32, "seek index checksum mismatch: stored 0x"
          + Integer.toHexString(Mem.getIntLE(b, ft + 32)) + ", computed 0x" + Integer.toHexString(checksum));
    }
    long contentSize = Mem.getLongLE(b, ft + 16);
    long dataSize = Mem.getLongLE(b, ft + 24);
    if (dataSize != expectedDataSize) {
      throw bad(at + 24, "the index describes " + Long.toUnsignedString(dataSize) + " bytes of data, but "
          + expectedDataSize + " precede it (or the data file has that many)");
    }
    if (contentSize < 0 || (n == 0) != (contentSize == 0)) {
      throw bad(at + 16, "content size " + Long.toUnsignedString(contentSize) + " does not fit " + n + " blocks");
    }

    long[] fOff = new long[f];
    byte[] fFlg = new byte[f];
    byte[] fBd = new byte[f];
    byte[] fHs = new byte[f];
    int[] fDict = new int[f];
    parseFrameTable(b, base + PREFIX, f, start + PREFIX, dataSize, fOff, fFlg, fBd, fHs, fDict);
    int p = base + PREFIX + FRAME_ENTRY * f;

    long[] bOff = new long[n];
    long[] cOff = new long[n];
    int[] fFirst = new int[f];
    int blocksStart = p;
    for (int i = 0; i < n; i++, p += BLOCK_ENTRY) {
      long eAt = start + (p - base);
      long bo = Mem.getLongLE(b, p);
      long co = Mem.getLongLE(b, p + 8);
      if (bo < 0 || (i > 0 && bo - bOff[i - 1] < MIN_BLOCK_STRIDE) || bo > dataSize - MIN_BLOCK_STRIDE) {
        throw bad(eAt, "block " + i + " offset " + Long.toUnsignedString(bo)
            + " is out of order or beyond the data's " + dataSize + " bytes");
      }
      if (i == 0 ? co != 0 : (co <= cOff[i - 1] || co >= contentSize)) {
        throw bad(eAt + 8, "block " + i + " content offset " + Long.toUnsignedString(co)
            + (i == 0 ? " is not 0" : " is out of order or not below the content size " + contentSize));
      }
      bOff[i] = bo;
      cOff[i] = co;
    }
    // Assign blocks to frames: a block belongs to the last frame starting at or before it; every
    // frame owns at least one block; each block's decoded length fits its frame's maximum.
    int j = -1;
    int owned = 0;
    for (int i = 0; i < n; i++) {
      long eAt = start + (blocksStart - base) + (long) i * BLOCK_ENTRY;
      while (j + 1 < f && fOff[j + 1] <= bOff[i]) {
        if (j >= 0 && owned == 0) {
          throw bad(eAt, "frame " + j + " is listed but holds no block");
        }
        j++;
        owned = 0;
        fFirst[j] = i;
      }
      if (j < 0 || bOff[i] < fOff[j] + (fHs[j] & 0xFF)) {
        throw bad(eAt, "block " + i + " at " + bOff[i] + " does not lie after the header of a listed frame");
      }
      long end = i + 1 < n ? cOff[i + 1] : contentSize;
      long len = end - cOff[i];
      int max = blockMaxSize(fBd[j]);
      if (len > max) {
        throw bad(eAt + 8, "block " + i + " decodes to " + len + " bytes by the index, over its frame's block maximum " + max);
      }
      owned++;
    }
    if (n > 0 && j != f - 1) {
      throw bad(start, "frame " + (j + 1) + " is listed but holds no block");
    }
    return new SeekIndex(fOff, fFlg, fBd, fHs, fDict, fFirst, bOff, cOff, contentSize, dataSize);
  }

  /**
   * Parses and checks the {@code f} frame-table entries at {@code b[p, p + 16f)}, which lie at
   * offset {@code at} of the file, into the arrays given.
   */
  static void parseFrameTable(byte[] b, int p0, int f, long at, long dataSize, long[] fOff, byte[] fFlg, byte[] fBd,
      byte[] fHs, int[] fDict) throws Lz4StreamException {
    int p = p0;
    for (int j = 0; j < f; j++, p += FRAME_ENTRY) {
      long eAt = at + (p - p0);
      long off = Mem.getLongLE(b, p);
      int flg = b[p + 8] & 0xFF;
      int bd = b[p + 9] & 0xFF;
      int hs = b[p + 10] & 0xFF;
      int dict = Mem.getIntLE(b, p + 12);
      if (off < 0 || (j > 0 && off <= fOff[j - 1])) {
        throw bad(eAt, "frame " + j + " offset " + Long.toUnsignedString(off) + " does not follow the previous frame's");
      }
      if ((flg & FLG_VERSION_MASK) != FLG_VERSION_01 || (flg & FLG_RESERVED) != 0
          || (flg & FLG_BLOCK_INDEPENDENCE) == 0) {
        throw bad(eAt + 8, "frame " + j + " FLG 0x" + Integer.toHexString(flg)
            + " is not a version 01 frame of independent blocks with reserved bits 0");
      }
      int code = (bd & BD_BLOCK_SIZE_MASK) >>> BD_BLOCK_SIZE_SHIFT;
      if ((bd & (BD_RESERVED_HIGH | BD_RESERVED_LOW)) != 0 || code < 4) {
        throw bad(eAt + 9, "frame " + j + " BD 0x" + Integer.toHexString(bd) + " is invalid");
      }
      int expectHs = 4 + 2 + FrameHeader.remainingLength(flg);
      if (hs != expectHs || b[p + 11] != 0) {
        throw bad(eAt + 10, "frame " + j + " header size " + hs + " (reserved byte " + (b[p + 11] & 0xFF)
            + ") does not match its FLG, which gives " + expectHs);
      }
      if ((flg & FLG_DICT_ID) == 0 && dict != 0) {
        throw bad(eAt + 12, "frame " + j + " has dictionary ID " + Integer.toUnsignedString(dict) + " but no DictID flag");
      }
      if (off > dataSize - hs) {
        throw bad(eAt, "frame " + j + " at " + off + " lies beyond the data's " + dataSize + " bytes");
      }
      fOff[j] = off;
      fFlg[j] = (byte) flg;
      fBd[j] = (byte) bd;
      fHs[j] = (byte) hs;
      fDict[j] = dict;
    }
  }

  /** @return the block maximum size of a valid BD byte (code 4..7) */
  static int blockMaxSize(byte bd) {
    return Lz4FrameOptions.BlockSize.ofCode((bd & BD_BLOCK_SIZE_MASK) >>> BD_BLOCK_SIZE_SHIFT).bytes();
  }

  static Lz4StreamException bad(long offset, String message) {
    return new Lz4StreamException(Kind.BAD_INDEX, offset, "bad seek index: " + message);
  }
}
