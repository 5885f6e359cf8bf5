package dev.celer.bench;

import dev.celer.lz4.Lz4;

/**
 * A file cut into independent blocks of one size, as {@code lz4 -b -B#} cuts it: the blocks are
 * consecutive ranges of {@link #data}, the last one possibly shorter. Each block has its own
 * output region of {@code Lz4.maxCompressedLength(length)} bytes, like the C benchmark's
 * {@code cRoom}.
 *
 * <p>Immutable after construction (the arrays are shared with the benchmarks, which must not
 * change them); thread-safe to read.
 */
public final class Blocks {
  /** The whole file. */
  public final byte[] data;
  /** The block size label as given ({@code 4K}, {@code 16K}, {@code 64K}, {@code file}, ...). */
  public final String label;
  /** Number of blocks. */
  public final int count;
  /** Start of each block in {@link #data}. */
  public final int[] offsets;
  /** Length of each block. */
  public final int[] lengths;
  /** Start of each block's output region in a buffer of {@link #roomTotal} bytes. */
  public final int[] roomOffsets;
  /** Size of each block's output region. */
  public final int[] rooms;
  /** Sum of {@link #rooms}. */
  public final int roomTotal;

  private Blocks(byte[] data, String label, int blockSize) {
    this.data = data;
    this.label = label;
    int n = data.length == 0 ? 1 : (int) ((data.length + (long) blockSize - 1) / blockSize);
    this.count = n;
    this.offsets = new int[n];
    this.lengths = new int[n];
    this.roomOffsets = new int[n];
    this.rooms = new int[n];
    long room = 0;
    for (int i = 0; i < n; i++) {
      offsets[i] = i * blockSize;
      lengths[i] = Math.min(blockSize, data.length - offsets[i]);
      roomOffsets[i] = (int) room;
      rooms[i] = Lz4.maxCompressedLength(lengths[i]);
      room += rooms[i];
    }
    if (room > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("file too large for one byte[]: " + data.length);
    }
    this.roomTotal = (int) room;
  }

  /**
   * Cuts {@code data} into blocks of the size {@code label} names: a number of bytes with an
   * optional {@code K} or {@code M} suffix (powers of two), or {@code file} for one block.
   */
  public static Blocks cut(byte[] data, String label) {
    return new Blocks(data, label, blockSize(label, data.length));
  }

  /** The block size {@code label} names, for a file of {@code fileLength} bytes. */
  public static int blockSize(String label, int fileLength) {
    String l = label.trim().toUpperCase(java.util.Locale.ROOT);
    if (l.equals("FILE")) {
      return Math.max(1, fileLength);
    }
    int shift = 0;
    if (l.endsWith("K")) {
      shift = 10;
    } else if (l.endsWith("M")) {
      shift = 20;
    }
    int size = Integer.parseInt(shift == 0 ? l : l.substring(0, l.length() - 1)) << shift;
    if (size <= 0) {
      throw new IllegalArgumentException("bad block size: " + label);
    }
    return size;
  }
}
