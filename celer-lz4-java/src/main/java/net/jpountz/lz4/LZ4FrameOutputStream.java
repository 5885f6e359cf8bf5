package net.jpountz.lz4;

import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import net.jpountz.xxhash.XXHash32;

/**
 * Writes one LZ4 frame ({@code doc/lz4_Frame_format.md}), readable by the {@code lz4} tool, with
 * lz4-java's API and its behaviour: the header is written by the constructor; blocks are
 * independent (the {@link FLG.Bits#BLOCK_INDEPENDENCE} flag is required); {@link #flush()} writes
 * the buffered data as a block; writing after {@link #close()} throws {@link
 * IllegalStateException}. The encoding is Celer's {@link dev.celer.lz4.frame.Lz4FrameOutputStream}.
 *
 * <p>Differences, on purpose: the {@link XXHash32} argument is not used (the frame's checksums are
 * XXH32 by definition, computed by Celer); HC levels 1 and 2 write as level 3; and when the
 * header announces a content size ({@link FLG.Bits#CONTENT_SIZE}), closing after writing a
 * different number of bytes throws an {@link IOException} and leaves the frame unfinished, where
 * lz4-java writes a header that lies. Not thread-safe.
 *
 * <pre>{@code
 * try (OutputStream out = new LZ4FrameOutputStream(Files.newOutputStream(path),
 *     LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB)) {
 *   out.write(data);      // lz4 -d reads it
 * }
 * }</pre>
 */
public class LZ4FrameOutputStream extends FilterOutputStream {
  private static final FLG.Bits[] DEFAULT_FEATURES = {FLG.Bits.BLOCK_INDEPENDENCE};

  private final dev.celer.lz4.frame.Lz4FrameOutputStream impl;
  private boolean finished;

  /**
   * A frame with the fast compressor and no content size.
   *
   * @param bits the flags to set; must include {@link FLG.Bits#BLOCK_INDEPENDENCE}
   * @param out the stream to write to
   * @param blockSize the block size
   * @throws IOException when the underlying stream fails
   */
  public LZ4FrameOutputStream(OutputStream out, BLOCKSIZE blockSize, FLG.Bits... bits) throws IOException {
    this(out, blockSize, -1L, bits);
  }

  /**
   * A frame with the fast compressor.
   *
   * @param knownSize the content size, written to the header when {@code bits} include {@link
   *     FLG.Bits#CONTENT_SIZE}
   * @param out the stream to write to
   * @param blockSize the block size
   * @param bits the flags to set; must include {@link FLG.Bits#BLOCK_INDEPENDENCE}
   * @throws IOException when the underlying stream fails
   */
  public LZ4FrameOutputStream(OutputStream out, BLOCKSIZE blockSize, long knownSize, FLG.Bits... bits)
      throws IOException {
    this(out, blockSize, knownSize, LZ4Factory.fastestInstance().fastCompressor(),
        net.jpountz.xxhash.XXHashFactory.fastestInstance().hash32(), bits);
  }

  /**
   * Writes a frame with every setting of lz4-java's constructors; the header is written now.
   *
   * @param out where the frame goes; the header is written now
   * @param blockSize the block maximum size
   * @param knownSize the content size, when {@code bits} include {@link FLG.Bits#CONTENT_SIZE}
   * @param compressor a compressor of {@link LZ4Factory}
   * @param checksum not used (see the class description)
   * @param bits the flags; must include {@link FLG.Bits#BLOCK_INDEPENDENCE}
   * @throws IOException when the underlying stream fails
   * @throws IllegalArgumentException when {@code CONTENT_SIZE} is set and {@code knownSize} is
   *     negative, or {@code compressor} is not one of {@link LZ4Factory}'s
   * @throws RuntimeException when the flags are invalid, as lz4-java
   */
  public LZ4FrameOutputStream(OutputStream out, BLOCKSIZE blockSize, long knownSize, LZ4Compressor compressor,
      XXHash32 checksum, FLG.Bits... bits) throws IOException {
    super(out);
    FLG flg = new FLG(FLG.DEFAULT_VERSION, bits);
    boolean hasSize = flg.isEnabled(FLG.Bits.CONTENT_SIZE);
    if (hasSize && knownSize < 0) {
      throw new IllegalArgumentException("Known size must be greater than zero in order to use the known size feature");
    }
    if (compressor.celer() == null) {
      throw new IllegalArgumentException(
          "celer-lz4-java streams take the compressors of LZ4Factory, not " + compressor.getClass().getName());
    }
    Lz4FrameOptions options = Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.ofCode(blockSize.getIndicator()))
        .linkedBlocks(false)
        .blockChecksum(flg.isEnabled(FLG.Bits.BLOCK_CHECKSUM))
        .contentChecksum(flg.isEnabled(FLG.Bits.CONTENT_CHECKSUM))
        .contentSize(hasSize ? knownSize : -1)
        .level(compressor.frameLevel())
        .build();
    impl = new dev.celer.lz4.frame.Lz4FrameOutputStream(out, options);
    impl.flush(); // lz4-java writes the header from the constructor
  }

  /**
   * A frame with the fast compressor and only {@link FLG.Bits#BLOCK_INDEPENDENCE} set.
   *
   * @param out the stream to write to
   * @param blockSize the block size
   * @throws IOException when the underlying stream fails
   */
  public LZ4FrameOutputStream(OutputStream out, BLOCKSIZE blockSize) throws IOException {
    this(out, blockSize, DEFAULT_FEATURES);
  }

  /**
   * A frame of 4 MB blocks with the fast compressor and only {@link FLG.Bits#BLOCK_INDEPENDENCE} set.
   *
   * @param out the stream to write to
   * @throws IOException when the underlying stream fails
   */
  public LZ4FrameOutputStream(OutputStream out) throws IOException {
    this(out, BLOCKSIZE.SIZE_4MB);
  }

  private void ensureNotFinished() {
    if (finished) {
      throw new IllegalStateException("The stream is already closed");
    }
  }

  @Override
  public void write(int b) throws IOException {
    ensureNotFinished();
    impl.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (off < 0 || len < 0 || len > b.length - off) {
      throw new IndexOutOfBoundsException();
    }
    ensureNotFinished();
    impl.write(b, off, len);
  }

  /** Writes the buffered data as a block and flushes the underlying stream. */
  @Override
  public void flush() throws IOException {
    if (finished) {
      out.flush();
    } else {
      impl.flush();
    }
  }

  /** Ends the frame (end mark, content checksum) and closes the underlying stream; again, nothing. */
  @Override
  public void close() throws IOException {
    if (!finished) {
      finished = true;
      impl.close();
    }
  }

  /**
   * The block maximum sizes of the frame format, by their BD code:
   * {@code new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB)}.
   */
  public enum BLOCKSIZE {
    /** 64 KB (code 4). */
    SIZE_64KB(4),
    /** 256 KB (code 5). */
    SIZE_256KB(5),
    /** 1 MB (code 6). */
    SIZE_1MB(6),
    /** 4 MB (code 7). */
    SIZE_4MB(7);

    private final int indicator;

    BLOCKSIZE(int indicator) {
      this.indicator = indicator;
    }

    /** {@return the BD code, 4..7} */
    public int getIndicator() {
      return indicator;
    }

    /**
     * {@return the block size with BD code {@code indicator}}
     *
     * @param indicator the block-size indicator
     * @throws IllegalArgumentException unless 4..7
     */
    public static BLOCKSIZE valueOf(int indicator) {
      if (indicator < 4 || indicator > 7) {
        throw new IllegalArgumentException(
            String.format(Locale.ROOT, "Block size must be 4-7. Cannot use value of [%d]", indicator));
      }
      return values()[indicator - 4];
    }
  }

  /**
   * The frame descriptor's FLG byte, as lz4-java models it: a version (must be 1) and flag bits.
   * Valid only with {@link Bits#BLOCK_INDEPENDENCE} set and the reserved bits clear (lz4-java
   * writes and reads only independent blocks and no dictionary ID). Immutable.
   *
   * <pre>{@code
   * LZ4FrameOutputStream.FLG f = LZ4FrameOutputStream.FLG.fromByte(flg);
   * boolean sized = f.isEnabled(LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE);
   * }</pre>
   */
  public static class FLG {
    private static final int DEFAULT_VERSION = 1;

    private final int bits;
    private final int version;

    /**
     * The flags of the FLG byte, by bit position:
     *
     * <pre>{@code
     * new LZ4FrameOutputStream(out, BLOCKSIZE.SIZE_4MB, FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.CONTENT_CHECKSUM)
     * }</pre>
     */
    public enum Bits {
      /** Bit 0: the dictionary ID flag in the format; lz4-java requires it clear. */
      RESERVED_0(0),
      /** Bit 1: reserved. */
      RESERVED_1(1),
      /** Bit 2: the frame ends with XXH32 of its content. */
      CONTENT_CHECKSUM(2),
      /** Bit 3: the header holds the content size. */
      CONTENT_SIZE(3),
      /** Bit 4: each block is followed by XXH32 of its stored bytes. */
      BLOCK_CHECKSUM(4),
      /** Bit 5: blocks do not reference earlier blocks. */
      BLOCK_INDEPENDENCE(5);

      private final int position;

      Bits(int position) {
        this.position = position;
      }
    }

    /**
     * Builds an FLG byte of {@code version} with {@code bits} set.
     *
     * @param version must be 1
     * @param bits the flags to set
     * @throws RuntimeException for another version, a reserved bit, or no {@code BLOCK_INDEPENDENCE}
     */
    public FLG(int version, Bits... bits) {
      int set = 0;
      if (bits != null) {
        for (Bits b : bits) {
          set |= 1 << b.position;
        }
      }
      this.bits = set;
      this.version = version;
      validate();
    }

    private FLG(int version, int bits) {
      this.bits = bits;
      this.version = version;
      validate();
    }

    /**
     * {@return the FLG of a descriptor byte, validated as in the constructor}
     *
     * @param flg the FLG byte
     */
    public static FLG fromByte(byte flg) {
      return new FLG((flg >>> 6) & 3, flg & 0x3F);
    }

    /** {@return the FLG byte: flags in bits 0..5, version in bits 6..7} */
    public byte toByte() {
      return (byte) (bits | (version & 3) << 6);
    }

    private void validate() {
      if (isEnabled(Bits.RESERVED_0)) {
        throw new RuntimeException("Reserved0 field must be 0");
      }
      if (isEnabled(Bits.RESERVED_1)) {
        throw new RuntimeException("Reserved1 field must be 0");
      }
      if (!isEnabled(Bits.BLOCK_INDEPENDENCE)) {
        throw new RuntimeException("Dependent block stream is unsupported (BLOCK_INDEPENDENCE must be set)");
      }
      if (version != DEFAULT_VERSION) {
        throw new RuntimeException(String.format(Locale.ROOT, "Version %d is unsupported", version));
      }
    }

    /**
     * {@return whether {@code bit} is set}
     *
     * @param bit the bit
     */
    public boolean isEnabled(Bits bit) {
      return (bits & 1 << bit.position) != 0;
    }

    /** {@return the version, 1} */
    public int getVersion() {
      return version;
    }
  }

  /**
   * The frame descriptor's BD byte: the block maximum size. Immutable.
   * {@code int max = LZ4FrameOutputStream.BD.fromByte(bd).getBlockMaximumSize();}
   */
  public static class BD {
    private static final int RESERVED_MASK = 0x8F;

    private final BLOCKSIZE blockSize;

    private BD(BLOCKSIZE blockSize) {
      this.blockSize = blockSize;
    }

    /**
     * {@return the BD of a descriptor byte}
     *
     * @param bd the block descriptor byte
     * @throws RuntimeException when a reserved bit is set
     * @throws IllegalArgumentException when the size code is not 4..7
     */
    public static BD fromByte(byte bd) {
      if ((bd & RESERVED_MASK) != 0) {
        throw new RuntimeException("Reserved fields must be 0");
      }
      return new BD(BLOCKSIZE.valueOf((bd >>> 4) & 7));
    }

    /** {@return the block maximum size in bytes} */
    public int getBlockMaximumSize() {
      return 1 << (2 * blockSize.getIndicator() + 8);
    }

    /** {@return the BD byte} */
    public byte toByte() {
      return (byte) ((blockSize.getIndicator() & 7) << 4);
    }
  }
}
