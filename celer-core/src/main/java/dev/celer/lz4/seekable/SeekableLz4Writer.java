package dev.celer.lz4.seekable;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.stream.FailureLatch;
import dev.celer.lz4.frame.Lz4FrameBlockEncoder;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Writes a seekable LZ4 file ({@code docs/seekable-format.md}): one standard LZ4 frame of
 * independent blocks, then, on {@link #close()}, the seek index. {@code lz4 -d} decodes the
 * result like any {@code .lz4} file; {@link SeekableLz4Reader} reads any range of it.
 *
 * <pre>{@code
 * try (SeekableLz4Writer out = new SeekableLz4Writer(Files.newOutputStream(path))) {
 *   in.transferTo(out);
 * }
 * }</pre>
 *
 * <p>Options are {@link Lz4FrameOptions}: block size (64 KB by default here: the unit of random
 * access), level, block and content checksums (both on by default, so {@code lz4 -d} verifies
 * everything and each random read verifies its block), content size (when known; the frame
 * header carries it and {@code close()} checks it). Linked blocks, legacy frames and
 * dictionaries are refused: a block must decode on its own. The underlying stream is closed
 * unless {@link Lz4FrameOptions#closeUnderlying()} is off.
 *
 * <p>Any failure leaves the file without an index (a reader then says {@code NOT_SEEKABLE}),
 * and every later call throws, with the first failure as its cause; {@code close()} still closes
 * the underlying stream and reports the failure once, and a second {@code close()} does nothing. Memory: one block of input and one encoded block. Not
 * thread-safe.
 */
public final class SeekableLz4Writer extends OutputStream {
  /**
   * The defaults: 64 KB blocks, block checksums, content checksum, level 1, no content size.
   * Build on them with {@code DEFAULT_OPTIONS.toBuilder()}.
   */
  public static final Lz4FrameOptions DEFAULT_OPTIONS = Lz4FrameOptions.builder()
      .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).contentChecksum(true).build();

  private final Counting out;
  private final boolean closeUnderlying;
  private final Lz4FrameOutputStream frame;
  private final Lz4FrameBlockEncoder encoder;
  private final SeekIndex.Builder index;
  private final byte[] buf;
  private byte[] enc;
  private int pos;
  private final FailureLatch latch = new FailureLatch("SeekableLz4Writer");

  /**
   * Writes a seekable file with {@link #DEFAULT_OPTIONS} to {@code out}.
   *
   * @param out the stream to write to
   */
  public SeekableLz4Writer(OutputStream out) {
    this(out, DEFAULT_OPTIONS);
  }

  /**
   * Writes a seekable file with {@code options} to {@code out}.
   *
   * @param out the stream to write to
   * @param options the options
   * @throws IllegalArgumentException when the options ask for linked blocks, a legacy frame or a
   *     dictionary
   */
  public SeekableLz4Writer(OutputStream out, Lz4FrameOptions options) {
    this(out, options, 0, new SeekIndex.Builder());
  }

  private SeekableLz4Writer(OutputStream out, Lz4FrameOptions options, long base, SeekIndex.Builder index) {
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(options, "options");
    if (options.linkedBlocks() || options.legacy() || options.dictionary() != null || options.dictionaryId() != 0) {
      throw new IllegalArgumentException("a seekable frame needs independent blocks without a dictionary: " + options);
    }
    this.closeUnderlying = options.closeUnderlying();
    Lz4FrameOptions frameOptions = options.toBuilder().closeUnderlying(false).build();
    this.out = new Counting(out, base);
    this.encoder = Lz4FrameBlockEncoder.of(frameOptions);
    this.frame = new Lz4FrameOutputStream(this.out, frameOptions);
    this.index = index;
    FrameHeader h = FrameHeader.of(frameOptions);
    index.frame(base, h.flg(), h.bd(), h.headerLength(), 0);
    this.buf = new byte[encoder.maxBlockSize()];
    this.enc = new byte[0];
  }

  /**
   * Appends to the seekable file {@code file}: a new frame after its index, then (on close) a new
   * index that lists the old frames and the new one. The old index stays in the file, skipped by
   * every reader; {@code lz4 -d} output is the old content followed by the new.
   *
   * @param file the file
   * @param options the options
   * @return a writer whose output is appended to the file
   * @throws dev.celer.lz4.Lz4StreamException when {@code file} has no valid index
   */
  public static SeekableLz4Writer append(Path file, Lz4FrameOptions options) throws IOException {
    SeekIndex previous;
    try (SeekableLz4Reader r = SeekableLz4Reader.open(file)) {
      previous = r.index();
    }
    FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    try {
      long base = ch.size();
      return new SeekableLz4Writer(Channels.newOutputStream(ch), options.toBuilder().closeUnderlying(true).build(),
          base, new SeekIndex.Builder(previous));
    } catch (IOException | RuntimeException | Error e) {
      ch.close();
      throw e;
    }
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    buf[pos++] = (byte) b;
    if (pos == buf.length) {
      emit();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    while (len > 0) {
      int n = Math.min(len, buf.length - pos);
      System.arraycopy(b, off, buf, pos, n);
      pos += n;
      off += n;
      len -= n;
      if (pos == buf.length) {
        emit();
      }
    }
  }

  /** Flushes the underlying stream. Buffered data stays buffered: blocks are always full but the last. */
  @Override
  public void flush() throws IOException {
    ensureOpen();
    try {
      out.flush();
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  /**
   * Ends the frame (last block, EndMark, content checksum), writes the seek index and closes (or
   * flushes) the underlying stream. After an earlier failure it writes nothing more, still closes
   * the underlying stream (when it owns it) and reports that failure. Only the first {@code
   * close()} does anything, and throws.
   */
  @Override
  public void close() throws IOException {
    latch.closeOutput(() -> {
      emit();
      frame.close();
      out.write(index.build(out.count).toBytes());
    }, out, closeUnderlying);
  }

  private void emit() throws IOException {
    if (pos == 0) {
      return;
    }
    try {
      int max = encoder.maxEncodedLength(pos);
      if (enc.length < max) {
        enc = new byte[encoder.maxEncodedLength(buf.length)];
      }
      int n = encoder.encode(buf, 0, pos, enc, 0);
      frame.writeEncodedBlock(enc, 0, n, buf, 0, pos);
      index.block(out.count - n, pos);
      pos = 0;
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("stream closed");
    }
  }

  /** Counts the bytes that reach the underlying stream: the file offsets the index records. */
  private static final class Counting extends FilterOutputStream {
    long count;

    Counting(OutputStream out, long base) {
      super(out);
      this.count = base;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }
  }
}
