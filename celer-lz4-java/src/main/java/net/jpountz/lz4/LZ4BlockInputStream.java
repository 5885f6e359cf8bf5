package net.jpountz.lz4;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Checksum;
import net.jpountz.util.SafeUtils;

/**
 * Reads lz4-java's {@code LZ4Block} stream format, as {@link LZ4BlockOutputStream} (Celer's or
 * lz4-java's) writes it. <b>This format is not compatible with the LZ4 Frame format</b>: use
 * {@link LZ4FrameInputStream} for {@code .lz4} files.
 *
 * <p>Decoding is Celer's {@link JpountzBlockInputStream}: every header is checked before anything
 * is allocated, every block is decoded by the bounded decoder and its checksum verified, and any
 * malformed or truncated input throws what lz4-java throws: an {@link EOFException} "Stream ended
 * prematurely" when the input ends early, an {@link IOException} "Stream is corrupted" otherwise,
 * each with Celer's {@link Lz4StreamException} as its cause (it names the problem and the offset).
 * Failures of the underlying stream pass through as they are. As with the fork (lz4-java 1.8.0
 * instead ends quietly there), with {@code stopOnEmptyBlock} off an input that ends inside a block
 * header is truncated too, not a clean end. A failure is final: later reads throw again, never
 * resuming inside a half-read block; {@link #close()} still only closes the underlying stream
 * (once) and returns normally. The decompressor given to a constructor or the builder is accepted
 * for compatibility and not used: blocks are always decoded by Celer's bounded decoder, which
 * produces the same bytes. Not thread-safe.
 *
 * <pre>{@code
 * try (InputStream in = new LZ4BlockInputStream(Files.newInputStream(path))) {
 *   in.transferTo(out);
 * }
 * }</pre>
 */
public class LZ4BlockInputStream extends FilterInputStream {
  private final JpountzBlockInputStream impl;
  private final Object decompressor;
  private final Checksum checksum;
  private final boolean stopOnEmptyBlock;

  /**
   * Reads lz4-java's block stream with every setting of lz4-java's constructors.
   *
   * @param in the stream to read
   * @param fastDecompressor accepted and not used (see the class description)
   * @param checksum the checksum the writer used, or {@code null} for lz4-java's default
   * @param stopOnEmptyBlock {@code true} to end at the first end-of-stream block; {@code false} to
   *     read concatenated streams until the input ends
   */
  public LZ4BlockInputStream(InputStream in, LZ4FastDecompressor fastDecompressor, Checksum checksum,
      boolean stopOnEmptyBlock) {
    this(in, (Object) fastDecompressor, checksum, stopOnEmptyBlock);
  }

  private LZ4BlockInputStream(InputStream in, Object decompressor, Checksum checksum, boolean stopOnEmptyBlock) {
    super(in);
    this.impl = new JpountzBlockInputStream(in, checksum, stopOnEmptyBlock, 1 << 25);
    this.decompressor = decompressor;
    this.checksum = checksum;
    this.stopOnEmptyBlock = stopOnEmptyBlock;
  }

  /**
   * Reads one stream, up to its end block.
   *
   * @param in the stream to read from
   * @param fastDecompressor not used (Celer's bounded decoder reads every block)
   * @param checksum the checksum the writer used ({@code null}: the default, XXH32-based)
   */
  public LZ4BlockInputStream(InputStream in, LZ4FastDecompressor fastDecompressor, Checksum checksum) {
    this(in, fastDecompressor, checksum, true);
  }

  /**
   * Reads one stream with the default checksum.
   *
   * @param in the stream to read from
   * @param fastDecompressor not used (Celer's bounded decoder reads every block)
   */
  public LZ4BlockInputStream(InputStream in, LZ4FastDecompressor fastDecompressor) {
    this(in, fastDecompressor, null, true);
  }

  /**
   * Reads with the default checksum; see the first constructor for {@code stopOnEmptyBlock}.
   *
   * @param in the stream to read from
   * @param stopOnEmptyBlock whether to end at the first empty block (else: concatenated streams)
   */
  public LZ4BlockInputStream(InputStream in, boolean stopOnEmptyBlock) {
    this(in, LZ4Factory.fastestInstance().fastDecompressor(), null, stopOnEmptyBlock);
  }

  /**
   * Reads one stream with the default checksum.
   *
   * @param in the stream to read from
   */
  public LZ4BlockInputStream(InputStream in) {
    this(in, LZ4Factory.fastestInstance().fastDecompressor());
  }

  /** {@return a builder (the fork's API)} */
  public static Builder newBuilder() {
    return new Builder();
  }

  @Override
  public int available() throws IOException {
    try {
      return impl.available();
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public int read() throws IOException {
    try {
      return impl.read();
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    SafeUtils.checkRange(b, off, len);
    try {
      return impl.read(b, off, len);
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public int read(byte[] b) throws IOException {
    return read(b, 0, b.length);
  }

  @Override
  public long skip(long n) throws IOException {
    try {
      return n <= 0 ? 0 : impl.skip(n);
    } catch (IOException e) {
      throw failed(e);
    }
  }

  /**
   * @return lz4-java's exception for a failure of Celer's reader: {@link EOFException} for
   *     truncated input, {@code IOException("Stream is corrupted")} for any other format error
   *     (both with Celer's exception as the cause); the underlying stream's own failure as it is
   */
  private static IOException failed(IOException e) {
    if (!(e instanceof Lz4StreamException)) {
      return e;
    }
    if (((Lz4StreamException) e).kind() == Lz4StreamException.Kind.TRUNCATED) {
      EOFException eof = new EOFException("Stream ended prematurely");
      eof.initCause(e);
      return eof;
    }
    return new IOException("Stream is corrupted", e);
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  @Override
  public void mark(int readlimit) {
    // not supported, as markSupported() says
  }

  @Override
  public void reset() throws IOException {
    throw new IOException("mark/reset not supported");
  }

  /**
   * Closes the underlying stream, once; throws only when that fails, as lz4-java (an earlier
   * failure of a read is not reported again).
   */
  @Override
  public void close() throws IOException {
    impl.close();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(in=" + in + ", decompressor=" + decompressor + ", checksum=" + checksum
        + ", stopOnEmptyBlock=" + stopOnEmptyBlock + ")";
  }

  /**
   * The fork's builder of {@link LZ4BlockInputStream}. Defaults: stop on the empty block, the
   * default checksum. {@link #withAcceptOversizedBlocks(boolean)} and the decompressor are
   * accepted for compatibility: Celer always reads LZ4 blocks whose compressed length is not
   * smaller than their data (within LZ4's worst case), safely, and always decodes with its
   * bounded decoder. Not thread-safe.
   *
   * <pre>{@code
   * InputStream in = LZ4BlockInputStream.newBuilder().withStopOnEmptyBlock(false).build(raw);
   * }</pre>
   */
  public static final class Builder {
    private boolean stopOnEmptyBlock = true;
    private Object decompressor;
    private Checksum checksum;

    Builder() {}

    /**
     * {@return this builder, set to end at the first empty block or to read concatenated streams}
     *
     * @param stopOnEmptyBlock whether to end at the first empty block (else: concatenated streams)
     */
    public Builder withStopOnEmptyBlock(boolean stopOnEmptyBlock) {
      this.stopOnEmptyBlock = stopOnEmptyBlock;
      return this;
    }

    /**
     * {@return this builder (oversized LZ4 blocks are always read here, safely)}
     *
     * @param acceptOversizedBlocks ignored: oversized blocks are always read, safely
     */
    public Builder withAcceptOversizedBlocks(boolean acceptOversizedBlocks) {
      return this;
    }

    /**
     * {@return this builder (the decompressor is not used; see the class description)}
     *
     * @param fastDecompressor not used (Celer's bounded decoder reads every block)
     */
    public Builder withDecompressor(LZ4FastDecompressor fastDecompressor) {
      this.decompressor = fastDecompressor;
      return this;
    }

    /**
     * {@return this builder (the decompressor is not used; see the class description)}
     *
     * @param safeDecompressor not used (Celer's bounded decoder reads every block)
     */
    public Builder withDecompressor(LZ4SafeDecompressor safeDecompressor) {
      this.decompressor = safeDecompressor;
      return this;
    }

    /**
     * {@return this builder, with the checksum the writer used ({@code null}: the default)}
     *
     * @param checksum the checksum the writer used ({@code null}: the default, XXH32-based)
     */
    public Builder withChecksum(Checksum checksum) {
      this.checksum = checksum;
      return this;
    }

    /**
     * {@return a new stream reading {@code in}}
     *
     * @param in the stream to read from
     */
    public LZ4BlockInputStream build(InputStream in) {
      return new LZ4BlockInputStream(in, decompressor, checksum, stopOnEmptyBlock);
    }
  }
}
