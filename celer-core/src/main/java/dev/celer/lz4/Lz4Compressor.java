package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import dev.celer.internal.Mem;
import dev.celer.internal.Ranges;
import dev.celer.internal.StatePool;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Compresses data into the LZ4 block format ({@code doc/lz4_Block_format.md}).
 *
 * <p>Obtain one from {@link Lz4#fastCompressor()}, {@link Lz4#fastCompressor(int)} or {@link
 * Lz4#highCompressor(int)}. Instances are immutable and <b>thread-safe</b>: one instance may be
 * shared by any number of threads. A call takes its working state (the hash tables) from a bounded
 * pool shared by all threads and gives it back when it returns, so a steady-state call allocates
 * nothing, on platform and virtual threads alike, and the memory kept between calls is bounded by
 * the pool's capacity (see {@code docs/security.md}), not by the number of threads (exceptions:
 * {@link #compress(byte[])}, which returns a new array, and dictionary compression with a
 * separate dictionary, see below).
 *
 * <p>The source and destination ranges must not overlap: when they lie in the same array (or in
 * heap buffers backed by the same array) and overlap, the call throws {@link
 * IllegalArgumentException} rather than write a block that does not decode. Two direct buffers
 * that view the same memory cannot be told apart on JDK 11 and 17 and are not detected; do not pass such
 * a pair.
 *
 * <p>A compressed block can be decoded only by a decoder that knows its compressed length, and
 * an upper bound of its decompressed length; see {@link Lz4Decompressor}. Output never exceeds
 * {@link Lz4#maxCompressedLength(int)} bytes.
 *
 * <h2>Dictionaries and linked blocks</h2>
 *
 * The overloads that take {@code (byte[] dict, int dictOff, int dictLen)} compress a block that may
 * reference the dictionary as {@code lz4 -D} compresses each block of a frame ({@code
 * LZ4_attach_dictionary}, then {@code LZ4_compress_fast_continue}; the HC levels likewise), so that
 * a block is the {@code lz4} tool's bytes; decode it with the same dictionary ({@link
 * Lz4Decompressor#decompress(byte[], int, int, byte[], int, int, byte[], int, int)}). Only the
 * last 64 KB of a dictionary count. When {@code dict} is {@code src} itself and ends exactly where
 * the input starts ({@code dictOff + dictLen == srcOff}), the dictionary is a <i>prefix</i>: one
 * buffer with the input, as {@code LZ4_compress_fast_continue} sees linked blocks written one
 * after the other (a match may then also grow backwards from the input into the history). This is
 * how linked blocks are written from one window buffer, with no copying:
 *
 * <pre>{@code
 * // window[0, histLen) holds the previous data, window[histLen, histLen + n) the next block
 * int w = c.compress(window, histLen, n, out, 0, out.length, window, 0, histLen);
 * }</pre>
 *
 * Otherwise the dictionary is indexed again on every call (the high compressors also copy it and
 * the input into a pooled work buffer, kept between calls up to {@value #MAX_CACHED_WORK} bytes;
 * larger inputs allocate a temporary one). For many small blocks against one dictionary, prepare
 * it once with {@link Lz4Dictionary#of(byte[], int, int)} and use the overloads that take an
 * {@link Lz4Dictionary}: the same blocks, and the fast compressor then neither copies nor
 * re-indexes the dictionary, so a call costs about as much as compressing the block alone.
 *
 * <pre>{@code
 * Lz4Dictionary d = Lz4Dictionary.of(dictBytes);   // once; immutable, share it between threads
 * int w = c.compress(record, 0, record.length, out, 0, out.length, d);
 * // decode: Lz4.decompressor().decompress(out, 0, w, restored, 0, n, dictBytes, 0, dictBytes.length)
 * }</pre>
 *
 * For a sequence of linked blocks, {@link Lz4StreamCompressor} keeps track of the history for you.
 */
public abstract class Lz4Compressor {
  Lz4Compressor() {}

  /** The largest pooled work buffer kept for dictionary compression between calls. */
  static final int MAX_CACHED_WORK = 4 * 1024 * 1024 + WINDOW_SIZE;

  /** A growable scratch buffer for dictionary compression; pooled between calls. */
  static final class Work {
    byte[] bytes = new byte[0];
  }

  static final StatePool<Work> WORK = new StatePool<>(Work::new);

  /** One-element holders for the input consumed by {@link #compressDestSize(ByteBuffer, ByteBuffer)}. */
  private static final StatePool<int[]> CONSUMED = new StatePool<>(() -> new int[1]);

  /**
   * Compresses {@code src[srcOff, srcOff+srcLen)} into {@code dst} starting at {@code dstOff}.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written to {@code dst}
   * @throws Lz4Exception when the output would not fit into {@code maxDstLen} bytes (a {@code
   *     maxDstLen} of {@link Lz4#maxCompressedLength(int)} always suffices)
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
    return orThrow(tryCompress(src, srcOff, srcLen, dst, dstOff, maxDstLen), srcLen, maxDstLen);
  }

  /**
   * "Compress or reject": like {@link #compress(byte[], int, int, byte[], int, int)}, but returns
   * {@code -1} instead of throwing when the output would not fit, giving up as soon as a sequence
   * would cross the limit. Bytes of {@code dst} within the range may have been overwritten when it
   * gives up; nothing at or beyond {@code dstOff + maxDstLen} is ever written.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written, or {@code -1} when the block does not fit
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int tryCompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
    checkRanges(src.length, srcOff, srcLen, dst.length, dstOff, maxDstLen);
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, maxDstLen, "source and destination");
    return compressBlock(src, srcOff, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen);
  }

  /**
   * Compresses all of {@code src} into a new array of exactly the compressed length. Allocates
   * the result (and a scratch buffer of {@link Lz4#maxCompressedLength(int)} bytes).
   *
   * @param src the data to compress
   * @return a new array holding the compressed block
   */
  public final byte[] compress(byte[] src) {
    byte[] out = new byte[Lz4.maxCompressedLength(src.length)];
    int n = compress(src, 0, src.length, out, 0, out.length);
    return Arrays.copyOf(out, n);
  }

  /**
   * Compresses the remaining bytes of {@code src} (position to limit) into {@code dst} at its
   * position. On return {@code src}'s position is at its limit and {@code dst}'s position is
   * advanced by the number of bytes written. Heap and direct buffers are both accepted; neither
   * buffer's byte order matters, and their limits are not changed.
   *
   * @param src the data to compress
   * @param dst where the compressed block goes
   * @return the number of bytes written
   * @throws Lz4Exception when the output does not fit in {@code dst.remaining()}; positions are then unchanged
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int compress(ByteBuffer src, ByteBuffer dst) {
    return orThrow(tryCompress(src, dst), src.remaining(), dst.remaining());
  }

  /**
   * "Compress or reject" for buffers: as {@link #compress(ByteBuffer, ByteBuffer)}, but returns
   * {@code -1} (and leaves both positions unchanged) when the output does not fit.
   *
   * @param src the data to compress
   * @param dst where the compressed block goes
   * @return the number of bytes written, or {@code -1}
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int tryCompress(ByteBuffer src, ByteBuffer dst) {
    return tryCompressBuffers(src, dst, null);
  }

  /**
   * Compresses {@code src[srcOff, srcOff+srcLen)} into {@code dst} starting at {@code dstOff}, with
   * absolute indexes into the buffers: positions, limits and byte orders are neither used nor
   * changed, so one buffer may be shared by threads that compress from different ranges of it.
   * Indexes are checked against each buffer's limit (as the JDK's absolute bulk methods do). Heap,
   * direct, read-only and sliced buffers are accepted; the call allocates nothing.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written to {@code dst}
   * @throws Lz4Exception when the output would not fit into {@code maxDstLen} bytes
   * @throws IndexOutOfBoundsException when a range lies outside its buffer's limit
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int maxDstLen) {
    return orThrow(tryCompress(src, srcOff, srcLen, dst, dstOff, maxDstLen), srcLen, maxDstLen);
  }

  /**
   * "Compress or reject" with absolute indexes: as {@link #compress(ByteBuffer, int, int,
   * ByteBuffer, int, int)}, but returns {@code -1} instead of throwing when the output would not
   * fit (bytes of {@code dst} within the range may then have been overwritten).
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written, or {@code -1} when the block does not fit
   * @throws IndexOutOfBoundsException when a range lies outside its buffer's limit
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int tryCompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int maxDstLen) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    checkRanges(src.limit(), srcOff, srcLen, dst.limit(), dstOff, maxDstLen);
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + srcOff : srcOff;
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dstOff : dstOff;
    Ranges.checkApart(s, so, srcLen, d, d0, maxDstLen, "source and destination");
    return compressBlock(s, so, so, so + srcLen, d, d0, d0 + maxDstLen);
  }

  /**
   * The buffer overloads' common part: unwraps heap buffers to their arrays, compresses (with the
   * prepared dictionary when not null) and moves the positions on success.
   */
  private int tryCompressBuffers(ByteBuffer src, ByteBuffer dst, Lz4Dictionary dict) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int srcLen = src.remaining();
    checkInputSize(srcLen);
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + src.position() : src.position();
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dst.position() : dst.position();
    Ranges.checkApart(s, so, srcLen, d, d0, dst.remaining(), "source and destination");
    int n = dict == null || dict.length() == 0
        ? compressBlock(s, so, so, so + srcLen, d, d0, d0 + dst.remaining())
        : compressBlock(dict, s, so, so + srcLen, d, d0, d0 + dst.remaining());
    if (n >= 0) {
      src.position(src.limit());
      dst.position(dst.position() + n);
    }
    return n;
  }

  /**
   * Compresses a block that may reference a dictionary (the last 64 KB of {@code dict[dictOff,
   * dictOff+dictLen)}); see the class description for the zero-copy prefix case.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @param dict the dictionary (its last 64 KB count)
   * @param dictOff where the dictionary starts in {@code dict}
   * @param dictLen the dictionary's length in bytes
   * @return the number of bytes written
   * @throws Lz4Exception when the output would not fit into {@code maxDstLen} bytes
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int compress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen, byte[] dict, int dictOff, int dictLen) {
    return orThrow(tryCompress(src, srcOff, srcLen, dst, dstOff, maxDstLen, dict, dictOff, dictLen), srcLen, maxDstLen);
  }

  /**
   * "Compress or reject" with a dictionary: as {@link #compress(byte[], int, int, byte[], int, int,
   * byte[], int, int)}, but returns {@code -1} when the output would not fit.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @param dict the dictionary (its last 64 KB count)
   * @param dictOff where the dictionary starts in {@code dict}
   * @param dictLen the dictionary's length in bytes
   * @return the number of bytes written, or {@code -1}
   */
  public final int tryCompress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen, byte[] dict, int dictOff, int dictLen) {
    checkRanges(src.length, srcOff, srcLen, dst.length, dstOff, maxDstLen);
    Objects.checkFromIndexSize(dictOff, dictLen, dict.length);
    int hist = Math.min(dictLen, WINDOW_SIZE);
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, maxDstLen, "source and destination");
    Ranges.checkApart(dict, dictOff + dictLen - hist, hist, dst, dstOff, maxDstLen, "dictionary and destination");
    if (dict == src && dictOff + dictLen == srcOff) {
      return compressBlock(src, srcOff - hist, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen);
    }
    if (hist == 0) {
      return compressBlock(src, srcOff, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen);
    }
    return compressBlock(dict, dictOff + dictLen - hist, hist, src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen);
  }

  /**
   * Compresses a block that may reference a prepared dictionary: as {@link #compress(byte[], int,
   * int, byte[], int, int, byte[], int, int)} with the dictionary's bytes, but without re-indexing
   * the dictionary on every call (see {@link Lz4Dictionary}). The fast compressors read the
   * dictionary in place and allocate nothing; the high compressors copy it and the input into a
   * pooled work buffer, as the {@code byte[] dict} overloads do.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @param dict the dictionary (its last 64 KB count)
   * @return the number of bytes written
   * @throws Lz4Exception when the output would not fit into {@code maxDstLen} bytes
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int compress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen, Lz4Dictionary dict) {
    return orThrow(tryCompress(src, srcOff, srcLen, dst, dstOff, maxDstLen, dict), srcLen, maxDstLen);
  }

  /**
   * "Compress or reject" with a prepared dictionary: as {@link #compress(byte[], int, int, byte[],
   * int, int, Lz4Dictionary)}, but returns {@code -1} when the output would not fit.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @param dict the dictionary (its last 64 KB count)
   * @return the number of bytes written, or {@code -1}
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int tryCompress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen, Lz4Dictionary dict) {
    Objects.requireNonNull(dict, "dict");
    checkRanges(src.length, srcOff, srcLen, dst.length, dstOff, maxDstLen);
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, maxDstLen, "source and destination");
    if (dict.length() == 0) {
      return compressBlock(src, srcOff, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen);
    }
    return compressBlock(dict, src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen);
  }

  /**
   * Compresses the remaining bytes of {@code src} with a prepared dictionary into {@code dst} at
   * its position; positions move as with {@link #compress(ByteBuffer, ByteBuffer)}.
   *
   * @param src the data to compress
   * @param dst where the compressed block goes
   * @param dict the dictionary (its last 64 KB count)
   * @return the number of bytes written
   * @throws Lz4Exception when the output does not fit in {@code dst.remaining()}; positions are then unchanged
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int compress(ByteBuffer src, ByteBuffer dst, Lz4Dictionary dict) {
    return orThrow(tryCompress(src, dst, dict), src.remaining(), dst.remaining());
  }

  /**
   * "Compress or reject" for buffers with a prepared dictionary: as {@link #compress(ByteBuffer,
   * ByteBuffer, Lz4Dictionary)}, but returns {@code -1} (and leaves both positions unchanged) when
   * the output does not fit.
   *
   * @param src the data to compress
   * @param dst where the compressed block goes
   * @param dict the dictionary (its last 64 KB count)
   * @return the number of bytes written, or {@code -1}
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int tryCompress(ByteBuffer src, ByteBuffer dst, Lz4Dictionary dict) {
    return tryCompressBuffers(src, dst, Objects.requireNonNull(dict, "dict"));
  }

  /**
   * Destination-size mode ({@code LZ4_compress_destSize}): compresses as much of {@code src[srcOff,
   * srcOff+srcLen)} as fits into exactly {@code dstLen} bytes at {@code dst[dstOff]}, for
   * fixed-size pages. The output is one complete block that decodes to the first {@code
   * srcConsumed[0]} input bytes. It fills the page to within a few bytes whenever the input is long
   * enough. Allocates nothing.
   *
   * <pre>{@code
   * int[] consumed = new int[1];           // reusable
   * int w = c.compressDestSize(data, off, len, page, 0, page.length, consumed);
   * off += consumed[0]; len -= consumed[0];
   * }</pre>
   *
   * @param srcConsumed an array of at least one element; {@code srcConsumed[0]} receives the
   *     number of input bytes the block holds
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the compressed block goes
   * @param dstOff where the output starts in {@code dst}
   * @param dstLen how many bytes of {@code dst} to fill at most
   * @return the number of bytes written, {@code 0..dstLen}
   */
  public final int compressDestSize(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen, int[] srcConsumed) {
    checkRanges(src.length, srcOff, srcLen, dst.length, dstOff, dstLen);
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, dstLen, "source and destination");
    Objects.checkIndex(0, srcConsumed.length);
    return compressBlockDestSize(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + dstLen, srcConsumed);
  }

  /**
   * Destination-size mode for buffers: compresses as much of {@code src}'s remaining bytes as fits
   * into {@code dst.remaining()} bytes. {@code src}'s position advances by the input consumed,
   * {@code dst}'s by the bytes written. Allocates nothing.
   *
   * @param src the data to compress
   * @param dst where the compressed block goes
   * @return the number of bytes written
   * @see #compressDestSize(byte[], int, int, byte[], int, int, int[])
   */
  public final int compressDestSize(ByteBuffer src, ByteBuffer dst) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int srcLen = src.remaining();
    checkInputSize(srcLen);
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + src.position() : src.position();
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dst.position() : dst.position();
    Ranges.checkApart(s, so, srcLen, d, d0, dst.remaining(), "source and destination");
    int[] consumed = CONSUMED.acquire();
    try {
      int n = compressBlockDestSize(s, so, so + srcLen, d, d0, d0 + dst.remaining(), consumed);
      src.position(src.position() + consumed[0]);
      dst.position(dst.position() + n);
      return n;
    } finally {
      CONSUMED.release(consumed);
    }
  }

  /**
   * The hook every compressor implements; the public methods check arguments, unwrap buffers,
   * handle dictionaries and turn {@code -1} into an exception where they must.
   *
   * <p>Compresses {@code base[srcOff, srcEnd)} as one LZ4 block into {@code dst[dstOff,
   * dstLimit)}. The bytes {@code base[histStart, srcOff)} (at most 64 KB, possibly none) are
   * history that precedes the input: matches may reference them (dictionaries, linked blocks), but
   * they are not output. {@code base} and {@code dst} are each a {@code byte[]} or a {@code
   * ByteBuffer}, accessed through {@code dev.celer.internal.Mem}; all offsets are already checked.
   *
   * @return the number of bytes written, or {@code -1} as soon as the block cannot fit; never
   *     writes at or beyond {@code dstLimit}
   */
  abstract int compressBlock(Object base, int histStart, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit);

  /**
   * The prepared-dictionary hook: compresses {@code src[srcOff, srcEnd)} as one block that may
   * reference {@code dict}, as {@link #compressBlock(byte[], int, int, Object, int, int, Object,
   * int, int)} does with its bytes; the fast compressor overrides it to start from the prepared
   * table instead of indexing the dictionary again.
   *
   * @return the number of bytes written, or {@code -1} as soon as the block cannot fit
   */
  int compressBlock(Lz4Dictionary dict, Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit) {
    byte[] d = dict.bytes;
    return compressBlock(d, 0, d.length, src, srcOff, srcEnd, dst, dstOff, dstLimit);
  }

  /**
   * The dictionary hook: compresses {@code src[srcOff, srcEnd)} as one block that may reference
   * the dictionary {@code dict[dictStart, dictStart+dictLen)} (at most 64 KB, in another array
   * than the input), as {@code lz4 -D} compresses a block: {@code LZ4_attach_dictionary} or
   * {@code LZ4_attach_HC_dictionary} over the dictionary loaded alone, then {@code _continue} on
   * the input, which sees the dictionary as an external segment. This default copies the
   * dictionary and the input side by side into a pooled work buffer and compresses with the
   * dictionary as a prefix; the fast compressor overrides it with the C library's two-segment
   * search.
   *
   * @return the number of bytes written, or {@code -1} as soon as the block cannot fit
   */
  int compressBlock(byte[] dict, int dictStart, int dictLen, Object src, int srcOff, int srcEnd, Object dst, int dstOff,
      int dstLimit) {
    int srcLen = srcEnd - srcOff;
    Work holder = WORK.acquire();
    try {
      byte[] work = workBuffer(holder, dictLen + srcLen);
      System.arraycopy(dict, dictStart, work, 0, dictLen);
      Mem.copy(src, srcOff, work, dictLen, srcLen);
      return compressBlock(work, 0, dictLen, dictLen + srcLen, dst, dstOff, dstLimit);
    } finally {
      WORK.release(holder);
    }
  }

  /**
   * The destination-size hook: compresses as much of {@code base[srcOff, srcEnd)} (no history) as
   * fits into {@code dst[dstOff, dstLimit)}, storing the input consumed in {@code consumed[0]}.
   *
   * @return the number of bytes written
   */
  abstract int compressBlockDestSize(Object base, int srcOff, int srcEnd, Object dst, int dstOff, int dstLimit, int[] consumed);

  /**
   * A scratch buffer of at least {@code size} bytes: {@code holder}'s, grown if needed, or a
   * temporary one over {@link #MAX_CACHED_WORK} (see the class description).
   */
  static byte[] workBuffer(Work holder, int size) {
    if (size > MAX_CACHED_WORK) {
      return new byte[size];
    }
    byte[] w = holder.bytes;
    if (w.length < size) {
      // grow in steps so that slowly growing inputs do not reallocate each time
      w = new byte[Math.min(MAX_CACHED_WORK, Math.max(size, w.length * 2))];
      holder.bytes = w;
    }
    return w;
  }

  static void checkRanges(int srcCap, int srcOff, int srcLen, int dstCap, int dstOff, int dstLen) {
    Objects.checkFromIndexSize(srcOff, srcLen, srcCap);
    Objects.checkFromIndexSize(dstOff, dstLen, dstCap);
    checkInputSize(srcLen);
  }

  static void checkInputSize(int srcLen) {
    if (srcLen > Lz4.MAX_INPUT_SIZE) {
      throw new IllegalArgumentException(
          "input of " + srcLen + " bytes is over the LZ4 block limit of " + Lz4.MAX_INPUT_SIZE + " bytes");
    }
  }

  private static int orThrow(int n, int srcLen, int maxDstLen) {
    if (n < 0) {
      throw new Lz4Exception(
          "compressed block does not fit in " + maxDstLen + " bytes (input " + srcLen
              + " bytes; Lz4.maxCompressedLength(" + srcLen + ") = " + Lz4.maxCompressedLength(srcLen)
              + " always fits)");
    }
    return n;
  }
}
