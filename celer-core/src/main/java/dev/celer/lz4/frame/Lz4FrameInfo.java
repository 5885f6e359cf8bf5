package dev.celer.lz4.frame;

import dev.celer.internal.frame.FrameHeader;

/**
 * What a frame's header and block headers tell, without decoding: one entry of {@link
 * Lz4Frame#list(java.io.InputStream)}, for {@code lz4 --list}-style listings. Immutable and
 * thread-safe.
 *
 * <pre>{@code
 * try (InputStream in = Files.newInputStream(path)) {
 *   for (Lz4FrameInfo f : Lz4Frame.list(in)) {
 *     System.out.println(f.type() + " " + f.compressedSize() + " bytes, content " + f.contentSize());
 *   }
 * }
 * }</pre>
 */
public final class Lz4FrameInfo {

  /**
   * The kind of frame: {@code if (info.type() == Lz4FrameInfo.Type.SKIPPABLE) continue;}
   */
  public enum Type {
    /** An LZ4 frame (magic 0x184D2204). */
    FRAME,
    /** A legacy frame (magic 0x184C2102). */
    LEGACY,
    /** A skippable frame (magic 0x184D2A50..0x184D2A5F). */
    SKIPPABLE
  }

  private final Type type;
  private final long offset;
  private final long compressedSize;
  private final Lz4FrameOptions.BlockSize blockSize;
  private final boolean linkedBlocks;
  private final boolean blockChecksum;
  private final boolean contentChecksum;
  private final long contentSize;
  private final boolean hasDictionaryId;
  private final int dictionaryId;
  private final long blockCount;
  private final long storedBlockCount;
  private final int skippableMagic;

  Lz4FrameInfo(Type type, long offset, long compressedSize, FrameHeader d, long blockCount,
      long storedBlockCount, int skippableMagic) {
    this.type = type;
    this.offset = offset;
    this.compressedSize = compressedSize;
    this.blockSize = d == null ? null : d.blockSize();
    this.linkedBlocks = d != null && !d.blockIndependence();
    this.blockChecksum = d != null && d.blockChecksum();
    this.contentChecksum = d != null && d.contentChecksum();
    this.contentSize = d != null && d.hasContentSize() ? d.contentSize() : -1;
    this.hasDictionaryId = d != null && d.hasDictId();
    this.dictionaryId = d == null ? 0 : d.dictId();
    this.blockCount = blockCount;
    this.storedBlockCount = storedBlockCount;
    this.skippableMagic = skippableMagic;
  }

  /** {@return the kind of frame} */
  public Type type() {
    return type;
  }

  /** {@return the offset of the frame's magic number in the input} */
  public long offset() {
    return offset;
  }

  /** {@return the frame's total size in the input, from magic number to its last byte} */
  public long compressedSize() {
    return compressedSize;
  }

  /** {@return the block maximum size of an LZ4 frame; null for legacy (8 MB blocks) and skippable frames} */
  public Lz4FrameOptions.BlockSize blockSize() {
    return blockSize;
  }

  /** {@return whether the LZ4 frame's blocks are linked} */
  public boolean linkedBlocks() {
    return linkedBlocks;
  }

  /** {@return whether the LZ4 frame's blocks carry checksums} */
  public boolean blockChecksum() {
    return blockChecksum;
  }

  /** {@return whether the LZ4 frame ends with a content checksum} */
  public boolean contentChecksum() {
    return contentChecksum;
  }

  /**
   * {@return the content size from the LZ4 frame header (unsigned; use {@link
   * Long#toUnsignedString(long)} when it may exceed 2^63), or -1 when the header has none}
   */
  public long contentSize() {
    return contentSize;
  }

  /** {@return whether the LZ4 frame header carries a dictionary ID} */
  public boolean hasDictionaryId() {
    return hasDictionaryId;
  }

  /** {@return the dictionary ID (unsigned), or 0 when there is none} */
  public int dictionaryId() {
    return dictionaryId;
  }

  /** {@return the number of data blocks (EndMark not counted); 0 for skippable frames} */
  public long blockCount() {
    return blockCount;
  }

  /** {@return how many of the blocks are stored uncompressed (LZ4 frames only)} */
  public long storedBlockCount() {
    return storedBlockCount;
  }

  /** {@return the skippable frame's magic number, 0x184D2A50..0x184D2A5F; 0 for other frames} */
  public int skippableMagic() {
    return skippableMagic;
  }

  @Override
  public String toString() {
    return "Lz4FrameInfo{type=" + type + ", offset=" + offset + ", compressedSize=" + compressedSize
        + (type == Type.FRAME
            ? ", blockSize=" + blockSize + ", linked=" + linkedBlocks + ", blockChecksum=" + blockChecksum
                + ", contentChecksum=" + contentChecksum + ", contentSize=" + contentSize
                + (hasDictionaryId ? ", dictionaryId=" + Integer.toUnsignedString(dictionaryId) : "")
            : "")
        + (type == Type.SKIPPABLE ? ", magic=0x" + Integer.toHexString(skippableMagic) : ", blocks=" + blockCount)
        + "}";
  }
}
