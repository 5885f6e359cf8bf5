package dev.celer.internal.frame;

/**
 * Constants of the LZ4 frame format, {@code doc/lz4_Frame_format.md} of the lz4 repository,
 * version 1.6.x. Each constant names the section of the specification ("heading") it comes from.
 *
 * <p>Only constants; stateless. The layout tables are drawn above {@link FrameHeader}. Not
 * exported: the frame streams, the listing and the frame walker share these.
 */
public final class Lz4FrameFormat {
  private Lz4FrameFormat() {}

  /** "General Structure of LZ4 Frame format", Magic Number: 0x184D2204, little-endian. */
  public static final int MAGIC = 0x184D2204;

  /**
   * "Skippable Frames", Magic Number: any of 0x184D2A50..0x184D2A5F; the low 4 bits are free for
   * the user.
   */
  public static final int SKIPPABLE_MAGIC_BASE = 0x184D2A50;

  /** Mask that clears the 4 free bits of a skippable frame's magic number. */
  public static final int SKIPPABLE_MAGIC_MASK = 0xFFFFFFF0;

  /** "Legacy frame", Magic Number: 0x184C2102. */
  public static final int LEGACY_MAGIC = 0x184C2102;

  /** "Legacy frame": fixed block size of 8 MB; every block but the last decodes to exactly this. */
  public static final int LEGACY_BLOCK_SIZE = 8 << 20;

  /**
   * "Legacy frame": the largest compressed block a legacy block may have: LZ4's worst-case bound
   * for 8 MB ({@code LZ4_compressBound}). The lz4 tool treats anything larger as the next magic
   * number; we accept only known magic numbers there, and report anything else as an oversized
   * block.
   */
  public static final int LEGACY_MAX_COMPRESSED = LEGACY_BLOCK_SIZE + LEGACY_BLOCK_SIZE / 255 + 16;

  /** "Frame Descriptor": FLG and BD bytes, then optional fields, then HC. */
  public static final int MIN_DESCRIPTOR_LENGTH = 3;

  /** "Frame Descriptor": 1 + 1 + 8 (content size) + 4 (dictionary ID) + 1. */
  public static final int MAX_DESCRIPTOR_LENGTH = 15;

  /** "General Structure": magic number plus the longest descriptor (the "LZ4 Frame Header"). */
  public static final int MAX_HEADER_LENGTH = 4 + MAX_DESCRIPTOR_LENGTH;

  // "FLG byte": bit 7-6 Version, 5 B.Indep, 4 B.Checksum, 3 C.Size, 2 C.Checksum, 1 reserved, 0 DictID

  /** "Version Number": 2-bit field that must be {@code 01}. */
  public static final int FLG_VERSION_MASK = 0b1100_0000;

  /** The only version this specification defines: {@code 01} in bits 7-6. */
  public static final int FLG_VERSION_01 = 0b0100_0000;

  /** "Block Independence flag": 1 = blocks are independent, 0 = linked (64 KB window). */
  public static final int FLG_BLOCK_INDEPENDENCE = 0b0010_0000;

  /** "Block checksum flag": each block is followed by XXH32 of its stored bytes. */
  public static final int FLG_BLOCK_CHECKSUM = 0b0001_0000;

  /** "Content Size flag": an 8-byte little-endian content size follows BD. */
  public static final int FLG_CONTENT_SIZE = 0b0000_1000;

  /** "Content checksum flag": XXH32 of the decoded content follows the EndMark. */
  public static final int FLG_CONTENT_CHECKSUM = 0b0000_0100;

  /** "Reserved bits": FLG bit 1 must be 0. */
  public static final int FLG_RESERVED = 0b0000_0010;

  /** "Dictionary ID flag": a 4-byte little-endian dictionary ID follows (content size and) BD. */
  public static final int FLG_DICT_ID = 0b0000_0001;

  /** "BD byte": bit 7 reserved. */
  public static final int BD_RESERVED_HIGH = 0b1000_0000;

  /** "BD byte": bits 6-5-4 hold the Block Maximum Size code. */
  public static final int BD_BLOCK_SIZE_MASK = 0b0111_0000;

  /** Position of the Block Maximum Size code in BD. */
  public static final int BD_BLOCK_SIZE_SHIFT = 4;

  /** "BD byte": bits 3-2-1-0 reserved. */
  public static final int BD_RESERVED_LOW = 0b0000_1111;

  /**
   * "Block Size": the highest bit of the 4-byte size word is 1 when the block's data is stored
   * uncompressed.
   */
  public static final int BLOCK_UNCOMPRESSED_BIT = 0x8000_0000;

  /** "Block Size": the low 31 bits of the size word hold the stored length. */
  public static final int BLOCK_SIZE_MASK = 0x7FFF_FFFF;

  /** "EndMark": a block size word of 0 ends the flow of blocks. */
  public static final int END_MARK = 0;

  /** "Block Independence flag": linked blocks may reference the previous 64 KB (LZ4's window). */
  public static final int WINDOW_SIZE = 64 * 1024;

  /** "Header Checksum", "Content Checksum", "Block checksum": XXH32 with a seed of zero. */
  public static final int XXH32_SEED = 0;

  /** @return true when {@code magic} is one of the 16 skippable-frame magic numbers */
  public static boolean isSkippableMagic(int magic) {
    return (magic & SKIPPABLE_MAGIC_MASK) == SKIPPABLE_MAGIC_BASE;
  }

  /** @return true when {@code magic} starts a frame of any kind that Celer reads */
  public static boolean isKnownMagic(int magic) {
    return magic == MAGIC || magic == LEGACY_MAGIC || isSkippableMagic(magic);
  }
}
