package net.jpountz.lz4;

import dev.celer.lz4.frame.Lz4FrameInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import net.jpountz.xxhash.XXHash32;

/**
 * Reads LZ4 frames ({@code .lz4} files of the {@code lz4} tool, or {@link LZ4FrameOutputStream}'s
 * output) with lz4-java's API: concatenated frames read as one stream unless {@code
 * readSingleFrame}, skippable frames skipped, an empty input is an error. Decoding is Celer's
 * {@link Lz4FrameInputStream}: every checksum and size is verified and any malformed or truncated
 * input throws an {@link IOException} ({@link dev.celer.lz4.Lz4StreamException}).
 *
 * <p>Differences, on purpose: the decompressor and {@link XXHash32} arguments are not used (Celer
 * decodes and checks); frames lz4-java refuses but the format allows are read (linked blocks,
 * legacy frames); with {@code readSingleFrame} the stream ends after the first frame, but the
 * underlying stream may have been read into the next frame (up to its first block), where lz4-java
 * stops exactly at the frame's end. {@link #getExpectedContentSize()} reads the content size from the
 * first bytes of the input (a single frame that starts it). Not thread-safe.
 */
public class LZ4FrameInputStream extends FilterInputStream {
  private final HeaderTap tap;
  private final Lz4FrameInputStream impl;
  private final boolean readSingleFrame;
  private boolean ended;

  /** Reads concatenated frames. */
  public LZ4FrameInputStream(InputStream in) throws IOException {
    this(in, false);
  }

  /** @param readSingleFrame whether to end after the first frame */
  public LZ4FrameInputStream(InputStream in, boolean readSingleFrame) throws IOException {
    this(in, LZ4Factory.fastestInstance().safeDecompressor(),
        net.jpountz.xxhash.XXHashFactory.fastestInstance().hash32(), readSingleFrame);
  }

  /** Reads concatenated frames; the arguments after {@code in} are not used. */
  public LZ4FrameInputStream(InputStream in, LZ4SafeDecompressor decompressor, XXHash32 checksum)
      throws IOException {
    this(in, decompressor, checksum, false);
  }

  /**
   * @param in the frames to read
   * @param decompressor not used (see the class description)
   * @param checksum not used
   * @param readSingleFrame whether to end after the first frame
   */
  public LZ4FrameInputStream(InputStream in, LZ4SafeDecompressor decompressor, XXHash32 checksum,
      boolean readSingleFrame) throws IOException {
    super(in);
    this.tap = new HeaderTap(in);
    this.impl = new Lz4FrameInputStream(tap);
    this.readSingleFrame = readSingleFrame;
  }

  /** @return whether the stream is past its (single) frame: then it reads as ended */
  private boolean pastSingleFrame() {
    if (readSingleFrame && impl.framesRead() > 1) {
      ended = true;
    }
    return ended;
  }

  @Override
  public int read() throws IOException {
    if (ended) {
      return -1;
    }
    int b = impl.read();
    return pastSingleFrame() ? -1 : b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (off < 0 || len < 0 || len > b.length - off) {
      throw new IndexOutOfBoundsException();
    }
    if (ended) {
      return -1;
    }
    int n = impl.read(b, off, len);
    return pastSingleFrame() ? -1 : n;
  }

  @Override
  public long skip(long n) throws IOException {
    if (n <= 0 || ended) {
      return 0;
    }
    long k = impl.skip(n);
    return pastSingleFrame() ? 0 : k;
  }

  @Override
  public int available() throws IOException {
    return ended ? 0 : impl.available();
  }

  @Override
  public void close() throws IOException {
    impl.close();
  }

  @Override
  public synchronized void mark(int readlimit) {
    throw new UnsupportedOperationException("mark not supported");
  }

  @Override
  public synchronized void reset() throws IOException {
    throw new UnsupportedOperationException("reset not supported");
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  /**
   * @return the content size the frame's header announces, or -1 when it announces none; reads
   *     the header first when nothing was read yet
   * @throws UnsupportedOperationException unless the stream reads a single frame, as lz4-java
   */
  public long getExpectedContentSize() throws IOException {
    if (!readSingleFrame) {
      throw new UnsupportedOperationException("Operation not permitted when multiple frames can be read");
    }
    if (impl.framesRead() == 0) {
      tap.peekHeader();
    }
    return tap.contentSize();
  }

  /** @return whether the stream reads a single frame and its header announces a content size */
  public boolean isExpectedContentSizeDefined() throws IOException {
    return readSingleFrame && getExpectedContentSize() >= 0;
  }

  /**
   * Passes the underlying stream through to Celer's reader, keeping the first bytes, so that the
   * first frame's content size can be answered. {@link #peekHeader()} reads them ahead (kept and
   * served to the reader later), for when nothing was read yet.
   */
  private static final class HeaderTap extends FilterInputStream {
    /** Magic (4), FLG, BD, content size (8): where the content size ends in a frame header. */
    private static final int KEPT = 14;
    private static final int MAGIC = 0x184D2204;
    private static final int FLG_CONTENT_SIZE = 1 << 3;

    private final byte[] first = new byte[KEPT];
    private int seen;
    private int served;

    HeaderTap(InputStream in) {
      super(in);
    }

    /** Reads the first {@value #KEPT} bytes, or as many as there are, ahead of the reader. */
    void peekHeader() throws IOException {
      while (seen < KEPT) {
        int n = in.read(first, seen, KEPT - seen);
        if (n < 0) {
          return;
        }
        seen += n;
      }
    }

    long contentSize() {
      if (seen < 6 || (first[0] & 0xFF | (first[1] & 0xFF) << 8 | (first[2] & 0xFF) << 16 | first[3] << 24) != MAGIC
          || (first[4] & FLG_CONTENT_SIZE) == 0 || seen < KEPT) {
        return -1;
      }
      long size = 0;
      for (int i = KEPT - 1; i >= 6; i--) {
        size = size << 8 | (first[i] & 0xFF);
      }
      return size;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (served < seen) {
        int n = Math.min(len, seen - served);
        System.arraycopy(first, served, b, off, n);
        served += n;
        return n;
      }
      int n = in.read(b, off, len);
      if (n > 0 && seen < KEPT) {
        int keep = Math.min(n, KEPT - seen);
        System.arraycopy(b, off, first, seen, keep);
        seen += keep;
        served = seen;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      byte[] sink = new byte[(int) Math.min(n, 8192)];
      int r = read(sink, 0, sink.length);
      return Math.max(r, 0);
    }

    @Override
    public int available() throws IOException {
      return (seen - served) + in.available();
    }
  }
}
