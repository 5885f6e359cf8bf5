package dev.celer.lz4.frame;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How {@link Lz4FrameInputStream} and {@link Lz4Frame#decompress(byte[], Lz4FrameReadOptions)}
 * read LZ4 frames: size limits against decompression bombs, dictionaries, checksum handling.
 *
 * <h2>Limits and their defaults</h2>
 *
 * <ul>
 *   <li>Memory of a stream is bounded by the format, not by a setting: one block (at most 4 MB as
 *       the header's Block Maximum Size, 8 MB for legacy frames) plus its compressed form plus a
 *       64 KB window. A header's content size is never used to size a buffer, so a header that
 *       announces 16 EB allocates nothing. (The one-shot {@link
 *       Lz4Frame#decompress(byte[])} sizes its result from the declared content sizes, but only
 *       when they are within {@link #maxOneShotSize()} and the frame's blocks, already present,
 *       can decode to that much.)
 *   <li>{@link #maxFrameContentSize()}: the most bytes one frame may decode to; default unlimited,
 *       because a stream hands data on block by block. Set it when the consumer accumulates what
 *       it reads. A frame whose header announces more fails at once.
 *   <li>{@link #maxTotalOutputSize()}: the most bytes a stream may decode to over all its frames
 *       (concatenated frames, each within {@link #maxFrameContentSize()}, can add up to any size);
 *       default unlimited, for the same reason. Set it, rather than or besides the per-frame
 *       limit, when the consumer accumulates everything it reads.
 *   <li>{@link #maxOneShotSize()}: the most bytes the one-shot {@link Lz4Frame#decompress(byte[])}
 *       returns (it materializes everything in one array); default {@value
 *       #DEFAULT_MAX_ONE_SHOT_SIZE} bytes (256 MiB). The one-shot helpers apply it as their total
 *       output limit (or {@link #maxTotalOutputSize()}, when that is smaller).
 * </ul>
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 *
 * <pre>{@code
 * Lz4FrameReadOptions options = Lz4FrameReadOptions.builder()
 *     .maxTotalOutputSize(64 << 20)   // untrusted input: at most 64 MB out
 *     .build();
 * try (InputStream in = new Lz4FrameInputStream(socketIn, options)) {
 *   in.transferTo(out);
 * }
 * }</pre>
 */
public final class Lz4FrameReadOptions {

  /**
   * How the one-byte header checksum (HC) of a frame descriptor is checked:
   * {@code Lz4FrameReadOptions.builder().headerChecksum(HeaderChecksum.STANDARD_OR_KAFKA).build()}.
   */
  public enum HeaderChecksum {
    /** As the specification says: over the frame descriptor only. The default. */
    STANDARD,
    /** As Kafka's old (v0) message format computed it: over the magic number and the descriptor (KIP-57). */
    KAFKA,
    /** Accept either form, to read Kafka batches of every age. */
    STANDARD_OR_KAFKA,
    /** Do not check the header checksum (the specification calls it informational). */
    IGNORE
  }

  /** Default of {@link #maxOneShotSize()}: 256 MiB. */
  public static final int DEFAULT_MAX_ONE_SHOT_SIZE = 256 << 20;

  private static final Lz4FrameReadOptions DEFAULTS = new Builder().build();

  private final long maxFrameContentSize;
  private final long maxTotalOutputSize;
  private final int maxOneShotSize;
  private final byte[] dictionary;
  private final Map<Integer, byte[]> dictionaries;
  private final HeaderChecksum headerChecksum;
  private final boolean verifyChecksums;
  private final boolean closeUnderlying;
  private final boolean singleFrame;

  private Lz4FrameReadOptions(Builder b) {
    this.maxFrameContentSize = b.maxFrameContentSize;
    this.maxTotalOutputSize = b.maxTotalOutputSize;
    this.maxOneShotSize = b.maxOneShotSize;
    this.dictionary = b.dictionary;
    this.dictionaries = Map.copyOf(b.dictionaries);
    this.headerChecksum = b.headerChecksum;
    this.verifyChecksums = b.verifyChecksums;
    this.closeUnderlying = b.closeUnderlying;
    this.singleFrame = b.singleFrame;
  }

  /** {@return the defaults (see the class description)} */
  public static Lz4FrameReadOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxFrameContentSize = maxFrameContentSize;
    b.maxTotalOutputSize = maxTotalOutputSize;
    b.maxOneShotSize = maxOneShotSize;
    b.dictionary = dictionary;
    b.dictionaries.putAll(dictionaries);
    b.headerChecksum = headerChecksum;
    b.verifyChecksums = verifyChecksums;
    b.closeUnderlying = closeUnderlying;
    b.singleFrame = singleFrame;
    return b;
  }

  /** {@return the most bytes one frame may decode to ({@link Long#MAX_VALUE}: unlimited, the default)} */
  public long maxFrameContentSize() {
    return maxFrameContentSize;
  }

  /**
   * {@return the most bytes a stream may decode to over all its frames ({@link Long#MAX_VALUE}:
   * unlimited, the default for streams)}
   */
  public long maxTotalOutputSize() {
    return maxTotalOutputSize;
  }

  /** {@return the most bytes the one-shot helpers return} */
  public int maxOneShotSize() {
    return maxOneShotSize;
  }

  /** {@return how the header checksum is checked} */
  public HeaderChecksum headerChecksum() {
    return headerChecksum;
  }

  /** {@return whether block and content checksums are verified (default true)} */
  public boolean verifyChecksums() {
    return verifyChecksums;
  }

  /** {@return whether closing the input stream closes the underlying stream (default true)} */
  public boolean closeUnderlying() {
    return closeUnderlying;
  }

  /**
   * {@return whether only the first frame is read (default false: concatenated frames are read as
   * one); see {@link Builder#singleFrame(boolean)}}
   */
  public boolean singleFrame() {
    return singleFrame;
  }

  /**
   * The dictionary for a frame: the one registered for its dictionary ID, else the default
   * dictionary (also used for frames without an ID, such as those {@code lz4 -D} writes).
   *
   * @return the last 64 KB (at most) of the dictionary; null when there is none. Not a copy.
   */
  byte[] dictionaryFor(boolean hasId, int id) {
    if (hasId) {
      byte[] d = dictionaries.get(id);
      if (d != null) {
        return d;
      }
    }
    return dictionary;
  }

  @Override
  public String toString() {
    return "Lz4FrameReadOptions{maxFrameContentSize=" + maxFrameContentSize + ", maxTotalOutputSize="
        + maxTotalOutputSize + ", maxOneShotSize="
        + maxOneShotSize + ", dictionary=" + (dictionary == null ? "none" : dictionary.length + " bytes")
        + ", dictionaryIds=" + dictionaries.keySet() + ", headerChecksum=" + headerChecksum
        + ", verifyChecksums=" + verifyChecksums + ", closeUnderlying=" + closeUnderlying
        + ", singleFrame=" + singleFrame + "}";
  }

  private static byte[] lastWindow(byte[] dict) {
    Objects.requireNonNull(dict, "dictionary");
    int keep = Math.min(dict.length, Lz4FrameOptions.MAX_DICTIONARY_SIZE);
    return Arrays.copyOfRange(dict, dict.length - keep, dict.length);
  }

  /**
   * Builds {@link Lz4FrameReadOptions}; starts from the defaults. Not thread-safe.
   *
   * <pre>{@code
   * Lz4FrameReadOptions o = Lz4FrameReadOptions.builder().maxFrameContentSize(1 << 30).build();
   * }</pre>
   */
  public static final class Builder {
    private long maxFrameContentSize = Long.MAX_VALUE;
    private long maxTotalOutputSize = Long.MAX_VALUE;
    private int maxOneShotSize = DEFAULT_MAX_ONE_SHOT_SIZE;
    private byte[] dictionary;
    private final Map<Integer, byte[]> dictionaries = new HashMap<>();
    private HeaderChecksum headerChecksum = HeaderChecksum.STANDARD;
    private boolean verifyChecksums = true;
    private boolean closeUnderlying = true;
    private boolean singleFrame;

    private Builder() {}

    /**
     * Caps the decoded size of each frame; default {@link Long#MAX_VALUE} (no cap).
     *
     * @param max the limit in bytes
     * @return this builder
     */
    public Builder maxFrameContentSize(long max) {
      if (max < 0) {
        throw new IllegalArgumentException("maxFrameContentSize must be >= 0: " + max);
      }
      this.maxFrameContentSize = max;
      return this;
    }

    /**
     * Caps the decoded size of the whole input, over all its frames; default {@link
     * Long#MAX_VALUE} (no cap). A stream that reaches it fails with {@code
     * Lz4StreamException.Kind.LIMIT} before it hands out the block that goes past it.
     *
     * @param max the limit in bytes
     * @return this builder
     */
    public Builder maxTotalOutputSize(long max) {
      if (max < 0) {
        throw new IllegalArgumentException("maxTotalOutputSize must be >= 0: " + max);
      }
      this.maxTotalOutputSize = max;
      return this;
    }

    /**
     * Caps what the one-shot helpers return; default 256 MiB; at most {@code Integer.MAX_VALUE - 8}.
     *
     * @param max the limit in bytes
     * @return this builder
     */
    public Builder maxOneShotSize(int max) {
      if (max < 0 || max > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("maxOneShotSize must be 0.." + (Integer.MAX_VALUE - 8) + ": " + max);
      }
      this.maxOneShotSize = max;
      return this;
    }

    /**
     * The dictionary for frames without a dictionary ID ({@code lz4 -D} writes none) and for IDs
     * not registered with {@link #dictionary(int, byte[])}. Only the last 64 KB count; copied.
     * Null removes it.
     *
     * @param dict the dictionary (its last 64 KB count)
     * @return this builder
     */
    public Builder dictionary(byte[] dict) {
      this.dictionary = dict == null ? null : lastWindow(dict);
      return this;
    }

    /**
     * The dictionary for frames whose header carries dictionary ID {@code id}. Copied (last 64 KB).
     *
     * @param id the dictionary ID that frames name
     * @param dict the dictionary (its last 64 KB count)
     * @return this builder
     */
    public Builder dictionary(int id, byte[] dict) {
      dictionaries.put(id, lastWindow(dict));
      return this;
    }

    /**
     * How to check the header checksum; default {@link HeaderChecksum#STANDARD}.
     *
     * @param mode how the header checksum is computed
     * @return this builder
     */
    public Builder headerChecksum(HeaderChecksum mode) {
      this.headerChecksum = Objects.requireNonNull(mode, "mode");
      return this;
    }

    /**
     * Whether to verify block and content checksums (default true; {@code lz4 --no-crc} turns it
     * off). The content size is always checked.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder verifyChecksums(boolean on) {
      this.verifyChecksums = on;
      return this;
    }

    /**
     * Whether closing the input stream closes the underlying stream; default true.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder closeUnderlying(boolean on) {
      this.closeUnderlying = on;
      return this;
    }

    /**
     * Whether to read the first frame only; default false (concatenated frames are read as one
     * stream). When on, the content ends with the first LZ4 (or legacy) frame, skippable frames
     * before it being skipped, and the underlying stream is read exactly to that frame's last byte
     * (its end mark, or its content checksum), never past it: whatever follows (another frame, or
     * data of another format) is left for the caller to read from the underlying stream. A legacy
     * frame has no end mark: it ends where the next frame's magic number is read (those 4 bytes are
     * consumed) or at the end of the input. The one-shot {@link Lz4Frame#decompress(byte[],
     * Lz4FrameReadOptions)} then decodes the first frame and ignores the bytes after it.
     *
     * @param on {@code true} to turn it on
     * @return this builder
     */
    public Builder singleFrame(boolean on) {
      this.singleFrame = on;
      return this;
    }

    /** {@return the options} */
    public Lz4FrameReadOptions build() {
      return new Lz4FrameReadOptions(this);
    }
  }
}
