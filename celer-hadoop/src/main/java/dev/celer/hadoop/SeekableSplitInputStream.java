package dev.celer.hadoop;

import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Reader;
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
 */
final class SeekableSplitInputStream extends SplitCompressionInputStream {
  private final SeekableLz4Reader reader;
  private final SeekIndex index;
  private int block; // the block in buf, or the next block to load when none was loaded yet
  private boolean loaded;
  private byte[] buf = new byte[0];
  private int bufPos;
  private int bufEnd;
  private long pos;

  SeekableSplitInputStream(InputStream in, SeekableLz4Reader reader, long start, long end) throws IOException {
    super(in, start, end);
    this.reader = reader;
    this.index = reader.index();
    int a = start == 0 ? 0 : firstBlockAtOrAfter(start);
    int b = firstBlockAtOrAfter(end);
    long adjustedStart = start == 0 ? 0 : offsetOf(a);
    setStart(adjustedStart);
    setEnd(Math.max(adjustedStart, offsetOf(b)));
    this.block = a;
    this.pos = adjustedStart;
  }

  /** @return the first block whose offset is {@code >= position}, or the block count */
  private int firstBlockAtOrAfter(long position) {
    int lo = 0;
    int hi = index.blockCount();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (index.blockOffset(mid) < position) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** @return where block {@code i} starts, or the end of the data for {@code i = blockCount} */
  private long offsetOf(int i) {
    return i < index.blockCount() ? index.blockOffset(i) : index.dataSize();
  }

  @Override
  public int read() throws IOException {
    byte[] b = new byte[1];
    int n = read(b, 0, 1);
    return n < 0 ? -1 : b[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    while (bufPos == bufEnd) {
      int next = loaded ? block + 1 : block;
      if (next >= index.blockCount()) {
        return -1;
      }
      int n = index.decodedLength(next);
      if (buf.length < n) {
        buf = new byte[n];
      }
      int got = reader.read(index.contentOffset(next), buf, 0, n);
      if (got != n) {
        throw new java.io.EOFException("block " + next + " decoded to " + got + " of its " + n + " bytes");
      }
      block = next;
      loaded = true;
      bufPos = 0;
      bufEnd = n;
    }
    int n = Math.min(len, bufEnd - bufPos);
    System.arraycopy(buf, bufPos, b, off, n);
    bufPos += n;
    pos = offsetOf(block + 1);
    return n;
  }

  @Override
  public long getPos() {
    return pos;
  }

  @Override
  public void resetState() {
    throw new UnsupportedOperationException("a split of a seekable LZ4 file cannot be reset");
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close(); // its source does not close the stream; super.close() does
    } finally {
      super.close();
    }
  }
}
