package dev.celer.lz4.jpountz;

import static dev.celer.lz4.jpountz.JpountzBlockFormat.HEADER_LENGTH;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.MAX_BLOCK_SIZE;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.METHOD_LZ4;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.METHOD_RAW;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.MIN_BLOCK_SIZE;

import dev.celer.internal.stream.FailureLatch;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.zip.Checksum;

/**
 * Writes lz4-java's {@code LZ4Block} stream format, byte for byte the layout of {@code
 * net.jpountz.lz4.LZ4BlockOutputStream} in lz4-java 1.8.0, so that data written here reads back
 * with lz4-java's {@code LZ4BlockInputStream} (and with {@link JpountzBlockInputStream}). The
 * layout is described in the package documentation of this format's constants: a 21-byte header
 * per block (magic {@code "LZ4Block"}, token, compressed and decompressed lengths, checksum), then
 * the block's data; an empty block ends the stream.
 *
 * <p><b>This format is not compatible with the LZ4 Frame format</b>: the {@code lz4} command line
 * tool and LZ4 frame readers cannot read it. Use it only to exchange data with systems that use
 * lz4-java's block streams; otherwise prefer the LZ4 frame streams.
 *
 * <p>Data is buffered into blocks of {@code blockSize} bytes (64 KB by default, 64 B to 32 MB);
 * each block is compressed on its own (blocks are independent) and stored uncompressed when LZ4
 * does not make it smaller. The compressed bytes may differ from lz4-java's (another match finder),
 * the format does not: both readers accept both.
 *
 * <p>{@link #flush()} writes the buffered data as a block only when the stream was created with
 * {@code syncFlush = true} (as lz4-java does); otherwise buffered data becomes readable only at
 * {@link #finish()} or {@link #close()}. {@code close()} writes the end-of-stream block and closes
 * the underlying stream; a second {@code close()} does nothing; writing after {@code finish()} or
 * {@code close()} throws an {@link IOException}.
 *
 * <p><b>Failures.</b> Any failure latches: an {@link IOException} or unchecked exception of the
 * underlying stream or of the compressor surfaces as it is, and from then on every call ({@code
 * write}, {@code flush}, {@code finish}) throws an {@link IOException} whose cause is that first
 * failure; {@code close()} closes the underlying stream and reports the failure once (a second
 * {@code close()} does nothing). The end-of-stream block is then never written, so what reached
 * the underlying stream reads as truncated, never as a complete shorter stream.
 *
 * <p>Not thread-safe: use an instance from one thread at a time. It allocates two buffers at
 * construction (the block and its compressed form, room for LZ4's worst case as in lz4-java) and
 * nothing per block; a {@code write} of more than a block while nothing is buffered compresses whole
 * blocks straight from the caller's array.
 *
 * <pre>{@code
 * try (OutputStream out = new JpountzBlockOutputStream(Files.newOutputStream(path))) {
 *   out.write(data);     // lz4-java's LZ4BlockInputStream reads it back
 * }
 * }</pre>
 */
public final class JpountzBlockOutputStream extends FilterOutputStream {

  /** The default block size, 64 KB, as lz4-java's. */
  public static final int DEFAULT_BLOCK_SIZE = 1 << 16;

  private final int blockSize;
  private final int token0;
  private final Lz4Compressor compressor;
  private final Checksum checksum;
  private final boolean syncFlush;
  private final byte[] buffer;
  private final byte[] compressed;
  private int buffered;
  private boolean finished;
  private final FailureLatch latch = new FailureLatch("JpountzBlockOutputStream");

  /**
   * A stream of 64 KB blocks, fast compressor, default checksum, no sync flush.
   *
   * @param out where the stream goes
   */
  public JpountzBlockOutputStream(OutputStream out) {
    this(out, DEFAULT_BLOCK_SIZE);
  }

  /**
   * A stream of {@code blockSize} blocks, fast compressor, default checksum, no sync flush.
   *
   * @param out where the stream goes
   * @param blockSize the block size, 64 to 32 MB (33,554,432)
   * @throws IllegalArgumentException when {@code blockSize} is out of range
   */
  public JpountzBlockOutputStream(OutputStream out, int blockSize) {
    this(out, blockSize, Lz4.fastCompressor());
  }

  /**
   * A stream of {@code blockSize} blocks compressed by {@code compressor}, default checksum, no
   * sync flush.
   *
   * @param out where the stream goes
   * @param blockSize the block size, 64 to 32 MB
   * @param compressor the block compressor, for example {@link Lz4#highCompressor(int)}
   */
  public JpountzBlockOutputStream(OutputStream out, int blockSize, Lz4Compressor compressor) {
    this(out, blockSize, compressor, null, false);
  }

  /**
   * Writes with every setting.
   *
   * @param out where the stream goes
   * @param blockSize the block size, 64 to 32 MB
   * @param compressor the block compressor
   * @param checksum the checksum of each block's decompressed data, or {@code null} for the
   *     default (XXH32 with seed {@code 0x9747b28c}, low 28 bits): readers must use the same one.
   *     The stream owns it from now on (it calls {@code reset}, {@code update}, {@code getValue}).
   * @param syncFlush whether {@link #flush()} writes buffered data as a block first
   * @throws IllegalArgumentException when {@code blockSize} is out of range
   */
  public JpountzBlockOutputStream(
      OutputStream out, int blockSize, Lz4Compressor compressor, Checksum checksum, boolean syncFlush) {
    super(Objects.requireNonNull(out, "out"));
    if (blockSize < MIN_BLOCK_SIZE || blockSize > MAX_BLOCK_SIZE) {
      throw new IllegalArgumentException(
          "blockSize must be in " + MIN_BLOCK_SIZE + ".." + MAX_BLOCK_SIZE + ", got " + blockSize);
    }
    this.blockSize = blockSize;
    this.token0 = JpountzBlockFormat.levelOf(blockSize);
    this.compressor = Objects.requireNonNull(compressor, "compressor");
    this.checksum = checksum;
    this.syncFlush = syncFlush;
    this.buffer = new byte[blockSize];
    // Room for LZ4's worst case, as lz4-java's writer has: a compressor given at least that bound
    // never has to check the output's end (liblz4 then takes its faster unlimited path, about 1-3%
    // on text); the block is stored RAW afterwards when LZ4 did not make it smaller.
    this.compressed = new byte[HEADER_LENGTH + Lz4.maxCompressedLength(blockSize)];
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    try {
      if (buffered == blockSize) {
        writeBlock();
      }
      buffer[buffered++] = (byte) b;
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    try {
      while (len > 0) {
        if (buffered == blockSize) {
          writeBlock();
        }
        if (buffered == 0 && len > blockSize) {
          // a whole block in the caller's array, and more after it: compress it from there (one
          // copy less). The block is out before this call returns, so later changes of the array
          // cannot reach it; a last full block stays buffered, as in lz4-java, until more data,
          // flush() with syncFlush, or finish()
          writeBlock(b, off, blockSize);
          off += blockSize;
          len -= blockSize;
          continue;
        }
        int n = Math.min(len, blockSize - buffered);
        System.arraycopy(b, off, buffer, buffered, n);
        buffered += n;
        off += n;
        len -= n;
      }
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  /**
   * Flushes the underlying stream; when this stream was created with {@code syncFlush = true},
   * first writes the buffered data as a block, so that everything written so far is readable.
   */
  @Override
  public void flush() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("JpountzBlockOutputStream is closed");
    }
    try {
      if (syncFlush && !finished) {
        writeBlock();
      }
      out.flush();
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  /**
   * Writes the buffered data and the end-of-stream block, and flushes, without closing the
   * underlying stream. Afterwards, writing fails; {@code finish()} again does nothing.
   *
   * @throws IOException when the underlying stream fails, or an earlier failure latched
   */
  public void finish() throws IOException {
    latch.check();
    if (finished) {
      return;
    }
    try {
      writeBlock();
      JpountzBlockFormat.writeHeader(compressed, METHOD_RAW | token0, 0, 0, 0);
      out.write(compressed, 0, HEADER_LENGTH);
      finished = true;
      out.flush();
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  /**
   * {@link #finish() Finishes} the stream and closes the underlying stream. After an earlier
   * failure it writes no end block (a reader sees the stream as cut), still closes the underlying
   * stream and reports that failure. Only the first {@code close()} does anything, and throws.
   */
  @Override
  public void close() throws IOException {
    latch.closeOutput(this::finish, out, true);
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (finished) {
      throw new IOException("JpountzBlockOutputStream is already " + (latch.closed() ? "closed" : "finished"));
    }
  }

  /** Writes the buffered bytes, if any, as one block. */
  private void writeBlock() throws IOException {
    if (buffered > 0) {
      writeBlock(buffer, 0, buffered);
      // The buffer is considered consumed only once the block is out: a failed write leaves it.
      buffered = 0;
    }
  }

  /** Writes {@code src[off, off+n)}, {@code 0 < n <= blockSize}, as one block: LZ4 when it shrinks them, else RAW. */
  private void writeBlock(byte[] src, int off, int n) throws IOException {
    assert n > 0 && n <= blockSize;
    int check;
    if (checksum == null) {
      check = JpountzBlockFormat.defaultChecksum(src, off, n);
    } else {
      checksum.reset();
      checksum.update(src, off, n);
      check = (int) checksum.getValue();
    }
    // Keep LZ4 output only if strictly smaller than the input, as lz4-java does. The room is LZ4's
    // worst case for n bytes, so the compressor never gives up (-1 stays a defensive RAW).
    int clen = compressor.tryCompress(src, off, n, compressed, HEADER_LENGTH, compressed.length - HEADER_LENGTH);
    int method = METHOD_LZ4;
    if (clen < 0 || clen >= n) {
      method = METHOD_RAW;
      clen = n;
      System.arraycopy(src, off, compressed, HEADER_LENGTH, n);
    }
    JpountzBlockFormat.writeHeader(compressed, method | token0, clen, n, check);
    out.write(compressed, 0, HEADER_LENGTH + clen);
  }

  @Override
  public String toString() {
    return "JpountzBlockOutputStream(blockSize=" + blockSize + ", compressor=" + compressor + ")";
  }
}
