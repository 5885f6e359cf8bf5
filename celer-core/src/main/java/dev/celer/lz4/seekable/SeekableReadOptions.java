package dev.celer.lz4.seekable;

import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * How {@link SeekableLz4Reader} reads: whether it verifies block checksums, the largest seek index
 * it accepts (the index is held in memory: 16 bytes per block, plus 16 per frame), and whether a
 * read that spans several blocks decodes them on several threads ({@link
 * Builder#parallelism(int, Executor)}).
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
  private final int parallelism;
  private final Executor executor;

  private SeekableReadOptions(Builder b) {
    this.verifyBlockChecksums = b.verifyBlockChecksums;
    this.maxIndexBytes = b.maxIndexBytes;
    this.parallelism = b.parallelism;
    this.executor = b.executor;
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

  /** {@return how many threads (the caller's and the executor's) decode the blocks of one read; 1: the caller's alone} */
  public int parallelism() {
    return parallelism;
  }

  /** {@return the executor that helps with reads of several blocks, or {@code null} when {@link #parallelism()} is 1} */
  public Executor executor() {
    return executor;
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
    private int parallelism = 1;
    private Executor executor;

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

    /**
     * Decodes the blocks of a read that spans several of them on up to {@code parallelism}
     * threads: the calling thread and {@code parallelism - 1} tasks given to {@code executor},
     * each decoding whole blocks straight into the caller's array (the index gives every block's
     * place, so nothing is copied twice and nothing waits for the blocks before it). The read
     * returns when every block is in place and no task touches the array any more. Results and
     * failures are those of a read on one thread: the same bytes, and for a read that fails, the
     * exception of the first failing block in content order (the bytes of the range are then
     * unspecified, as on one thread). Tasks the executor refuses ({@code execute} throws) leave
     * their share to the calling thread. The executor is the caller's: the reader never shuts it
     * down.
     *
     * @param parallelism threads per read, 1..256 (1: the caller's alone, {@code executor} ignored)
     * @param executor runs the helper tasks; may be null only when {@code parallelism} is 1
     * @return this builder
     * @throws IllegalArgumentException when {@code parallelism} is out of range
     * @throws NullPointerException when {@code executor} is null and {@code parallelism} above 1
     */
    public Builder parallelism(int parallelism, Executor executor) {
      if (parallelism < 1 || parallelism > 256) {
        throw new IllegalArgumentException("parallelism out of range 1..256: " + parallelism);
      }
      this.executor = parallelism == 1 ? null : Objects.requireNonNull(executor, "executor");
      this.parallelism = parallelism;
      return this;
    }

    /** {@return the options} */
    public SeekableReadOptions build() {
      return new SeekableReadOptions(this);
    }
  }
}
