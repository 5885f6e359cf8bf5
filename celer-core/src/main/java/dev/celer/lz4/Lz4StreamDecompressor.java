package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import java.util.Objects;

/**
 * Decodes a sequence of <i>linked</i> LZ4 blocks, made by an {@link Lz4StreamCompressor} or by the
 * C library's {@code _continue} functions: each block may reference the 64 KB of output before it
 * (the previous blocks' output, or a dictionary), as {@code LZ4_decompress_safe_continue} allows.
 *
 * <pre>{@code
 * Lz4StreamDecompressor sd = Lz4.streamDecompressor();
 * sd.reset(dict, 0, dict.length);          // optional, the compressor's dictionary
 * int n = sd.decompress(block, 0, blockLen, out, 0, out.length);
 * }</pre>
 *
 * <p>The output goes straight into the caller's buffer, which may be reused as soon as a call
 * returns: the stream keeps its own copy of the last 64 KB of output (each block's output is copied
 * once into a window; history is moved only when that window is full). A block that the producer
 * stored uncompressed (as LZ4 frames may) must be added to the history with {@link
 * #appendHistory(byte[], int, int)}. For zero-copy linked decoding into one window buffer, use the
 * dictionary overloads of {@link Lz4Decompressor} in their prefix form instead.
 *
 * <p>Not thread-safe: one instance per sequence. The window (a few hundred KB, 64 KB plus room for
 * the largest block) is allocated on first use and kept; steady-state calls allocate nothing. After
 * an exception the history is unchanged (the failed block is not part of it).
 */
public final class Lz4StreamDecompressor {
  private byte[] window;
  private int histStart; // window[histStart, histEnd) is the history, at most 64 KB
  private int histEnd;

  Lz4StreamDecompressor() {}

  /** Decodes each block: the native decoder when the backend is active (see {@link Lz4#backend()}). */
  private static final Lz4Decompressor DECODER = Lz4NativeDecompressor.best();

  /** Forgets all history: the next block is decoded as an independent one. */
  public void reset() {
    histStart = 0;
    histEnd = 0;
  }

  /**
   * Forgets all history and starts from the last 64 KB of {@code dict[off, off+len)} (copied).
   *
   * @param dict the dictionary (its last 64 KB count)
   * @param off where they start in {@code data}
   * @param len how many bytes to add
   */
  public void reset(byte[] dict, int off, int len) {
    reset();
    appendHistory(dict, off, len);
  }

  /**
   * Adds bytes to the history, as if a block had decoded to them (for stored blocks).
   *
   * @param data the bytes to add to the history
   * @param off where they start in {@code data}
   * @param len how many bytes to add
   */
  public void appendHistory(byte[] data, int off, int len) {
    Objects.checkFromIndexSize(off, len, data.length);
    int keep = Math.min(len, WINDOW_SIZE);
    append(data, off + len - keep, keep);
  }

  /**
   * Decodes the next block of the sequence into {@code dst[dstOff, dstOff+maxDstLen)}.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code maxDstLen}
   */
  public int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
    Objects.checkFromIndexSize(srcOff, srcLen, src.length);
    Objects.checkFromIndexSize(dstOff, maxDstLen, dst.length);
    int hist = histEnd - histStart;
    // the history is a separate dictionary here (the window): native when the backend is
    int n = DECODER.decode(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen, dstOff, window, histStart, hist, false);
    int keep = Math.min(n, WINDOW_SIZE);
    append(dst, dstOff + n - keep, keep);
    return n;
  }

  private void append(byte[] data, int off, int len) {
    int hist = histEnd - histStart;
    if (window == null) {
      window = new byte[4 * WINDOW_SIZE];
    }
    if (window.length - histEnd < len) {
      // move the part of the history that stays to the front
      int stay = Math.min(hist, WINDOW_SIZE - len);
      System.arraycopy(window, histEnd - stay, window, 0, Math.max(stay, 0));
      histStart = 0;
      histEnd = Math.max(stay, 0);
    }
    System.arraycopy(data, off, window, histEnd, len);
    histEnd += len;
    histStart = Math.max(histStart, histEnd - WINDOW_SIZE);
  }
}
