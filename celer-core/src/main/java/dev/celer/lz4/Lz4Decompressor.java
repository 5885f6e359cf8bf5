package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import dev.celer.internal.Ranges;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * Decodes the LZ4 block format ({@code doc/lz4_Block_format.md}) safely: every length and offset
 * in the input is checked, so malformed or hostile input gives an {@link Lz4Exception} that says
 * what is wrong and at which input offset (counted from the start of the block), never an
 * out-of-bounds access, a hang, or output bytes that this call did not write.
 *
 * <p>Obtain one from {@link Lz4#decompressor()}. Instances are stateless and <b>thread-safe</b>;
 * calls allocate nothing except {@link #decompress(byte[], int)}, which returns a new array.
 *
 * <p>The destination range ({@code dst[dstOff, dstOff+maxDstLen)}) is scratch space: besides the
 * reported output, bytes after it within the range may be overwritten (the decoder copies in
 * 8-byte steps where the range leaves room). Nothing outside the range is written.
 *
 * <p>The source and the destination range must not overlap: decoding writes ahead of input it has
 * not read yet (when the output starts after the input) or can overtake the input (when it starts
 * before it), so in-place decoding is not supported. Overlap in one array, in heap buffers backed
 * by one array, or in one buffer object throws {@link IllegalArgumentException}; two direct
 * buffers that view the same memory cannot be told apart on JDK 11 and 17 and are not detected.
 *
 * <h2>What a decoder accepts</h2>
 *
 * One contract, liblz4's, on both backends (pure Java and native): a full decode ({@code
 * decompress}) accepts exactly the blocks that {@code LZ4_decompress_safe} (with a dictionary:
 * {@code LZ4_decompress_safe_usingDict}) of lz4 1.9.4 and 1.10.0 accepts at the same capacity, and
 * returns the same length and bytes; everything else is an {@link Lz4Exception} naming the rule and
 * the input offset. The block format's "End of block conditions" ({@code doc/lz4_Block_format.md})
 * are applied as liblz4 applies them, against the end of the input and of the capacity {@code
 * maxDstLen} (not of the decoded length), so a block can fail at its exact size and decode with more
 * room:
 *
 * <ol start="0">
 *   <li>with a capacity of 0, only the empty block (the single token {@code 00}) decodes;
 *   <li>the last sequence is literals only and ends exactly at the end of the input ("The last
 *       sequence contains only literals"); its token's match nibble is not looked at;
 *   <li>literals that do not end the block leave at least 8 input bytes (an offset, a token and 5
 *       last literals), a match length's bytes leave at least 4, and a match ends at least 5 bytes
 *       before the end of the capacity ("The last 5 bytes of input are always literals");
 *   <li>literals that do not end the block end at least 12 bytes before the end of the capacity
 *       ("The last match must start at least 12 bytes before the end of block").
 * </ol>
 *
 * liblz4 decodes a sequence whose short literal run (length nibble below 15) starts at least 17
 * bytes before the end of the input and whose output starts at least 32 bytes before the end of the
 * capacity on a shortcut that does not test rules 2 and 3 after its literals, nor rule 2 after a
 * short match (nibble below 15) at least 8 bytes back in the output or a prefix; Celer accepts those
 * too. A match offset of 0 (invalid by the format) is decoded as zeros, as liblz4 does. {@link
 * #decompressExact decompressExact} follows {@code LZ4_decompress_fast}'s rules, stated against the
 * exact end instead: literals followed by a match end at least 12 bytes before it, a match at least
 * 5. A partial decode ({@code decompressPartial}) keeps its own contract: it stops once the target is
 * reached, applies no end-of-block rule, and rejects only what it reads that is malformed. A
 * differential fuzz target against liblz4 itself guards all of this (docs/security.md).
 *
 * <h2>Dictionaries and linked blocks</h2>
 *
 * A block compressed with a dictionary (see {@link Lz4Compressor}) decodes with the overloads that
 * take {@code (byte[] dict, int dictOff, int dictLen)}; only the last 64 KB of the dictionary
 * count. When {@code dict} is {@code dst} itself and ends exactly at {@code dstOff}, it is the
 * <i>prefix</i> case: the previous output in one window buffer, read in place. Otherwise the
 * dictionary is read where it is, without copying (it must not overlap the output range).
 *
 * <pre>{@code
 * // window[0, histLen) holds the previously decoded data
 * int n = d.decompress(block, 0, blockLen, window, histLen, window.length - histLen, window, 0, histLen);
 * }</pre>
 *
 * For a sequence of linked blocks, {@link Lz4StreamDecompressor} tracks the history for you.
 */
public abstract class Lz4Decompressor {
  Lz4Decompressor() {}

  /**
   * Decodes the block {@code src[srcOff, srcOff+srcLen)} (exactly one whole block) into {@code
   * dst} starting at {@code dstOff}, writing at most {@code maxDstLen} bytes.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code maxDstLen}
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
    Objects.checkFromIndexSize(srcOff, srcLen, src.length);
    Objects.checkFromIndexSize(dstOff, maxDstLen, dst.length);
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, maxDstLen, "source and destination");
    return decode(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + maxDstLen, dstOff, null, 0, 0, false);
  }

  /**
   * Decodes a block that was compressed with a dictionary: matches may reach into the last 64 KB
   * of {@code dict[dictOff, dictOff+dictLen)}. See the class description for the prefix case.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @param dict the dictionary (its last 64 KB count)
   * @param dictOff where the dictionary starts in {@code dict}
   * @param dictLen the dictionary's length in bytes
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code maxDstLen}
   * @throws IllegalArgumentException when a separate dictionary overlaps the output range
   */
  public final int decompress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen, byte[] dict, int dictOff, int dictLen) {
    return decodeWithDict(src, srcOff, srcLen, dst, dstOff, maxDstLen, dict, dictOff, dictLen, false);
  }

  /**
   * Decodes only the first {@code targetLen} bytes of the block, reading no more input than
   * needed for them: the way to read one record out of a larger compressed chunk ({@code
   * LZ4_decompress_safe_partial}). {@code dst} must have room for {@code targetLen} bytes at {@code
   * dstOff}. The input must hold at least the sequences that produce those bytes; the rest of the
   * block is neither read nor checked.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param targetLen how many decoded bytes are wanted, from the block's start
   * @return the number of bytes written: {@code targetLen}, or fewer when the block is shorter
   * @throws Lz4Exception when the part of the block it reads is malformed
   */
  public final int decompressPartial(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int targetLen) {
    Objects.checkFromIndexSize(srcOff, srcLen, src.length);
    Objects.checkFromIndexSize(dstOff, targetLen, dst.length);
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, targetLen, "source and destination");
    return decode(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + targetLen, dstOff, null, 0, 0, true);
  }

  /**
   * Partial decoding ({@link #decompressPartial(byte[], int, int, byte[], int, int)}) of a block
   * compressed with a dictionary.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param targetLen how many decoded bytes are wanted, from the block's start
   * @param dict the dictionary (its last 64 KB count)
   * @param dictOff where the dictionary starts in {@code dict}
   * @param dictLen the dictionary's length in bytes
   * @return the number of bytes written: {@code targetLen}, or fewer when the block is shorter
   */
  public final int decompressPartial(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int targetLen, byte[] dict, int dictOff, int dictLen) {
    return decodeWithDict(src, srcOff, srcLen, dst, dstOff, targetLen, dict, dictOff, dictLen, true);
  }

  /**
   * Decodes one block that must produce exactly {@code dstLen} bytes, when the block's compressed
   * length is not known: the block starts at {@code srcOff} and may be followed by other data in
   * {@code src[srcOff, srcOff+srcLen)}. Decoding stops at the literals that fill the output, so the
   * bytes after the block are never read; nothing outside either range is read or written. This
   * is the bounded replacement for {@code LZ4_decompress_fast} (which trusts the block and reads
   * past it on hostile input): pass the rest of the buffer as {@code srcLen}.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param dstLen the exact decoded length
   * @return the number of input bytes the block occupies (the compressed length)
   * @throws Lz4Exception when the block is malformed, decodes to more or fewer than {@code dstLen}
   *     bytes, or needs input beyond {@code srcLen}
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public final int decompressExact(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
    Objects.checkFromIndexSize(srcOff, srcLen, src.length);
    Objects.checkFromIndexSize(dstOff, dstLen, dst.length);
    return decodeExact(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + dstLen);
  }

  /**
   * {@link #decompressExact(byte[], int, int, byte[], int, int)} for buffers: decodes the block
   * at {@code src}'s position (within its remaining bytes) into exactly {@code dstLen} bytes at
   * {@code dst}'s position. On return {@code src}'s position is just after the block and {@code
   * dst}'s position is advanced by {@code dstLen}; on an exception both are unchanged. Heap and
   * direct buffers are both accepted; limits and byte orders are not changed.
   *
   * @param src the compressed block
   * @param dst where the decoded bytes go
   * @param dstLen the exact decoded length
   * @return the number of input bytes the block occupies
   * @throws Lz4Exception as the array form
   * @throws IndexOutOfBoundsException when {@code dstLen} is negative or exceeds {@code
   *     dst.remaining()}
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int decompressExact(ByteBuffer src, ByteBuffer dst, int dstLen) {
    Objects.checkFromIndexSize(0, dstLen, dst.remaining());
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + src.position() : src.position();
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dst.position() : dst.position();
    int read = decodeExact(s, so, so + src.remaining(), d, d0, d0 + dstLen);
    src.position(src.position() + read);
    dst.position(dst.position() + dstLen);
    return read;
  }

  /**
   * {@link #decompressExact(byte[], int, int, byte[], int, int)} with absolute indexes into
   * buffers: the block starts at {@code src[srcOff]} and lies within {@code src[srcOff,
   * srcOff+srcLen)}; it decodes into exactly {@code dst[dstOff, dstOff+dstLen)}. Positions, limits
   * and byte orders are neither used nor changed; indexes are checked against each buffer's limit.
   * Heap, direct, read-only and sliced buffers are accepted; the call allocates nothing.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param dstLen the exact decoded length
   * @return the number of input bytes the block occupies
   * @throws Lz4Exception as the array form
   * @throws IndexOutOfBoundsException when a range lies outside its buffer's limit
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int decompressExact(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int dstLen) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    Objects.checkFromIndexSize(srcOff, srcLen, src.limit());
    Objects.checkFromIndexSize(dstOff, dstLen, dst.limit());
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + srcOff : srcOff;
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dstOff : dstOff;
    return decodeExact(s, so, so + srcLen, d, d0, d0 + dstLen);
  }

  /**
   * Decodes the whole of {@code src} as one block that must decode to exactly {@code
   * originalLength} bytes.
   *
   * @param src the compressed block
   * @param originalLength the exact decoded length
   * @return a new array of {@code originalLength} bytes
   * @throws Lz4Exception when the block is malformed or its length is not {@code originalLength}
   *     (checked against the block's size before anything is allocated, so a hostile length does
   *     not allocate a huge array)
   * @throws IllegalArgumentException when {@code originalLength} is negative
   */
  public final byte[] decompress(byte[] src, int originalLength) {
    if (originalLength < 0) {
      throw new IllegalArgumentException("negative originalLength: " + originalLength);
    }
    // The length usually comes from an untrusted header: check it against what src can possibly
    // hold before allocating. A sequence of n input bytes expands at most about 255 times (each
    // length byte of 255 adds 255 output bytes); a token with a 2-byte offset adds at most 19.
    long maxPossible = 255L * src.length + 24;
    if (originalLength > maxPossible) {
      throw new Lz4Exception("declared length " + originalLength + " is impossible for a block of "
          + src.length + " bytes (at most " + maxPossible + ")");
    }
    byte[] out = new byte[originalLength];
    int n = decompress(src, 0, src.length, out, 0, originalLength);
    if (n != originalLength) {
      throw new Lz4Exception("block decodes to " + n + " bytes, expected " + originalLength);
    }
    return out;
  }

  /**
   * Decodes the remaining bytes of {@code src} (position to limit, one whole block) into {@code
   * dst} at its position, writing at most {@code dst.remaining()} bytes. On return {@code src}'s
   * position is at its limit and {@code dst}'s position is advanced by the bytes written. On an
   * exception both positions are unchanged. Heap and direct buffers are both accepted; limits and
   * byte orders are not changed.
   *
   * @param src the compressed block
   * @param dst where the decoded bytes go
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code dst.remaining()}
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int decompress(ByteBuffer src, ByteBuffer dst) {
    return decodeBuffers(src, dst, dst.remaining(), false);
  }

  /**
   * Decodes the block {@code src[srcOff, srcOff+srcLen)} (exactly one whole block) into {@code dst}
   * starting at {@code dstOff}, writing at most {@code maxDstLen} bytes, with absolute indexes into
   * the buffers: positions, limits and byte orders are neither used nor changed, so one buffer may
   * be shared by threads that decode different ranges of it. Indexes are checked against each
   * buffer's limit (as the JDK's absolute bulk methods do). Heap, direct, read-only and sliced
   * buffers are accepted; the call allocates nothing.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code maxDstLen}
   * @throws IndexOutOfBoundsException when a range lies outside its buffer's limit
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int maxDstLen) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    Objects.checkFromIndexSize(srcOff, srcLen, src.limit());
    Objects.checkFromIndexSize(dstOff, maxDstLen, dst.limit());
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + srcOff : srcOff;
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dstOff : dstOff;
    Ranges.checkApart(s, so, srcLen, d, d0, maxDstLen, "source and destination");
    return decode(s, so, so + srcLen, d, d0, d0 + maxDstLen, d0, null, 0, 0, false);
  }

  /**
   * As {@link #decompress(ByteBuffer, int, int, ByteBuffer, int, int)} for a block compressed with
   * a dictionary: matches may reach into the last 64 KB of {@code dict[dictOff, dictOff+dictLen)},
   * an absolute range checked against {@code dict}'s limit. When {@code dict} is {@code dst} (the
   * same buffer, or heap buffers over one array) and the range ends exactly at {@code dstOff}, it
   * is the prefix case of {@link #decompress(byte[], int, int, byte[], int, int, byte[], int, int)}:
   * the previous output of linked blocks, read in place. Otherwise the dictionary must not overlap
   * the output range (checked for one array or one buffer object, as for the source). Positions,
   * limits and byte orders are neither used nor changed; the call allocates nothing.
   *
   * @param src the compressed block
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dst where the decoded bytes go
   * @param dstOff where the output starts in {@code dst}
   * @param maxDstLen the most bytes that may be written to {@code dst}
   * @param dict the dictionary (its last 64 KB count), heap, direct or read-only
   * @param dictOff where the dictionary starts in {@code dict}
   * @param dictLen the dictionary's length in bytes
   * @return the number of bytes written
   * @throws Lz4Exception when the block is malformed or its output exceeds {@code maxDstLen}
   * @throws IndexOutOfBoundsException when a range lies outside its buffer's limit
   * @throws IllegalArgumentException when a separate dictionary or the source overlaps the output range
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public final int decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int maxDstLen,
      ByteBuffer dict, int dictOff, int dictLen) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    Objects.checkFromIndexSize(srcOff, srcLen, src.limit());
    Objects.checkFromIndexSize(dstOff, maxDstLen, dst.limit());
    Objects.checkFromIndexSize(dictOff, dictLen, dict.limit());
    return decodeDict(src.hasArray() ? src.array() : src, src.hasArray() ? src.arrayOffset() + srcOff : srcOff, srcLen,
        dst.hasArray() ? dst.array() : dst, dst.hasArray() ? dst.arrayOffset() + dstOff : dstOff, maxDstLen,
        dict.hasArray() ? dict.array() : dict, dict.hasArray() ? dict.arrayOffset() + dictOff : dictOff, dictLen,
        false);
  }

  /**
   * Partial decoding for buffers: decodes the first {@code targetLen} bytes of the block in {@code
   * src}'s remaining bytes into {@code dst} at its position (which must have that much room). On
   * return {@code src}'s position is at its limit and {@code dst}'s position is advanced by the
   * bytes written; on an exception both are unchanged.
   *
   * @param src the compressed block
   * @param dst where the decoded bytes go
   * @param targetLen how many decoded bytes are wanted, from the block's start
   * @return the number of bytes written: {@code targetLen}, or fewer when the block is shorter
   * @throws IndexOutOfBoundsException when {@code targetLen} exceeds {@code dst.remaining()}
   */
  public final int decompressPartial(ByteBuffer src, ByteBuffer dst, int targetLen) {
    Objects.checkFromIndexSize(0, targetLen, dst.remaining());
    return decodeBuffers(src, dst, targetLen, true);
  }

  private int decodeBuffers(ByteBuffer src, ByteBuffer dst, int room, boolean partial) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    Object s = src.hasArray() ? src.array() : src;
    int so = src.hasArray() ? src.arrayOffset() + src.position() : src.position();
    Object d = dst.hasArray() ? dst.array() : dst;
    int d0 = dst.hasArray() ? dst.arrayOffset() + dst.position() : dst.position();
    Ranges.checkApart(s, so, src.remaining(), d, d0, room, "source and destination");
    int n = decode(s, so, so + src.remaining(), d, d0, d0 + room, d0, null, 0, 0, partial);
    src.position(src.limit());
    dst.position(dst.position() + n);
    return n;
  }

  private int decodeWithDict(
      byte[] src,
      int srcOff,
      int srcLen,
      byte[] dst,
      int dstOff,
      int dstLen,
      byte[] dict,
      int dictOff,
      int dictLen,
      boolean partial) {
    Objects.checkFromIndexSize(srcOff, srcLen, src.length);
    Objects.checkFromIndexSize(dstOff, dstLen, dst.length);
    Objects.checkFromIndexSize(dictOff, dictLen, dict.length);
    return decodeDict(src, srcOff, srcLen, dst, dstOff, dstLen, dict, dictOff, dictLen, partial);
  }

  /**
   * The dictionary decode over arrays or buffers (bases as {@link #decode} takes them), offsets
   * already checked: the prefix case when {@code dict} is {@code dst} and ends at {@code dstOff},
   * else an external dictionary apart from the output range.
   */
  private int decodeDict(Object src, int srcOff, int srcLen, Object dst, int dstOff, int dstLen, Object dict,
      int dictOff, int dictLen, boolean partial) {
    int hist = Math.min(dictLen, WINDOW_SIZE);
    int histOff = dictOff + dictLen - hist;
    Ranges.checkApart(src, srcOff, srcLen, dst, dstOff, dstLen, "source and destination");
    if (dict == dst && dictOff + dictLen == dstOff) {
      return decode(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + dstLen, histOff, null, 0, 0, partial);
    }
    Ranges.checkApart(dict, histOff, hist, dst, dstOff, dstLen, "dictionary and destination");
    return decode(src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + dstLen, dstOff, dict, histOff, hist, partial);
  }

  /**
   * The decoder hook: decodes {@code src[srcOff, srcEnd)} into {@code dst[dstOff, dstEnd)}, with
   * history {@code dst[prefixStart, dstOff)} preceded by {@code ext[extOff, extOff+extLen)}.
   * Offsets are already checked against their bases.
   *
   * @param partial stop once {@code dstEnd} is reached, reading no further
   * @return the number of bytes written
   */
  abstract int decode(
      Object src,
      int srcOff,
      int srcEnd,
      Object dst,
      int dstOff,
      int dstEnd,
      int prefixStart,
      Object ext,
      int extOff,
      int extLen,
      boolean partial);

  /**
   * The exact-length decoder hook: decodes a block that fills {@code dst[dstOff, dstEnd)} exactly
   * and starts at {@code srcOff}, reading nothing after it and nothing at or past {@code srcEnd}.
   * Offsets are already checked against their bases.
   *
   * @return the number of input bytes the block occupies
   */
  abstract int decodeExact(Object src, int srcOff, int srcEnd, Object dst, int dstOff, int dstEnd);
}
