package dev.celer.hadoop;

import dev.celer.lz4.seekable.LazySeekIndex;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableReadOptions;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;

/**
 * One split of a seekable LZ4 file, for {@code LineRecordReader} (mapreduce and mapred).
 *
 * <p>Positions are offsets in the compressed file. With blocks starting at {@code P[0] < P[1] <
 * ...} and {@code P[n]} = the index's data size, a split {@code [start, end)} owns the blocks
 * {@code a..b-1}: {@code a} is the first block at or after {@code start} (0 when {@code start} is
 * 0), {@code b} the first at or after {@code end}. The adjusted start is {@code P[a]} (0 for the
 * first split), the adjusted end {@code P[b]}; neighbouring splits meet exactly, since both
 * round the same offset to the same block.
 *
 * <p>The stream decodes from block {@code a} on and goes on past {@code b} as far as it is read
 * (the last line of a split ends in a later block). A read never crosses a block boundary, and
 * {@link #getPos()} is the end of the block that holds the last byte returned ({@code P[k+1]}
 * for block {@code k}; the adjusted start before the first read). So {@code getPos() <=
 * getAdjustedEnd()} holds exactly while the reader is in the split's own blocks, and {@code
 * LineRecordReader} reads a line exactly when the line break before it lies in blocks {@code
 * a..b-1} (the first line of the file belongs to the first split): the next split skips its
 * partial first line up to the first break in block {@code b}, and starts right after it. When a
 * CR ends block {@code b-1}, the reader looks at the next byte (block {@code b}) to see whether
 * an LF follows; {@code CompressedSplitLineReader} then reads the one line that starts there,
 * which the next split skips: still exactly once.
 *
 * <p>Faults: a failure of a positioned read ({@link IOException} or unchecked) passes through as it
 * is, a bad block or index entry is an {@link dev.celer.lz4.Lz4StreamException}; any failure
 * latches, so every later {@code read} and {@code getPos} throws an {@link IOException} whose
 * cause is the first failure; {@code close()} still closes the stream, once, and returns normally.
 * A block is handed out only once it decoded in full.
 */
final class SeekableSplitInputStream extends SplitCompressionInputStream {
  /** Block-table entries read at a time (16 bytes each): one positioned read of at most 16 KiB. */
  static final int WINDOW = 1024;

  private final RandomAccessSource src;
  private final LazySeekIndex lazy;
  /** Blocks {@code [windowFrom, windowFrom + window.blockCount())} of the file, or null. */
  private SeekIndex window;
  private SeekableLz4Reader reader;
  private int windowFrom;
  private int block; // the block in buf, or the next block to load when none was loaded yet
  private boolean loaded;
  private byte[] buf = new byte[0];
  private int bufPos;
  private int bufEnd;
  private long pos;
  private final StreamLatch latch = new StreamLatch("SeekableSplitInputStream");

  /**
   * Opens the split with the footer and frame table ({@code lazy}) and two binary searches of the
   * block table; the block table is read later, {@link #WINDOW} entries at a time, as blocks are
   * read.
   */
  SeekableSplitInputStream(InputStream in, RandomAccessSource src, LazySeekIndex lazy, long start, long end)
      throws IOException {
    super(in, start, end);
    this.src = src;
    this.lazy = lazy;
    int a = start == 0 ? 0 : lazy.firstBlockAtOrAfter(start);
    long adjustedStart = start == 0 ? 0 : lazy.blockOffset(a);
    int b = end <= adjustedStart ? a : lazy.firstBlockAtOrAfter(end);
    setStart(adjustedStart);
    setEnd(Math.max(adjustedStart, lazy.blockOffset(b)));
    this.block = a;
    this.pos = adjustedStart;
  }

  /** @return where block {@code i} starts, from the window when it holds it */
  private long offsetOf(int i) throws IOException {
    if (window != null && i >= windowFrom && i <= windowFrom + window.blockCount()) {
      int k = i - windowFrom;
      return k < window.blockCount() ? window.blockOffset(k) : window.dataSize();
    }
    return lazy.blockOffset(i);
  }

  /** Makes the window hold block {@code i} ({@code < blockCount}). */
  private void windowFor(int i) throws IOException {
    if (window != null && i >= windowFrom && i < windowFrom + window.blockCount()) {
      return;
    }
    int to = (int) Math.min(lazy.blockCount(), (long) i + WINDOW);
    window = lazy.window(i, to);
    windowFrom = i;
    reader = SeekableLz4Reader.open(src, window, SeekableReadOptions.defaults());
  }

  /** The buffer of {@link #read()}, so a one-byte read allocates nothing. */
  private final byte[] one = new byte[1];

  @Override
  public int read() throws IOException {
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    latch.check();
    if (latch.closed()) {
      throw new IOException("stream closed");
    }
    if (len == 0) {
      return 0;
    }
    try {
      return readSome(b, off, len);
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  private int readSome(byte[] b, int off, int len) throws IOException {
    while (bufPos == bufEnd) {
      int next = loaded ? block + 1 : block;
      if (next >= lazy.blockCount()) {
        return -1;
      }
      windowFor(next);
      int k = next - windowFrom;
      int n = window.decodedLength(k);
      if (buf.length < n) {
        buf = new byte[n];
      }
      int got = reader.read(window.contentOffset(k), buf, 0, n);
      if (got != n) {
        long at = window.blockOffset(k);
        throw new dev.celer.lz4.Lz4StreamException(dev.celer.lz4.Lz4StreamException.Kind.CORRUPT_BLOCK, at,
            "block " + next + " at offset " + at + " decoded to " + got + " of the " + n + " bytes its index entry says");
      }
      long end = offsetOf(next + 1);
      block = next;
      loaded = true;
      bufPos = 0;
      bufEnd = n;
      pos = end; // set before the block's first byte is handed out: nothing below can fail
    }
    int n = Math.min(len, bufEnd - bufPos);
    System.arraycopy(buf, bufPos, b, off, n);
    bufPos += n;
    return n;
  }

  /** @throws IOException after a failure */
  @Override
  public long getPos() throws IOException {
    latch.check();
    return pos;
  }

  @Override
  public void resetState() {
    throw new UnsupportedOperationException("a split of a seekable LZ4 file cannot be reset");
  }

  /**
   * Closes the source and the underlying stream, once, and returns normally, also after a failure;
   * throws only their own failure to close, on the first call.
   */
  @Override
  public void close() throws IOException {
    latch.closeInput(() -> {
      try {
        src.close(); // it does not close the stream; super.close() does
      } finally {
        super.close();
      }
    });
  }
}
