package dev.celer.lz4.seekable;

/**
 * How {@link SeekableLz4Reader} reads: whether it verifies block checksums, and the largest seek
 * index it accepts (the index is held in memory: 16 bytes per block, plus 16 per frame).
 *
 * <pre>{@code
 * SeekableReadOptions o = SeekableReadOptions.builder().verifyBlockChecksums(false).build();
 * }</pre>
 *
 * Immutable and thread-safe; the builder is not thread-safe.
 */
public final class SeekableReadOptions {
  /** Default of {@link #maxIndexBytes()}: 64 MiB, 4 M blocks (256 GB of content in 64 KB blocks). */
  public static final int DEFAULT_MAX_INDEX_BYTES = 64 << 20;

  private static final SeekableReadOptions DEFAULTS = new Builder().build();

  private final boolean verifyBlockChecksums;
  private final int maxIndexBytes;

  private SeekableReadOptions(Builder b) {
    this.verifyBlockChecksums = b.verifyBlockChecksums;
    this.maxIndexBytes = b.maxIndexBytes;
  }

  /** {@return block checksums verified, a 64 MiB index limit} */
  public static SeekableReadOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return whether each block read is checked against its block checksum (when the frame has them)} */
  public boolean verifyBlockChecksums() {
    return verifyBlockChecksums;
  }

  /** {@return the largest index frame accepted, in bytes; a larger one is {@code Kind.LIMIT}} */
  public int maxIndexBytes() {
    return maxIndexBytes;
  }

  /**
   * Builds {@link SeekableReadOptions}. Not thread-safe.
   *
   * <pre>{@code
   * SeekableReadOptions o = SeekableReadOptions.builder().verifyBlockChecksums(false).build();
   * }</pre>
   */
  public static final class Builder {
    private boolean verifyBlockChecksums = true;
    private int maxIndexBytes = DEFAULT_MAX_INDEX_BYTES;

    private Builder() {}

    /**
     * {@return this builder}
     *
     * @param on verify block checksums (default true)
     */
    public Builder verifyBlockChecksums(boolean on) {
      this.verifyBlockChecksums = on;
      return this;
    }

    /**
     * {@return this builder}
     *
     * @param bytes the largest index frame to accept, 48..{@code Integer.MAX_VALUE - 8}
     * @throws IllegalArgumentException when out of range
     */
    public Builder maxIndexBytes(int bytes) {
      if (bytes < SeekIndexFormat.MIN_FRAME || bytes > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("index limit out of range " + SeekIndexFormat.MIN_FRAME + ".."
            + (Integer.MAX_VALUE - 8) + ": " + bytes);
      }
      this.maxIndexBytes = bytes;
      return this;
    }

    /** {@return the options} */
    public SeekableReadOptions build() {
      return new SeekableReadOptions(this);
    }
  }
}
