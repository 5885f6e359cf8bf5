package dev.celer.hadoop;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import org.apache.hadoop.io.compress.CompressionInputStream;

/**
 * Decodes a whole stream: LZ4 frames (seekable or not; concatenated, skippable and legacy frames
 * as {@code lz4 -d} reads them) or, told apart by the first four bytes, Hadoop's old {@code
 * Lz4Codec} block format ({@link HadoopBlockInputStream}). An empty stream decodes to nothing.
 * {@link #resetState()} starts again with a fresh sniff of whatever the underlying stream holds
 * next (Hadoop's {@code SequenceFile} reuses a stream this way, one record at a time).
 */
final class Lz4DecodingInputStream extends CompressionInputStream {
  private static final int FRAME_MAGIC = 0x184D2204;
  private static final int LEGACY_MAGIC = 0x184C2102;
  private static final int SKIPPABLE_MAGIC = 0x184D2A50;
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;

  private InputStream decoder;
  private boolean ended;

  Lz4DecodingInputStream(InputStream in) throws IOException {
    super(in);
  }

  /** @return whether the 4 bytes, read as a little-endian u32, start an LZ4 frame of any kind */
  static boolean isFrameMagic(int le) {
    return le == FRAME_MAGIC || le == LEGACY_MAGIC || (le & SKIPPABLE_MASK) == SKIPPABLE_MAGIC;
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
    if (len == 0) {
      return 0;
    }
    if (decoder == null && !ended && !start()) {
      ended = true;
    }
    if (ended) {
      return -1;
    }
    return decoder.read(b, off, len);
  }

  private boolean start() throws IOException {
    byte[] head = new byte[4];
    int n = 0;
    while (n < 4) {
      int r = in.read(head, n, 4 - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    if (n == 0) {
      return false;
    }
    if (n < 4) {
      throw new Lz4StreamException(Kind.TRUNCATED, 0, "the stream has only " + n + " bytes: neither an LZ4 frame nor Hadoop Lz4Codec data");
    }
    int le = (head[0] & 0xFF) | (head[1] & 0xFF) << 8 | (head[2] & 0xFF) << 16 | (head[3] & 0xFF) << 24;
    InputStream whole = new SequenceInputStream(new ByteArrayInputStream(head), in);
    if (isFrameMagic(le)) {
      decoder = new Lz4FrameInputStream(whole, Lz4FrameReadOptions.builder().closeUnderlying(false).build());
    } else {
      decoder = new HadoopBlockInputStream(whole, 0);
    }
    return true;
  }

  @Override
  public void resetState() {
    decoder = null;
    ended = false;
  }
}
