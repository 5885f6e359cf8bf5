package dev.celer.lz4.seekable;

import dev.celer.internal.Mem;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The seek index at the end of a seekable LZ4 file, read in parts. Opening reads the last
 * {@code min(file length, 64 KiB)} bytes, as {@link SeekableLz4Reader#open(RandomAccessSource)}
 * does; when the whole index is in them it is checked in full (checksum included) and kept.
 * Otherwise opening reads the index frame's 8-byte prefix and the frame table, and the block
 * table stays in the file. {@link
 * #firstBlockAtOrAfter} searches the stored {@code Block_Offset} column a page of entries at a
 * time, and {@link #window} reads the entries of a run of blocks with one
 * positioned read and checks them as a {@link SeekIndex} of their own. This is for readers that
 * need only part of a large index (one task of a job reading one split of a file).
 *
 * <p>Checks: everything {@link SeekableLz4Reader#open(RandomAccessSource)} checks about the footer,
 * the prefix and the frame table; every block offset is checked against the data's size before
 * it is used; a window is checked by the rules of {@code docs/seekable-format.md} §2 (order,
 * spacing, frames, decoded lengths). What cannot be checked without reading the whole index is
 * not: the {@code Index_Checksum}, and the order of entries outside the windows read. A hostile
 * table can therefore make a binary search land on a wrong block, but never make a read leave
 * the data or decode a block by lengths the format forbids; a bad entry is {@link
 * Kind#BAD_INDEX}. Immutable and thread-safe (as far as the source is); it does not close the
 * source.
 *
 * <pre>{@code
 * try (RandomAccessSource src = RandomAccessSource.of(FileChannel.open(path))) {
 *   LazySeekIndex index = LazySeekIndex.open(src, 1 << 20);
 *   int first = index.firstBlockAtOrAfter(position);
 * }
 * }</pre>
 */
public final class LazySeekIndex {
  private final RandomAccessSource src;
  private final long start;
  private final int blockCount;
  private final long contentSize;
  private final long dataSize;
  private final long[] fOff;
  private final byte[] fFlg;
  private final byte[] fBd;
  private final byte[] fHs;
  private final int[] fDict;

  private LazySeekIndex(RandomAccessSource src, long start, int blockCount, long contentSize, long dataSize,
      long[] fOff, byte[] fFlg, byte[] fBd, byte[] fHs, int[] fDict) {
    this.src = src;
    this.start = start;
    this.blockCount = blockCount;
    this.contentSize = contentSize;
    this.dataSize = dataSize;
    this.fOff = fOff;
    this.fFlg = fFlg;
    this.fBd = fBd;
    this.fHs = fHs;
    this.fDict = fDict;
  }

  /**
   * Opens the index at the end of {@code src}: one positioned read of the last {@code min(length,
   * 64 KiB)} bytes; for a longer index, two more (the 8-byte frame prefix and the frame table, 16
   * bytes per frame).
   *
   * @param src the seekable file's bytes
   * @param maxFrameTableBytes the largest frame table to read ({@link Kind#LIMIT} above it)
   * @return the index, of which only the footer and the frame table are read so far
   * @throws Lz4StreamException {@link Kind#NOT_SEEKABLE} without an index, {@link
   *     Kind#BAD_INDEX} for a bad footer, prefix or frame table
   */
  public static LazySeekIndex open(RandomAccessSource src, long maxFrameTableBytes) throws IOException {
    Objects.requireNonNull(src, "src");
    long size = src.size();
    if (size < SeekIndexFormat.MIN_FRAME) {
      throw new Lz4StreamException(Kind.NOT_SEEKABLE, Lz4StreamException.UNKNOWN_OFFSET,
          "no seek index: the file has " + size + " bytes, fewer than the " + SeekIndexFormat.MIN_FRAME
              + " of the smallest index");
    }
    int tailLen = (int) Math.min(size, SeekIndexFormat.TAIL_READ);
    byte[] tail = new byte[tailLen];
    src.readFully(size - tailLen, tail, 0, tailLen);
    byte[] ft = Arrays.copyOfRange(tail, tailLen - SeekIndexFormat.FOOTER, tailLen);
    long frameLen = SeekIndexFormat.checkFooter(ft, 0, size, Long.MAX_VALUE);
    long start = size - frameLen;
    if (frameLen <= tailLen) {
      // A small index came whole with the first read: check all of it, checksum included, and
      // read entries from memory.
      byte[] whole = Arrays.copyOfRange(tail, (int) (tailLen - frameLen), tailLen);
      SeekIndexFormat.parseChecked(whole, 0, start, start);
      src = new CachedTail(whole, start);
    }
    long at = size - SeekIndexFormat.FOOTER;
    int n = (int) Mem.getLongLE(ft, 0);
    int f = Mem.getIntLE(ft, 8);
    byte[] prefix = new byte[SeekIndexFormat.PREFIX];
    src.readFully(start, prefix, 0, prefix.length);
    int magic = Mem.getIntLE(prefix, 0);
    if (!dev.celer.internal.frame.Lz4FrameFormat.isSkippableMagic(magic)) {
      throw SeekIndexFormat.bad(start, "the footer places the index at offset " + start
          + ", but the magic number there is 0x" + Integer.toHexString(magic) + ", not a skippable frame's");
    }
    long declared = Integer.toUnsignedLong(Mem.getIntLE(prefix, 4));
    if (declared != frameLen - SeekIndexFormat.PREFIX) {
      throw SeekIndexFormat.bad(start + 4, "the index frame's size field says " + declared + " bytes, its footer "
          + (frameLen - SeekIndexFormat.PREFIX));
    }
    long contentSize = Mem.getLongLE(ft, 16);
    long dataSize = Mem.getLongLE(ft, 24);
    if (dataSize != start) {
      throw SeekIndexFormat.bad(at + 24, "the index describes " + Long.toUnsignedString(dataSize)
          + " bytes of data, but " + start + " precede it");
    }
    if (contentSize < 0 || (n == 0) != (contentSize == 0)) {
      throw SeekIndexFormat.bad(at + 16, "content size " + Long.toUnsignedString(contentSize) + " does not fit "
          + n + " blocks");
    }
    long tableLen = (long) SeekIndexFormat.FRAME_ENTRY * f;
    if (tableLen > maxFrameTableBytes) {
      throw new Lz4StreamException(Kind.LIMIT, start + SeekIndexFormat.PREFIX, "the frame table has " + tableLen
          + " bytes, over the limit of " + maxFrameTableBytes);
    }
    byte[] table = new byte[(int) tableLen];
    src.readFully(start + SeekIndexFormat.PREFIX, table, 0, table.length);
    long[] fOff = new long[f];
    byte[] fFlg = new byte[f];
    byte[] fBd = new byte[f];
    byte[] fHs = new byte[f];
    int[] fDict = new int[f];
    SeekIndexFormat.parseFrameTable(table, 0, f, start + SeekIndexFormat.PREFIX, dataSize, fOff, fFlg, fBd, fHs, fDict);
    return new LazySeekIndex(src, start, n, contentSize, dataSize, fOff, fFlg, fBd, fHs, fDict);
  }

  /** {@return the number of data blocks listed} */
  public int blockCount() {
    return blockCount;
  }

  /** {@return the total decoded size of the listed frames, as the footer states} */
  public long contentSize() {
    return contentSize;
  }

  /** {@return the offset of the index frame in the file: the length of the data it describes} */
  public long dataSize() {
    return dataSize;
  }

  /** @return the file offset of the block table entry of block {@code i} */
  private long entryAt(int i) {
    return start + SeekIndexFormat.PREFIX + (long) SeekIndexFormat.FRAME_ENTRY * fOff.length
        + (long) SeekIndexFormat.BLOCK_ENTRY * i;
  }

  /**
   * {@return where block {@code i} starts (one 8-byte positioned read), or {@link #dataSize()}
   * for {@code i = blockCount()}}
   *
   * @param i a block's number, from 0
   * @throws Lz4StreamException {@link Kind#BAD_INDEX} when the stored offset lies outside the data
   */
  public long blockOffset(int i) throws IOException {
    Objects.checkIndex(i, blockCount + 1);
    if (i == blockCount) {
      return dataSize;
    }
    byte[] b = new byte[8];
    src.readFully(entryAt(i), b, 0, 8);
    long bo = Mem.getLongLE(b, 0);
    if (bo < 0 || bo > dataSize - SeekIndexFormat.MIN_BLOCK_STRIDE) {
      throw SeekIndexFormat.bad(entryAt(i), "block " + i + " offset " + Long.toUnsignedString(bo)
          + " lies beyond the data's " + dataSize + " bytes");
    }
    return bo;
  }

  /** Block-table entries a search reads at a time: one positioned read of 8 KiB. */
  private static final int PAGE = 512;

  /**
   * {@return the first block whose offset is {@code >= position}, or {@link #blockCount()} when
   * none is. The search reads pages of 512 entries (8 KiB): it guesses the page by
   * interpolation (one read when the blocks are evenly spaced, as a writer's are) and halves
   * the range on every other step, so it takes at most about {@code 2·log2(blockCount / 512) +
   * 2} reads. Every offset read is checked against the data's size, and the offsets of a
   * page must increase}
   *
   * @param position an offset in the file
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public int firstBlockAtOrAfter(long position) throws IOException {
    int lo = 0; // blocks before lo start before position
    int hi = blockCount; // blocks from hi on start at or after it
    long loOff = 0;
    long hiOff = dataSize;
    boolean interpolate = true;
    while (lo < hi) {
      int from;
      if (hi - lo <= PAGE) {
        from = lo;
      } else {
        long g = lo + (hi - lo) / 2;
        if (interpolate && hiOff > loOff && position > loOff && position < hiOff) {
          g = lo + (long) ((double) (position - loOff) / (hiOff - loOff) * (hi - lo));
        }
        from = (int) Math.max(lo, Math.min(hi - PAGE, g - PAGE / 2));
        interpolate = !interpolate;
      }
      int count = Math.min(PAGE, hi - from);
      long[] page = page(from, count);
      if (page[0] >= position) {
        hi = from;
        hiOff = page[0];
      } else if (page[count - 1] < position) {
        lo = from + count;
        loOff = page[count - 1];
      } else {
        int k = Arrays.binarySearch(page, position);
        return from + (k >= 0 ? k : -k - 1);
      }
    }
    return lo;
  }

  /** @return the offsets of blocks {@code [from, from + count)}, read at once and checked */
  private long[] page(int from, int count) throws IOException {
    byte[] b = new byte[count * SeekIndexFormat.BLOCK_ENTRY];
    src.readFully(entryAt(from), b, 0, b.length);
    long[] off = new long[count];
    for (int k = 0; k < count; k++) {
      long bo = Mem.getLongLE(b, k * SeekIndexFormat.BLOCK_ENTRY);
      if (bo < 0 || bo > dataSize - SeekIndexFormat.MIN_BLOCK_STRIDE || (k > 0 && bo <= off[k - 1])) {
        throw SeekIndexFormat.bad(entryAt(from + k), "block " + (from + k) + " offset " + Long.toUnsignedString(bo)
            + " is out of order or beyond the data's " + dataSize + " bytes");
      }
      off[k] = bo;
    }
    return off;
  }

  /**
   * Reads blocks {@code [from, to)} of the table with one positioned read (their entries and the
   * next one) and checks them.
   *
   * @param from the window's first block
   * @param to the block after the window's last
   * @return an index of just those blocks: its block {@code k} is block {@code from + k} of the
   *     file, with the same {@link SeekIndex#blockOffset}; its content offsets count from block
   *     {@code from}'s first decoded byte; its {@link SeekIndex#dataSize()} is where block {@code
   *     to} starts (the data's size when {@code to = blockCount()}). {@link
   *     SeekableLz4Reader#open(RandomAccessSource, SeekIndex, SeekableReadOptions)} reads through it.
   * @throws IndexOutOfBoundsException unless {@code 0 <= from < to <= blockCount()}
   * @throws Lz4StreamException {@link Kind#BAD_INDEX} when the entries break the format's rules
   */
  public SeekIndex window(int from, int to) throws IOException {
    if (from < 0 || from >= to || to > blockCount) {
      throw new IndexOutOfBoundsException("window [" + from + ", " + to + ") of " + blockCount + " blocks");
    }
    int k = to - from;
    int entries = to < blockCount ? k + 1 : k;
    byte[] b = new byte[entries * SeekIndexFormat.BLOCK_ENTRY];
    src.readFully(entryAt(from), b, 0, b.length);
    long endOffset = to < blockCount ? Mem.getLongLE(b, k * SeekIndexFormat.BLOCK_ENTRY) : dataSize;
    long endContent = to < blockCount ? Mem.getLongLE(b, k * SeekIndexFormat.BLOCK_ENTRY + 8) : contentSize;
    if (endOffset < 0 || endOffset > dataSize || endContent < 0 || endContent > contentSize) {
      throw SeekIndexFormat.bad(entryAt(to), "block " + to + " entry lies beyond the data or the content");
    }
    SeekIndex.Builder builder = new SeekIndex.Builder();
    int frame = -1;
    for (int i = 0; i < k; i++) {
      int p = i * SeekIndexFormat.BLOCK_ENTRY;
      long bo = Mem.getLongLE(b, p);
      long co = Mem.getLongLE(b, p + 8);
      long next = i + 1 < k ? Mem.getLongLE(b, p + 24) : endContent;
      long eAt = entryAt(from + i);
      if (bo < 0 || bo > endOffset - SeekIndexFormat.MIN_BLOCK_STRIDE) {
        throw SeekIndexFormat.bad(eAt, "block " + (from + i) + " offset " + Long.toUnsignedString(bo)
            + " is out of order or beyond the data's " + dataSize + " bytes");
      }
      if ((from + i == 0 && co != 0) || co < 0 || next <= co || next - co > (1 << 23)) {
        throw SeekIndexFormat.bad(eAt + 8, "block " + (from + i) + " content offset " + Long.toUnsignedString(co)
            + " is out of order or does not fit the content size " + contentSize);
      }
      int j = Arrays.binarySearch(fOff, bo);
      j = j >= 0 ? j : -j - 2;
      if (j < 0) {
        throw SeekIndexFormat.bad(eAt, "block " + (from + i) + " at " + bo + " lies before every listed frame");
      }
      if (j != frame) {
        builder.frame(fOff[j], fFlg[j] & 0xFF, fBd[j] & 0xFF, fHs[j], fDict[j]);
        frame = j;
      }
      builder.block(bo, (int) (next - co));
    }
    try {
      return builder.build(endOffset); // the rules a reader applies: spacing, frames, lengths
    } catch (IllegalStateException e) {
      throw SeekIndexFormat.bad(entryAt(from), "blocks " + from + ".." + (to - 1) + ": " + e.getMessage());
    }
  }

  /** The whole index frame, read at open: entry reads come from memory. */
  private static final class CachedTail implements RandomAccessSource {
    private final byte[] frame;
    private final long start;

    CachedTail(byte[] frame, long start) {
      this.frame = frame;
      this.start = start;
    }

    @Override
    public long size() {
      return start + frame.length;
    }

    @Override
    public void readFully(long position, byte[] dst, int off, int len) throws IOException {
      if (position < start || position - start > frame.length - len) {
        throw new java.io.EOFException("outside the index frame: " + position + " + " + len);
      }
      System.arraycopy(frame, (int) (position - start), dst, off, len);
    }
  }

  @Override
  public String toString() {
    return "LazySeekIndex[" + fOff.length + " frames, " + blockCount + " blocks, " + contentSize
        + " bytes decoded, data size " + dataSize + "]";
  }
}
