package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import java.util.Arrays;
import java.util.Objects;

/**
 * Compresses a sequence of <i>linked</i> LZ4 blocks: each block may reference the 64 KB of data
 * before it in the sequence (the previous blocks, or a dictionary), as the C library's {@code
 * LZ4_compress_fast_continue} / {@code LZ4_compress_HC_continue} do and as linked blocks of an LZ4
 * frame require. Decode the blocks in the same order with an {@link Lz4StreamDecompressor} (reset
 * with the same dictionary, if any).
 *
 * <pre>{@code
 * Lz4StreamCompressor sc = Lz4.streamCompressor(Lz4.fastCompressor());
 * sc.reset(dict, 0, dict.length);          // optional
 * for (byte[] block : blocks) {
 *   int n = sc.compress(block, 0, block.length, out, 0, out.length);
 *   ...
 * }
 * }</pre>
 *
 * <p>The stream keeps its own window: each input block is copied once into it (after the last 64
 * KB of history), so the caller may reuse or change its input buffer as soon as a call returns.
 * History itself is not copied per block, only moved to the window's front when the window is
 * full. With the fast compressor the stream also keeps its hash table from block to block, as
 * {@code LZ4_compress_fast_continue} does, so the history is never indexed again, and the blocks
 * are the C library's bytes (for blocks of 64 KB and more: C keeps only the last block as history
 * where Celer keeps the last 64 KB of all blocks, which matters only for smaller blocks). The high
 * compressors index the history for each block and, as {@code lz4 -BD} does, see it as an external
 * dictionary (the first block after {@link #reset(byte[], int, int)} attaches the dictionary, as
 * {@code lz4 -D}), so their blocks are the C library's bytes too. Callers that keep the history themselves in one window buffer can avoid even the input
 * copy with the dictionary overloads of {@link Lz4Compressor} in their zero-copy prefix form.
 *
 * <p>On the native backend (Java 25+), the high compressors' blocks go to liblz4: at levels 1–9
 * with a state loaded over the 64 KB of history per block, at levels 10–12 in one liblz4 state kept
 * for the sequence, as {@code lz4 -BD} keeps one; {@link #close()} releases that state. Either way
 * the blocks are the pure-Java compressor's bytes.
 *
 * <p>Not thread-safe: one instance per sequence. The window (64 KB plus the largest block seen,
 * at least 256 KB) and, for the fast compressor, the 16 KB hash table are allocated on first use and
 * kept; steady-state calls allocate nothing.
 */
public final class Lz4StreamCompressor {
  /**
   * Above this, the table's indexes are rebased before the next block ({@code LZ4_renormDictT}
   * rebases at 2 GB of data; Java's int is signed, hence one byte less).
   */
  private static final int MAX_INDEX = 0x7FFFFFFF;

  private final Lz4Compressor compressor;
  /** The fast compressor, or {@code null}: the high compressors index the history per block. */
  private final Lz4FastCompressor fast;
  /** The HC compressor (pure Java), or {@code null}. */
  private final Lz4HighCompressor high;
  /** The native HC compressor, or {@code null}: it takes linked blocks with 64 KB of history. */
  private final Lz4NativeCompressor nativeHigh;
  /** Levels 10–12 on the native backend: one liblz4 state for the sequence, or {@code null}. */
  private final Lz4NativeLinkedHigh nativeLinked;
  /**
   * The HC compressor's state for this sequence (created on first use), kept from block to block as
   * {@code LZ4_streamHC_t} is: the optimal parser's output depends on the chains earlier blocks left.
   */
  private Lz4HighCompressor.Workspace highState;
  /** Whether the history is the dictionary {@link #reset(byte[], int, int)} gave, no block yet. */
  private boolean dictionaryNext;
  private byte[] window; // history then input
  private int histStart; // window[histStart, histEnd) is the history, at most 64 KB
  private int histEnd;
  /**
   * The fast compressor's hash table, kept from block to block as {@code LZ4_stream_t} keeps it:
   * 32-bit indexes counted from the start of the sequence ({@code currentOffset}).
   */
  private int[] table;
  /** The index of the next block's first byte. */
  private int nextIndex;

  Lz4StreamCompressor(Lz4Compressor compressor) {
    this.compressor = Objects.requireNonNull(compressor, "compressor");
    // the native fast compressor has no table to keep between blocks: linked blocks use the Java one
    Lz4Compressor blocks = compressor instanceof Lz4NativeCompressor ? ((Lz4NativeCompressor) compressor).java() : compressor;
    this.fast = blocks instanceof Lz4FastCompressor ? (Lz4FastCompressor) blocks : null;
    this.high = blocks instanceof Lz4HighCompressor ? (Lz4HighCompressor) blocks : null;
    this.nativeHigh = high != null && compressor instanceof Lz4NativeCompressor ? (Lz4NativeCompressor) compressor : null;
    this.nativeLinked = nativeHigh != null && Lz4NativeLinkedHigh.available(high) ? new Lz4NativeLinkedHigh(high) : null;
  }

  /** {@return the compressor that encodes each block} */
  public Lz4Compressor compressor() {
    return compressor;
  }

  /** Forgets all history: the next block is independent. */
  public void reset() {
    newHighSequence();
    histStart = 0;
    histEnd = 0;
    dictionaryNext = false;
    if (table != null) {
      Arrays.fill(table, 0);
    }
    nextIndex = 0;
  }

  /**
   * Forgets all history and starts from a dictionary: the next block may reference the last 64 KB
   * of {@code dict[off, off+len)}, which is copied (the caller may change it afterwards).
   *
   * @param dict the dictionary (its last 64 KB count)
   * @param off where the dictionary starts in {@code dict}
   * @param len the dictionary's length in bytes
   */
  public void reset(byte[] dict, int off, int len) {
    Objects.checkFromIndexSize(off, len, dict.length);
    int hist = Math.min(len, WINDOW_SIZE);
    ensureWindow(hist, 0);
    System.arraycopy(dict, off + len - hist, window, 0, hist);
    histStart = 0;
    histEnd = hist;
    dictionaryNext = hist > 0;
    newHighSequence();
    if (fast != null) {
      // LZ4_loadDict: the dictionary ends at index 64 KB, so an empty slot (0) is out of reach
      if (hist == 0) {
        reset();
      } else {
        ensureTable();
        Arrays.fill(table, 0);
        Lz4FastCompressor.indexDictionary(window, 0, hist, table);
        nextIndex = WINDOW_SIZE;
      }
    }
  }

  /**
   * Compresses the next block of the sequence.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written
   * @throws Lz4Exception when the output would not fit in {@code maxDstLen} bytes; the input is
   *     part of the history all the same
   */
  public int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
    int n = tryCompress(src, srcOff, srcLen, dst, dstOff, maxDstLen);
    if (n < 0) {
      throw new Lz4Exception("compressed block does not fit in " + maxDstLen + " bytes (input " + srcLen + " bytes)");
    }
    return n;
  }

  /**
   * "Compress or reject" for the next block: returns {@code -1} when the output would not fit. The
   * input becomes history either way, as when a frame writer then stores the block uncompressed
   * (a decoder also takes stored blocks into its history).
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written, or {@code -1}
   */
  public int tryCompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
    Lz4Compressor.checkRanges(src.length, srcOff, srcLen, dst.length, dstOff, maxDstLen);
    int hist = histEnd - histStart;
    ensureWindow(hist, srcLen);
    if (window.length - histEnd < srcLen) {
      // window full: move the history to the front
      System.arraycopy(window, histStart, window, 0, hist);
      histStart = 0;
      histEnd = hist;
    }
    System.arraycopy(src, srcOff, window, histEnd, srcLen);
    int end = histEnd + srcLen;
    int n;
    if (fast != null) {
      ensureTable();
      if (nextIndex > MAX_INDEX - srcLen) {
        rebase();
      }
      n = fast.compressLinked(table, nextIndex, window, histStart, histEnd, end, dst, dstOff, dstOff + maxDstLen);
      nextIndex += srcLen;
    } else if (nativeLinked != null) {
      n = nativeLinked.compress(highState(), window, histStart, histEnd, end, dst, dstOff, dstOff + maxDstLen, dictionaryNext);
    } else if (nativeHigh != null) {
      n = nativeHigh.compressLinkedHigh(highState(), window, histStart, histEnd, end, dst, dstOff, dstOff + maxDstLen,
          dictionaryNext);
    } else if (high != null) {
      n = high.compressLinked(highState(), window, histStart, histEnd, end, dst, dstOff, dstOff + maxDstLen, dictionaryNext);
    } else {
      n = compressor.compressBlock(window, histStart, histEnd, end, dst, dstOff, dstOff + maxDstLen);
    }
    dictionaryNext = false;
    histEnd = end;
    histStart = Math.max(histStart, end - WINDOW_SIZE);
    return n;
  }

  /**
   * For tests: moves the next block's index forward by {@code skip}, as if that much more data had
   * gone through, so that the rebase at 2 GB can be tested without 2 GB of data. The table keeps
   * its entries; a stale entry can only propose a candidate, which is checked against the bytes.
   */
  void skipIndexForTest(int skip) {
    nextIndex += skip;
  }

  private Lz4HighCompressor.Workspace highState() {
    if (highState == null) {
      highState = Lz4HighCompressor.newLinkedWorkspace();
    }
    return highState;
  }

  /** The next HC block starts a new sequence, with cleared tables as a new {@code LZ4_streamHC_t}. */
  private void newHighSequence() {
    if (highState != null) {
      highState.finder.breakLink(true);
    }
    if (nativeLinked != null) {
      nativeLinked.newSequence();
    }
  }

  /**
   * Ends the sequence and releases its state: the native backend's state of linked HC blocks at
   * levels 10–12 (one liblz4 {@code LZ4_streamHC_t}, about 256 KB, and its buffers) goes back to a
   * small pool. A compressor that is dropped without it frees that memory through the GC. The
   * compressor may be used again: as after {@link #reset()}, the next block starts a new,
   * independent sequence. Nothing to do for the other compressors; calling it again does nothing.
   */
  public void close() {
    reset();
  }

  /** For tests: how many blocks went to liblz4 in one state kept across the sequence (levels 10–12). */
  long nativeLinkedBlocksForTest() {
    return nativeLinked == null ? 0 : nativeLinked.nativeBlocks();
  }

  /** For tests: how many of those continued the chains the block before left. */
  long nativeContinuedBlocksForTest() {
    return nativeLinked == null ? 0 : nativeLinked.continuedBlocks();
  }

  private void ensureTable() {
    if (table == null) {
      table = new int[1 << Lz4FastCompressor.HASH_LOG];
    }
  }

  /**
   * {@code LZ4_renormDictT}: moves every index down so that the next block starts at 64 KB;
   * entries that would fall below 0 (more than 64 KB back anyway) become 0, out of reach.
   */
  private void rebase() {
    int delta = nextIndex - WINDOW_SIZE;
    for (int i = 0; i < table.length; i++) {
      table[i] = table[i] < delta ? 0 : table[i] - delta;
    }
    nextIndex = WINDOW_SIZE;
  }

  /** Makes sure the window can hold {@code hist} bytes of history followed by {@code srcLen} bytes. */
  private void ensureWindow(int hist, int srcLen) {
    long need = (long) WINDOW_SIZE + srcLen;
    if (window == null || window.length < need) {
      // room for several small blocks, so that moving the history is rare; big blocks move 64 KB
      // of history per block, which is little beside compressing them
      long size = Math.max(need, Math.min(Integer.MAX_VALUE - 16, WINDOW_SIZE + Math.max(srcLen, 4L * WINDOW_SIZE)));
      byte[] w = new byte[(int) Math.max(need, size)];
      if (window != null && hist > 0) {
        System.arraycopy(window, histStart, w, 0, hist);
      }
      window = w;
      histStart = 0;
      histEnd = hist;
    }
  }
}
