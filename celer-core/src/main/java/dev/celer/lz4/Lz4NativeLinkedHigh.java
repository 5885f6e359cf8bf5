package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.MIN_LENGTH;
import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import dev.celer.internal.NativeBackend;

/**
 * Linked HC blocks at the optimal levels (10–12) on the native backend, with one liblz4 {@code
 * LZ4_streamHC_t} kept for the whole sequence, as {@code lz4 -BD -12} keeps one (issue 22). The
 * optimal parser's chain swap reads the chains the earlier blocks left, so a state loaded per call
 * over the history (what levels 1–9 do, {@link Lz4NativeCompressor#compressLinkedHigh}) would give
 * other bytes; this keeps the state instead, fed as {@code LZ4F_compressUpdate} feeds it
 * ({@code LZ4_compress_HC_continue}, then {@code LZ4_saveDictHC}).
 *
 * <p>The blocks must be the pure-Java compressor's ({@link Lz4HighCompressor#compressLinked}) on
 * every sequence, so each block takes the way the pure-Java match finder would take: where it
 * continues its chains ({@link Lz4HcMatchFinder#continueExternal}: the previous block was numbered
 * by the finder, the history lies within it, the numbering stays below its restart point) liblz4
 * continues from its saved history; where the finder rebuilds them over the history ({@link
 * Lz4HcMatchFinder#resetExternal}) the history is loaded afresh ({@code LZ4_loadDictHC}); the
 * first block without history starts a zeroed state. The two blocks the pure-Java compressor does
 * not number, a block too short for a match (all literals) and a first block of 4 KB or less after
 * a dictionary (lz4 -D's dictCtx mode, whose chains the next block rebuilds anyway), are given to
 * it. This class mirrors the finder's bookkeeping for those decisions; {@code
 * NativeLinkedHighTest} compares the two compressors' blocks over many sequences.
 *
 * <p>Not thread-safe: one per {@link Lz4StreamCompressor}. The native state is released by {@link
 * #close()} (given to a small pool) or, if the stream is dropped, freed by the GC.
 */
final class Lz4NativeLinkedHigh {
  private final Lz4HighCompressor java;
  /** The native state of this sequence, or {@code null} before its first block. */
  private Object state;
  /** Mirror of {@link Lz4HcMatchFinder}: whether the next block may continue the chains. */
  private boolean linkable;
  /** Mirror: the length of the block the finder numbered last ({@code endIndex - prefixIdx}). */
  private int prevLen;
  /** Mirror: the finder's {@code endIndex} and {@code nextStart}. */
  private long endIndex;
  private long nextStart;
  /** How many blocks went to liblz4, and how many of them continued the previous one's chains (tests). */
  private long nativeBlocks;
  private long continuedBlocks;

  Lz4NativeLinkedHigh(Lz4HighCompressor java) {
    assert java.optimal();
    this.java = java;
    newSequence();
  }

  /** @return whether linked blocks at {@code java}'s level may go native this way */
  static boolean available(Lz4HighCompressor java) {
    return java.optimal() && NativeBackend.lz4() && NativeBackend.lz4HighNative(java.level()) && NativeBackend.lz4LinkedHigh();
  }

  /** A new sequence starts: a new state, as the finder's {@code breakLink(true)} clears its tables. */
  void newSequence() {
    close();
    linkable = false;
    prevLen = 0;
    endIndex = 0;
    nextStart = WINDOW_SIZE; // the finder's first index
  }

  /** Releases the native state (to the pool); the next block starts a new one. */
  void close() {
    Object s = state;
    state = null;
    if (s != null) {
      NativeBackend.lz4LinkedHighClose(s);
    }
  }

  /** @return how many blocks liblz4 compressed on this compressor (tests) */
  long nativeBlocks() {
    return nativeBlocks;
  }

  /** @return how many of {@link #nativeBlocks} continued the chains of the block before (tests) */
  long continuedBlocks() {
    return continuedBlocks;
  }

  /**
   * The next block, as {@link Lz4HighCompressor#compressLinked}: {@code window[histStart, srcOff)}
   * (at most 64 KB) is the history, {@code window[srcOff, srcEnd)} the block; {@code first}: the
   * history is the sequence's dictionary.
   *
   * @return the bytes written, or -1 when the block does not fit
   */
  int compress(Lz4HighCompressor.Workspace ws, byte[] window, int histStart, int srcOff, int srcEnd, byte[] dst, int dstOff, int dstLimit,
      boolean first) {
    int srcLen = srcEnd - srcOff;
    int hist = srcOff - histStart;
    int mode;
    if (srcLen < MIN_LENGTH) {
      // all literals, not numbered: the finder's next block rebuilds its chains
      linkable = false;
      return java.compressLinked(ws, window, histStart, srcOff, srcEnd, dst, dstOff, dstLimit, first);
    } else if (hist == 0) {
      number(srcLen);
      mode = 0; // FRESH
    } else if (first && srcLen <= Lz4HighCompressor.DICT_CTX_MAX) {
      // dictCtx mode, in Java (the finder was cleared for the new sequence, as Java's own would be)
      number(srcLen);
      linkable = false;
      return java.compressLinked(ws, window, histStart, srcOff, srcEnd, dst, dstOff, dstLimit, true);
    } else if (!first && linkable && hist <= prevLen && endIndex + srcLen <= Lz4HcMatchFinder.INDEX_RESTART) {
      assert state != null : "a numbered block left no native state";
      endIndex += srcLen;
      nextStart = endIndex + WINDOW_SIZE;
      mode = 2; // CONTINUE
      continuedBlocks++;
    } else {
      number((long) hist + srcLen);
      mode = 1; // RELOAD
    }
    linkable = true;
    prevLen = srcLen;
    if (state == null) {
      state = NativeBackend.lz4LinkedHighOpen(java.level());
    }
    int room = Math.min(dstLimit - dstOff, Lz4.maxCompressedLength(srcLen));
    int n = NativeBackend.lz4LinkedHighCompress(state, mode, window, histStart, srcOff, srcLen, dst, dstOff, room);
    nativeBlocks++;
    return n > 0 ? n : -1;
  }

  /** Mirror of {@link Lz4HcMatchFinder#reset}'s numbering for a window of {@code span} bytes. */
  private void number(long span) {
    if (nextStart + span > Lz4HcMatchFinder.INDEX_RESTART) {
      nextStart = WINDOW_SIZE;
    }
    endIndex = nextStart + span;
    nextStart = endIndex + WINDOW_SIZE;
  }
}
