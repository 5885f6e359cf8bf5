package net.jpountz.lz4;

import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.Checksum;
import net.jpountz.util.SafeUtils;

/**
 * Writes lz4-java's {@code LZ4Block} stream format (magic {@code LZ4Block}, then blocks with a
 * 21-byte header and an XXH32-based checksum). <b>This format is not compatible with the LZ4
 * Frame format</b> ({@code .lz4} files of the {@code lz4} tool): use {@link LZ4FrameOutputStream}
 * for those.
 *
 * <p>The bytes are those of lz4-java's stream with the same compressor: the encoding is Celer's
 * {@link JpountzBlockOutputStream}, which this class configures and guards with lz4-java's
 * argument checks and states (writing after {@link #finish()} or {@link #close()} throws {@link
 * IllegalStateException}, a second {@code finish()} too). The compressor must be one that {@link
 * LZ4Factory} returns. Allocates its two buffers once; not thread-safe.
 *
 * <pre>{@code
 * try (OutputStream out = new LZ4BlockOutputStream(Files.newOutputStream(path), 64 * 1024)) {
 *   out.write(data);
 * }
 * }</pre>
 */
public class LZ4BlockOutputStream extends FilterOutputStream {
  private static final int MIN_BLOCK_SIZE = 64;
  private static final int MAX_BLOCK_SIZE = 1 << 25;

  private final JpountzBlockOutputStream impl;
  private final int blockSize;
  private final LZ4Compressor compressor;
  private final Checksum checksum;
  private boolean finished;
  private boolean closed;

  /**
   * Writes lz4-java's block stream with every setting of lz4-java's constructors.
   *
   * @param out where the stream goes
   * @param blockSize the block size, 64 bytes to 32 MB
   * @param compressor a compressor of {@link LZ4Factory}
   * @param checksum the checksum of each block's data (readers must use the same one), or {@code
   *     null} for lz4-java's default: XXH32 with seed {@code 0x9747b28c}, low 28 bits
   * @param syncFlush whether {@link #flush()} first writes the buffered data as a block
   * @throws IllegalArgumentException when {@code blockSize} is out of range, or when {@code
   *     compressor} is not one of {@link LZ4Factory}'s (a caller's own subclass)
   */
  public LZ4BlockOutputStream(OutputStream out, int blockSize, LZ4Compressor compressor, Checksum checksum,
      boolean syncFlush) {
    super(out);
    if (blockSize < MIN_BLOCK_SIZE) {
      throw new IllegalArgumentException("blockSize must be >= " + MIN_BLOCK_SIZE + ", got " + blockSize);
    } else if (blockSize > MAX_BLOCK_SIZE) {
      throw new IllegalArgumentException("blockSize must be <= " + MAX_BLOCK_SIZE + ", got " + blockSize);
    }
    dev.celer.lz4.Lz4Compressor celer = compressor.celer();
    if (celer == null) {
      throw new IllegalArgumentException(
          "celer-lz4-java streams take the compressors of LZ4Factory, not " + compressor.getClass().getName());
    }
    this.impl = new JpountzBlockOutputStream(out, blockSize, celer, checksum, syncFlush);
    this.blockSize = blockSize;
    this.compressor = compressor;
    this.checksum = checksum;
  }

  /**
   * A stream without sync flush and with the default checksum.
   *
   * @param out the stream to write to
   * @param blockSize the block size
   * @param compressor the compressor, one of {@link LZ4Factory}'s
   */
  public LZ4BlockOutputStream(OutputStream out, int blockSize, LZ4Compressor compressor) {
    this(out, blockSize, compressor, null, false);
  }

  /**
   * A stream with the fast compressor.
   *
   * @param out the stream to write to
   * @param blockSize the block size
   */
  public LZ4BlockOutputStream(OutputStream out, int blockSize) {
    this(out, blockSize, LZ4Factory.fastestInstance().fastCompressor());
  }

  /**
   * A stream of 64 KB blocks with the fast compressor.
   *
   * @param out the stream to write to
   */
  public LZ4BlockOutputStream(OutputStream out) {
    this(out, 1 << 16);
  }

  private void ensureNotFinished() {
    if (finished) {
      throw new IllegalStateException("This stream is already closed");
    }
  }

  @Override
  public void write(int b) throws IOException {
    ensureNotFinished();
    impl.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    SafeUtils.checkRange(b, off, len);
    ensureNotFinished();
    impl.write(b, off, len);
  }

  @Override
  public void write(byte[] b) throws IOException {
    ensureNotFinished();
    impl.write(b, 0, b.length);
  }

  /** Finishes the stream (unless already finished) and closes the underlying stream. */
  @Override
  public void close() throws IOException {
    finished = true;
    closed = true;
    impl.close();
  }

  /**
   * Flushes the underlying stream; with {@code syncFlush}, first writes the buffered data as a
   * block so that everything written so far can be read. After {@link #close()}, does nothing (as
   * lz4-java).
   */
  @Override
  public void flush() throws IOException {
    if (!closed) {
      impl.flush();
    }
  }

  /**
   * Writes the buffered data and the end-of-stream block without closing the underlying stream.
   *
   * @throws IOException when the underlying stream fails
   * @throws IllegalStateException when already finished
   */
  public void finish() throws IOException {
    ensureNotFinished();
    impl.finish();
    finished = true;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(out=" + out + ", blockSize=" + blockSize + ", compressor=" + compressor
        + ", checksum=" + checksum + ")";
  }
}
