package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.FailureLatch;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Reads LZ4 frames ({@code doc/lz4_Frame_format.md}, version 1.6.x) from an underlying stream and
 * returns their content, as {@code lz4 -d} does: concatenated frames read as one stream,
 * skippable frames skipped, legacy frames (magic 0x184C2102) read.
 *
 * <p>Everything the format can check is checked: magic numbers, version and reserved bits, the
 * header checksum, block sizes, block checksums, the content checksum, and the content size
 * against what was decoded. Any failure is a {@link Lz4StreamException} saying what is wrong and
 * at which input offset; an input that ends early says "truncated". {@link #read()} returns -1
 * only at the clean end of the last frame. Any failure latches: a format error, or an {@link
 * IOException} or unchecked exception of the underlying stream (which passes through as it is),
 * makes every later call ({@code read}, {@code skip}, {@code available}) throw an {@link
 * IOException} whose cause is the first failure; {@code close()} still closes the underlying
 * stream, once, and returns normally. Reads of the underlying stream that return 0 bytes are
 * retried, at most {@value SourceReader#MAX_EMPTY_READS} times in a row (then the input counts as
 * truncated); an interrupt during them ends them with {@code InterruptedIOException}.
 *
 * <p>Memory: at most one block (4 MB at most, 8 MB for legacy frames) plus its compressed form
 * and a 64 KB window; buffers grow with the blocks actually read (never by what a header
 * announces), so small frames stay small and a content size in the header allocates nothing. Limits
 * are in {@link Lz4FrameReadOptions}. Reads the underlying stream only as far as the format
 * requires (no read-ahead); with {@link Lz4FrameReadOptions.Builder#singleFrame(boolean)} it stops
 * at the first frame's last byte. Not thread-safe.
 */
public final class Lz4FrameInputStream extends InputStream {
  private enum State { BETWEEN_FRAMES, FRAME, LEGACY, END }

  private final SourceReader src;
  private final FrameWalker walker;
  private final Lz4FrameReadOptions options;
  private final XxHash32 contentHash = XxHash32.create(XXH32_SEED);

  private State state = State.BETWEEN_FRAMES;
  private int frameCount;
  private long frameStart;
  private FrameHeader desc;
  private long frameDecoded;
  private int blockMax;
  private boolean linked;
  /** Where independent blocks are decoded in {@link #win}: after the dictionary, if any. */
  private int blockBase;

  /**
   * Decoded data; for linked blocks also the history window. Grows on demand up to {@link
   * #winCap}, sized by the blocks actually met, so small frames with 4 MB blocks stay small.
   */
  private byte[] win = new byte[0];
  private int winCap;
  private int wpos;
  private byte[] cbuf = new byte[0];
  private int outPos;
  private int outEnd;

  /** The total output limit, and the setting that set it, for messages. */
  private final long maxTotal;
  private final String maxTotalName;
  private long totalDecoded;

  private final FailureLatch latch = new FailureLatch("Lz4FrameInputStream");

  /** Reads with the default options ({@link Lz4FrameReadOptions#defaults()}). */
  public Lz4FrameInputStream(InputStream in) {
    this(in, Lz4FrameReadOptions.defaults());
  }

  /** Reads as {@code options} say. Reads nothing yet. */
  public Lz4FrameInputStream(InputStream in, Lz4FrameReadOptions options) {
    this(in, options, options.maxTotalOutputSize(), "Lz4FrameReadOptions.maxTotalOutputSize");
  }

  /** As the public constructor, with a total output limit set by {@code maxTotalName} (one-shot helpers). */
  Lz4FrameInputStream(InputStream in, Lz4FrameReadOptions options, long maxTotal, String maxTotalName) {
    this.src = new SourceReader(Objects.requireNonNull(in, "in"));
    this.options = Objects.requireNonNull(options, "options");
    this.walker = new FrameWalker(src, options.headerChecksum());
    this.maxTotal = maxTotal;
    this.maxTotalName = maxTotalName;
  }

  /** @return how many compressed bytes were consumed from the underlying stream so far */
  public long compressedBytesRead() {
    return src.offset();
  }

  /** @return the number of LZ4 and legacy frames started so far (skippable frames not counted) */
  public int framesRead() {
    return frameCount;
  }

  @Override
  public int read() throws IOException {
    ensureOpen();
    while (outPos == outEnd) {
      if (!fill()) {
        return -1;
      }
    }
    return win[outPos++] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    if (len == 0) {
      return 0;
    }
    while (outPos == outEnd) {
      if (!fill()) {
        return -1;
      }
    }
    int n = Math.min(len, outEnd - outPos);
    System.arraycopy(win, outPos, b, off, n);
    outPos += n;
    return n;
  }

  /**
   * Writes everything still to come to {@code out}, each decoded block straight from the stream's
   * own buffer: one copy fewer than a loop of {@link #read(byte[])} and {@code out.write} (the
   * {@code celer -d} path). {@code out} sees that buffer only during its {@code write} call and
   * must neither keep nor change it, as for {@link java.io.ByteArrayInputStream#transferTo}.
   * Failures of the decoding latch as for {@code read}; a failure of {@code out} surfaces as it
   * is and does not latch: what was not written stays readable.
   *
   * @return the number of bytes written
   */
  @Override
  public long transferTo(OutputStream out) throws IOException {
    Objects.requireNonNull(out, "out");
    ensureOpen();
    long total = 0;
    while (true) {
      while (outPos == outEnd) {
        if (!fill()) {
          return total;
        }
      }
      int n = outEnd - outPos;
      out.write(win, outPos, n);
      outPos += n;
      total += n;
    }
  }

  /** Skips decoded bytes, decoding as needed; returns fewer than {@code n} only at the end. */
  @Override
  public long skip(long n) throws IOException {
    ensureOpen();
    long done = 0;
    while (done < n) {
      if (outPos == outEnd && !fill()) {
        break;
      }
      int k = (int) Math.min(n - done, outEnd - outPos);
      outPos += k;
      done += k;
    }
    return done;
  }

  /** @return the decoded bytes that can be read without touching the underlying stream */
  @Override
  public int available() throws IOException {
    ensureOpen();
    return outEnd - outPos;
  }

  /**
   * Closes the underlying stream, unless {@link Lz4FrameReadOptions#closeUnderlying()} is off, and
   * returns normally, also after a failure (which every other call keeps reporting). Closing again
   * does nothing.
   *
   * @throws IOException only when the underlying stream's own {@code close()} fails (as it is), on
   *     the first call
   */
  @Override
  public void close() throws IOException {
    outPos = outEnd = 0;
    latch.closeInput(options.closeUnderlying() ? src.in() : null);
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("stream closed");
    }
  }

  /**
   * Advances the decoder by one step (a frame header, a block, a frame end). Any failure
   * latches.
   *
   * @return false at the clean end of the input
   */
  private boolean fill() throws IOException {
    try {
      switch (state) {
        case BETWEEN_FRAMES:
          return startFrame();
        case FRAME:
          readFrameBlock();
          return true;
        case LEGACY:
          readLegacyBlock();
          return true;
        default:
          return false;
      }
    } catch (IOException | Error e) {
      latch.fail(e);
      throw e;
    } catch (RuntimeException e) {
      if (src.threw(e)) {
        latch.fail(e); // the underlying stream's own unchecked failure passes through as it is
        throw e;
      }
      // Defensive: nothing hostile input does may escape as anything but an IOException.
      Lz4StreamException x = new Lz4StreamException(Kind.CORRUPT_BLOCK, src.offset(),
          "corrupted input near offset " + src.offset() + ": " + e, e);
      latch.fail(x);
      throw x;
    }
  }

  private boolean startFrame() throws IOException {
    while (walker.nextFrame()) {
      frameStart = walker.frameOffset();
      switch (walker.frameType()) {
        case LZ4:
          startLz4Frame(walker.header());
          return true;
        case LEGACY:
          frameCount++;
          frameDecoded = 0;
          blockMax = LEGACY_BLOCK_SIZE;
          linked = false;
          winCap = LEGACY_BLOCK_SIZE;
          wpos = blockBase = 0;
          state = State.LEGACY;
          return true;
        default:
          break; // skippable: the walker passes over it
      }
    }
    state = State.END;
    return false;
  }

  private void startLz4Frame(FrameHeader header) throws IOException {
    desc = header;
    frameCount++;
    if (desc.hasContentSize() && options.maxFrameContentSize() != Long.MAX_VALUE
        && Long.compareUnsigned(desc.contentSize(), options.maxFrameContentSize()) > 0) {
      throw new Lz4StreamException(Kind.LIMIT, frameStart,
          "frame at offset " + frameStart + " announces a content size of "
          + Long.toUnsignedString(desc.contentSize()) + " bytes, above the limit of "
          + options.maxFrameContentSize() + " (Lz4FrameReadOptions.maxFrameContentSize)");
    }
    byte[] dict = options.dictionaryFor(desc.hasDictId(), desc.dictId());
    if (desc.hasDictId() && dict == null) {
      throw new Lz4StreamException(Kind.BAD_HEADER, frameStart,
          "frame at offset " + frameStart + " needs the dictionary with ID "
          + Integer.toUnsignedString(desc.dictId()) + ", and none was given (Lz4FrameReadOptions.dictionary)");
    }
    blockMax = desc.blockSize().bytes();
    linked = !desc.blockIndependence();
    frameDecoded = 0;
    contentHash.reset();
    int dictLen = dict == null ? 0 : dict.length;
    // "Dictionary ID": the dictionary sits in front of the first block (linked blocks) or of every
    // block (independent blocks), so the decoder uses it in place as a prefix.
    winCap = linked ? WINDOW_SIZE + Math.max(blockMax, 4 * WINDOW_SIZE) : dictLen + blockMax;
    ensureWin(dictLen, 0);
    if (dict != null) {
      System.arraycopy(dict, 0, win, 0, dictLen);
    }
    wpos = blockBase = dictLen;
    outPos = outEnd = wpos;
    state = State.FRAME;
  }

  /**
   * Makes {@code win} at least {@code needed} bytes long (at most {@link #winCap}), keeping {@code
   * win[0, keep)}.
   */
  private void ensureWin(int needed, int keep) {
    if (win.length < needed) {
      byte[] w = new byte[Math.max(needed, (int) Math.min(winCap, 2L * win.length))];
      System.arraycopy(win, 0, w, 0, keep);
      win = w;
    }
  }

  private void ensureCbuf(int needed, int max) {
    if (cbuf.length < needed) {
      cbuf = new byte[Math.max(needed, (int) Math.min(max, 2L * cbuf.length))];
    }
  }

  /**
   * The most bytes a compressed block of {@code size} bytes can decode to, capped at {@code max}:
   * an LZ4 sequence turns at most 3 + e input bytes (token, offset, e length bytes) into at most
   * 19 + 255 e match bytes, and literals 1:1, so output never exceeds 255 times the input.
   */
  static int maxDecoded(int size, int max) {
    return (int) Math.min(max, 255L * size);
  }

  private void readFrameBlock() throws IOException {
    if (!walker.nextBlock()) {
      endFrame();
      return;
    }
    long blockOffset = walker.blockOffset();
    boolean stored = walker.blockStored();
    int size = walker.blockSize();
    if (linked) {
      if (wpos + blockMax > winCap) {
        int keep = Math.min(WINDOW_SIZE, wpos);
        System.arraycopy(win, wpos - keep, win, 0, keep);
        wpos = keep;
      }
    } else {
      wpos = blockBase;
    }
    if (stored) {
      ensureWin(wpos + size, wpos);
    } else {
      ensureCbuf(size, blockMax);
    }
    byte[] data = stored ? win : cbuf;
    int dataOff = stored ? wpos : 0;
    walker.readBlock(data, dataOff);
    if (walker.hasBlockChecksum() && options.verifyChecksums()) {
      int stored32 = walker.blockChecksum();
      int computed = XxHash32.hash(data, dataOff, size, XXH32_SEED);
      if (stored32 != computed) {
        long at = blockOffset + 4 + size;
        throw new Lz4StreamException(Kind.CHECKSUM, at, "block checksum mismatch at offset " + at + " (block at offset "
            + blockOffset + "): stored 0x" + Integer.toHexString(stored32) + ", computed 0x"
            + Integer.toHexString(computed));
      }
    }
    int n;
    if (stored) {
      n = size;
    } else {
      try {
        int hist = Math.min(WINDOW_SIZE, wpos);
        int room = maxDecoded(size, blockMax);
        ensureWin(wpos + room, wpos);
        n = BlockCodec.decompress(cbuf, 0, size, win, wpos, room, win, wpos - hist, hist);
      } catch (Lz4Exception e) {
        throw new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset,
            "corrupted block at offset " + blockOffset + " (data starts at offset "
            + (blockOffset + 4) + "): " + e.getMessage(), e);
      }
    }
    produced(n, blockOffset);
    if (options.verifyChecksums() && desc.contentChecksum()) {
      contentHash.update(win, wpos, n);
    }
    outPos = wpos;
    outEnd = wpos + n;
    if (linked) {
      wpos += n;
    }
  }

  private void produced(int n, long blockOffset) throws Lz4StreamException {
    frameDecoded += n;
    totalDecoded += n;
    if (frameDecoded > options.maxFrameContentSize()) {
      throw new Lz4StreamException(Kind.LIMIT, blockOffset,
          "frame at offset " + frameStart + " decodes to more than the limit of "
          + options.maxFrameContentSize() + " bytes (Lz4FrameReadOptions.maxFrameContentSize), at the block at offset "
          + blockOffset);
    }
    if (totalDecoded > maxTotal) {
      throw new Lz4StreamException(Kind.LIMIT, blockOffset, "decompressed size exceeds the limit of "
          + maxTotal + " bytes in total (" + maxTotalName + "), at the block at offset " + blockOffset
          + " (frame at offset " + frameStart + ")");
    }
    if (desc != null && desc.hasContentSize() && Long.compareUnsigned(frameDecoded, desc.contentSize()) > 0) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset, "content size mismatch: the frame at offset "
          + frameStart + " announces " + Long.toUnsignedString(desc.contentSize())
          + " bytes, but its blocks decode to more (block at offset " + blockOffset + ")");
    }
  }

  private void endFrame() throws IOException {
    long endMarkOffset = walker.blockOffset();
    if (desc.contentChecksum() && options.verifyChecksums()) {
      int stored32 = walker.contentChecksum();
      int computed = contentHash.digest();
      if (stored32 != computed) {
        throw new Lz4StreamException(Kind.CHECKSUM, endMarkOffset + 4, "content checksum mismatch at offset "
            + (endMarkOffset + 4) + " (frame at offset " + frameStart + "): stored 0x" + Integer.toHexString(stored32)
            + ", computed 0x" + Integer.toHexString(computed));
      }
    }
    if (desc.hasContentSize() && frameDecoded != desc.contentSize()) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, endMarkOffset, "content size mismatch: the frame at offset "
          + frameStart + " announces " + Long.toUnsignedString(desc.contentSize()) + " bytes, but decodes to "
          + frameDecoded);
    }
    desc = null;
    outPos = outEnd = 0;
    state = options.singleFrame() ? State.END : State.BETWEEN_FRAMES;
  }

  private void readLegacyBlock() throws IOException {
    if (!walker.nextBlock()) {
      // "Legacy frame", EndMark: the end of the input, or the next frame's magic number.
      outPos = outEnd = 0;
      state = options.singleFrame() ? State.END : State.BETWEEN_FRAMES;
      return;
    }
    long blockOffset = walker.blockOffset();
    int w = walker.blockSize();
    ensureCbuf(w, LEGACY_MAX_COMPRESSED);
    walker.readBlock(cbuf, 0);
    int n;
    try {
      int room = maxDecoded(w, LEGACY_BLOCK_SIZE);
      ensureWin(room, 0);
      n = BlockCodec.decompress(cbuf, 0, w, win, 0, room, null, 0, 0);
    } catch (Lz4Exception e) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset,
          "corrupted legacy block at offset " + blockOffset + ": " + e.getMessage(), e);
    }
    produced(n, blockOffset);
    outPos = 0;
    outEnd = n;
  }
}
