package dev.celer.lz4.frame;

import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Level;
import java.util.Arrays;
import java.util.Objects;

/**
 * How {@link Lz4FrameOutputStream} (and {@link Lz4Frame#compress(byte[], Lz4FrameOptions)}) write
 * LZ4 frames ({@code doc/lz4_Frame_format.md}, version 1.6.x): block maximum size, linked or
 * independent blocks, checksums, content size, dictionary, compression level, and the legacy
 * frame format.
 *
 * <p>The defaults are those of the {@code lz4} command: 4 MB blocks ({@code -B7}), independent
 * blocks ({@code -BI}), no block checksum, content checksum on, no content size, level 1, no
 * dictionary. Build other settings with {@link #builder()} or {@link #toBuilder()}:
 *
 * <pre>{@code
 * Lz4FrameOptions o = Lz4FrameOptions.builder()
 *     .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB)
 *     .linkedBlocks(true)
 *     .blockChecksum(true)
 *     .level(9)
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class Lz4FrameOptions {

  /**
   * The "Block Maximum Size" of the frame descriptor's BD byte: the most uncompressed bytes one
   * block holds. The {@code lz4} command's {@code -B4}..{@code -B7}:
   * {@code Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build()}.
   */
  public enum BlockSize {
    /** Code 4: 64 KB ({@code -B4}). */
    SIZE_64KB(4, 64 * 1024),
    /** Code 5: 256 KB ({@code -B5}). */
    SIZE_256KB(5, 256 * 1024),
    /** Code 6: 1 MB ({@code -B6}). */
    SIZE_1MB(6, 1024 * 1024),
    /** Code 7: 4 MB ({@code -B7}, the default). */
    SIZE_4MB(7, 4 * 1024 * 1024);

    /** {@link #values()} once: that call copies the array each time (a frame header's parse asks). */
    private static final BlockSize[] ALL = values();

    private final int code;
    private final int bytes;

    BlockSize(int code, int bytes) {
      this.code = code;
      this.bytes = bytes;
    }

    /** {@return the 3-bit code in the BD byte, 4..7} */
    public int code() {
      return code;
    }

    /** {@return the maximum uncompressed size of a block, in bytes} */
    public int bytes() {
      return bytes;
    }

    /**
     * {@return the block size with that code}
     *
     * @param code a BD code, 4..7 (as in {@code -B4}..{@code -B7})
     * @throws IllegalArgumentException for any other code
     */
    public static BlockSize ofCode(int code) {
      for (BlockSize b : ALL) {
        if (b.code == code) {
          return b;
        }
      }
      throw new IllegalArgumentException("block size code must be 4..7: " + code);
    }
  }

  /** Largest dictionary kept: LZ4's window; like the {@code lz4} tool, only a dictionary's last 64 KB count. */
  public static final int MAX_DICTIONARY_SIZE = dev.celer.internal.frame.Lz4FrameFormat.WINDOW_SIZE;

  private static final Lz4FrameOptions DEFAULTS = new Builder().build();

  private final BlockSize blockSize;
  private final boolean linkedBlocks;
  private final boolean blockChecksum;
  private final boolean contentChecksum;
  private final long contentSize;
  private final byte[] dictionary;
  private final int dictionaryId;
  private final Lz4Level level;
  private final boolean kafkaHeaderChecksum;
  private final boolean closeUnderlying;
  private final boolean legacy;

  private Lz4FrameOptions(Builder b) {
    this.blockSize = b.blockSize;
    this.linkedBlocks = b.linkedBlocks;
    this.blockChecksum = b.blockChecksum;
    this.contentChecksum = b.contentChecksum;
    this.contentSize = b.contentSize;
    this.dictionary = b.dictionary;
    this.dictionaryId = b.dictionaryId;
    this.level = b.level;
    this.kafkaHeaderChecksum = b.kafkaHeaderChecksum;
    this.closeUnderlying = b.closeUnderlying;
    this.legacy = b.legacy;
  }

  /** {@return the defaults of the {@code lz4} command (see the class description)} */
  public static Lz4FrameOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.blockSize = blockSize;
    b.linkedBlocks = linkedBlocks;
    b.blockChecksum = blockChecksum;
    b.contentChecksum = contentChecksum;
    b.contentSize = contentSize;
    b.dictionary = dictionary;
    b.dictionaryId = dictionaryId;
    b.level = level;
    b.kafkaHeaderChecksum = kafkaHeaderChecksum;
    b.closeUnderlying = closeUnderlying;
    b.legacy = legacy;
    return b;
  }

  /** {@return the block maximum size} */
  public BlockSize blockSize() {
    return blockSize;
  }

  /** {@return true for linked blocks ({@code -BD}), false for independent blocks ({@code -BI})} */
  public boolean linkedBlocks() {
    return linkedBlocks;
  }

  /** {@return whether each block is followed by its XXH32 ({@code -BX})} */
  public boolean blockChecksum() {
    return blockChecksum;
  }

  /** {@return whether the frame ends with XXH32 of its content (off with {@code --no-frame-crc})} */
  public boolean contentChecksum() {
    return contentChecksum;
  }

  /** {@return the content size written into the header, or -1 when none is written} */
  public long contentSize() {
    return contentSize;
  }

  /** {@return a copy of the dictionary (at most its last 64 KB), or null when there is none} */
  public byte[] dictionary() {
    return dictionary == null ? null : dictionary.clone();
  }

  /** The dictionary without copying; callers must not modify it. */
  byte[] dictionaryNoCopy() {
    return dictionary;
  }

  /** {@return the dictionary ID written into the header, or 0 when the header has no dictionary ID} */
  public int dictionaryId() {
    return dictionaryId;
  }

  /** {@return the compressor setting (see {@link Builder#level(int)} and {@link Builder#level(Lz4Level)})} */
  public Lz4Level level() {
    return level;
  }

  /** {@return whether the header checksum is computed the way Kafka's old message format did (KIP-57)} */
  public boolean kafkaHeaderChecksum() {
    return kafkaHeaderChecksum;
  }

  /** {@return whether closing the frame stream closes the underlying stream} */
  public boolean closeUnderlying() {
    return closeUnderlying;
  }

  /** {@return whether the legacy frame format ({@code lz4 -l}) is written instead of the frame format} */
  public boolean legacy() {
    return legacy;
  }

  /** {@return the block compressor of {@link #level()}} */
  public Lz4Compressor compressor() {
    return level.compressor();
  }

  @Override
  public String toString() {
    return "Lz4FrameOptions{blockSize=" + blockSize + ", linked=" + linkedBlocks
        + ", blockChecksum=" + blockChecksum + ", contentChecksum=" + contentChecksum
        + ", contentSize=" + contentSize + ", dictionary=" + (dictionary == null ? "none" : dictionary.length + " bytes")
        + ", dictionaryId=" + Integer.toUnsignedString(dictionaryId) + ", level=" + level
        + ", kafkaHeaderChecksum=" + kafkaHeaderChecksum + ", closeUnderlying=" + closeUnderlying
        + ", legacy=" + legacy + "}";
  }

  /**
   * Builds {@link Lz4FrameOptions}; starts from the defaults. Not thread-safe.
   *
   * <pre>{@code
   * Lz4FrameOptions hc = Lz4FrameOptions.builder().level(9).blockChecksum(true).build();
   * }</pre>
   */
  public static final class Builder {
    private BlockSize blockSize = BlockSize.SIZE_4MB;
    private boolean linkedBlocks = false;
    private boolean blockChecksum = false;
    private boolean contentChecksum = true;
    private long contentSize = -1;
    private byte[] dictionary;
    private int dictionaryId;
    private Lz4Level level = Lz4Level.DEFAULT;
    private boolean kafkaHeaderChecksum = false;
    private boolean closeUnderlying = true;
    private boolean legacy = false;

    private Builder() {}

    /**
     * Sets the block maximum size ({@code -B4}..{@code -B7}); default 4 MB.
     *
     * @param size the block size
     * @return this builder
     */
    public Builder blockSize(BlockSize size) {
      this.blockSize = Objects.requireNonNull(size, "size");
      return this;
    }

    /**
     * Linked blocks ({@code -BD}, true) or independent blocks ({@code -BI}, false, the default).
     *
     * @param linked whether a block may refer to the previous blocks (lz4 -BD)
     * @return this builder
     */
    public Builder linkedBlocks(boolean linked) {
      this.linkedBlocks = linked;
      return this;
    }

    /**
     * Whether to follow each block with its XXH32 ({@code -BX}); default off.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder blockChecksum(boolean on) {
      this.blockChecksum = on;
      return this;
    }

    /**
     * Whether to end the frame with XXH32 of the content; default on ({@code --no-frame-crc} turns it off).
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder contentChecksum(boolean on) {
      this.contentChecksum = on;
      return this;
    }

    /**
     * Writes {@code size} into the header as the content size ({@code --content-size}); -1 (the
     * default) writes none. The stream then fails at close when a different number of bytes was
     * written.
     *
     * @param size the content size in bytes, written to the frame header
     * @return this builder
     * @throws IllegalArgumentException when {@code size < -1}
     */
    public Builder contentSize(long size) {
      if (size < -1) {
        throw new IllegalArgumentException("content size must be >= 0, or -1 for none: " + size);
      }
      this.contentSize = size;
      return this;
    }

    /**
     * Compresses with {@code dict} as a dictionary ({@code -D file}): a known prefix that matches
     * may reference. Only its last 64 KB are kept (as the {@code lz4} tool does); the bytes are
     * copied. Null removes the dictionary. The header gets a dictionary ID only when {@link
     * #dictionaryId(int)} sets one; a reader must be given the same dictionary.
     *
     * @param dict the dictionary (its last 64 KB count)
     * @return this builder
     */
    public Builder dictionary(byte[] dict) {
      if (dict == null) {
        this.dictionary = null;
      } else {
        int keep = Math.min(dict.length, MAX_DICTIONARY_SIZE);
        this.dictionary = Arrays.copyOfRange(dict, dict.length - keep, dict.length);
      }
      return this;
    }

    /**
     * Writes {@code id} as the header's dictionary ID; 0 (the default) writes no dictionary ID.
     *
     * @param id the dictionary's ID, written to the frame header
     * @return this builder
     */
    public Builder dictionaryId(int id) {
      this.dictionaryId = id;
      return this;
    }

    /**
     * Sets the compression level as the {@code lz4} command and the C library's frame API read
     * it: {@code lz4 -N} is level {@code N}, {@code --fast=N} is level {@code -N}; the default is
     * 1. {@link Lz4Level#of(int)} has the table of what each level selects.
     *
     * @param level the level
     * @return this builder
     */
    public Builder level(int level) {
      return level(Lz4Level.of(level));
    }

    /**
     * Sets the compressor: {@link Lz4Level#fast(int)} or {@link Lz4Level#high(int)}; default fast, acceleration 1.
     *
     * @param level the level
     * @return this builder
     */
    public Builder level(Lz4Level level) {
      this.level = Objects.requireNonNull(level, "level");
      return this;
    }

    /**
     * Computes the header checksum over the magic number and the descriptor, as Kafka's old (v0)
     * message format did (KIP-57), instead of over the descriptor only. Default off: only Kafka
     * v0 consumers need it.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder kafkaHeaderChecksum(boolean on) {
      this.kafkaHeaderChecksum = on;
      return this;
    }

    /**
     * Whether {@code close()} also closes the underlying stream; default true.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder closeUnderlying(boolean on) {
      this.closeUnderlying = on;
      return this;
    }

    /**
     * Writes the legacy frame format ({@code lz4 -l}: magic 0x184C2102, 8 MB blocks, always
     * compressed, no checksums) instead of the frame format. Only {@link #level(int)} and {@link
     * #closeUnderlying(boolean)} apply to it; the other options are ignored.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder legacy(boolean on) {
      this.legacy = on;
      return this;
    }

    /** {@return the options} */
    public Lz4FrameOptions build() {
      return new Lz4FrameOptions(this);
    }
  }
}
