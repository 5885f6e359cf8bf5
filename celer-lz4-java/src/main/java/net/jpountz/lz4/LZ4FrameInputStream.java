package net.jpountz.lz4;

import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
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
 * legacy frames). With {@code readSingleFrame} the stream ends with the first frame and, as with
 * lz4-java, the underlying stream is read exactly to that frame's last byte, so what follows it is
 * left there ({@link Lz4FrameReadOptions.Builder#singleFrame(boolean)}). {@link
 * #getExpectedContentSize()} reads the content size from the header of a frame that starts the
 * input, reading no further than the header. Not thread-safe.
 *
 * <pre>{@code
 * try (InputStream in = new LZ4FrameInputStream(Files.newInputStream(path))) {
 *   in.transferTo(out);   // a .lz4 file of the lz4 tool
 * }
 * }</pre>
 */
public class LZ4FrameInputStream extends FilterInputStream {
  private static final Lz4FrameReadOptions ALL_FRAMES = Lz4FrameReadOptions.defaults();
  private static final Lz4FrameReadOptions SINGLE_FRAME = ALL_FRAMES.toBuilder().singleFrame(true).build();

  private final HeaderTap tap;
  private final Lz4FrameInputStream impl;
  private final boolean readSingleFrame;

  /**
   * Reads concatenated frames.
   *
   * @param in the stream to read from
   * @throws IOException when the underlying stream fails or the data is not a valid stream
   */
  public LZ4FrameInputStream(InputStream in) throws IOException {
    this(in, false);
  }

  /**
   * Reads frames, ending after the first one when {@code readSingleFrame} is set.
   *
   * @param in the stream to read from
   * @throws IOException when the underlying stream fails or the data is not a valid stream
   * @param readSingleFrame whether to end after the first frame
   */
  public LZ4FrameInputStream(InputStream in, boolean readSingleFrame) throws IOException {
    this(in, LZ4Factory.fastestInstance().safeDecompressor(),
        net.jpountz.xxhash.XXHashFactory.fastestInstance().hash32(), readSingleFrame);
  }

  /**
   * Reads concatenated frames; the arguments after {@code in} are not used.
   *
   * @param in the stream to read from
   * @param decompressor not used (Celer's bounded decoder reads every frame)
   * @param checksum not used (frames are checked with XXH32 as the format says)
   * @throws IOException when the underlying stream fails or the data is not a valid stream
   */
  public LZ4FrameInputStream(InputStream in, LZ4SafeDecompressor decompressor, XXHash32 checksum)
      throws IOException {
    this(in, decompressor, checksum, false);
  }

  /**
   * Reads frames with lz4-java's full set of arguments.
   *
   * @param in the frames to read
   * @param decompressor not used (see the class description)
   * @param checksum not used
   * @param readSingleFrame whether to end after the first frame
   * @throws IOException when the underlying stream fails or the data is not a valid stream
   */
  public LZ4FrameInputStream(InputStream in, LZ4SafeDecompressor decompressor, XXHash32 checksum,
      boolean readSingleFrame) throws IOException {
    super(in);
    this.tap = new HeaderTap(in);
    this.impl = new Lz4FrameInputStream(tap, readSingleFrame ? SINGLE_FRAME : ALL_FRAMES);
    this.readSingleFrame = readSingleFrame;
  }

  @Override
  public int read() throws IOException {
    return impl.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (off < 0 || len < 0 || len > b.length - off) {
      throw new IndexOutOfBoundsException();
    }
    return impl.read(b, off, len);
  }

  @Override
  public long skip(long n) throws IOException {
    return n <= 0 ? 0 : impl.skip(n);
  }

  @Override
  public int available() throws IOException {
    return impl.available();
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
   * {@return the content size the frame's header announces, or -1 when it announces none; reads
   * the header first when nothing was read yet}
   *
   * @throws IOException when the underlying stream fails or the data is not a valid stream
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

  /**
   * {@return whether the stream reads a single frame and its header announces a content size}
   *
   * @throws IOException when the underlying stream fails or the data is not a valid stream
   */
  public boolean isExpectedContentSizeDefined() throws IOException {
    return readSingleFrame && getExpectedContentSize() >= 0;
  }

  /**
   * Passes the underlying stream through to Celer's reader, keeping the first bytes, so that the
   * first frame's content size can be answered. {@link #peekHeader()} reads them ahead (kept and
   * served to the reader later), for when nothing was read yet: never more than the header holds,
   * so that a single frame still ends exactly where it ends.
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

    /**
     * Reads the magic number, FLG and BD ahead of the reader, then the content size when FLG says
     * there is one: bytes of the header only (as many as there are, on a short input).
     */
    void peekHeader() throws IOException {
      if (!peek(6) || magic() != MAGIC || (first[4] & FLG_CONTENT_SIZE) == 0) {
        return;
      }
      peek(KEPT);
    }

    /** @return whether the first {@code upTo} bytes are in {@link #first}, reading them if needed */
    private boolean peek(int upTo) throws IOException {
      while (seen < upTo) {
        int n = in.read(first, seen, upTo - seen);
        if (n < 0) {
          return false;
        }
        seen += n;
      }
      return true;
    }

    private int magic() {
      return first[0] & 0xFF | (first[1] & 0xFF) << 8 | (first[2] & 0xFF) << 16 | first[3] << 24;
    }

    long contentSize() {
      if (seen < 6 || magic() != MAGIC || (first[4] & FLG_CONTENT_SIZE) == 0 || seen < KEPT) {
        return -1;
      }
      long size = 0;
      for (int i = KEPT - 1; i >= 6; i--) {
        size = size << 8 | (first[i] & 0xFF);
      }
      return size;
    }

    /** The buffer of {@link #read()}, so a one-byte read allocates nothing. */
    private final byte[] one = new byte[1];

    @Override
    public int read() throws IOException {
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
