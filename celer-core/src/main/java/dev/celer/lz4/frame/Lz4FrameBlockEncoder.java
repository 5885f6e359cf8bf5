package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Dictionary;
import dev.celer.lz4.Lz4StreamCompressor;
import java.util.Objects;

/**
 * Encodes one data block of an LZ4 frame ({@code doc/lz4_Frame_format.md} 1.6.x, "Data Blocks")
 * or of a legacy frame, exactly as {@link Lz4FrameOutputStream} does: the 4-byte size word
 * (high bit set when the block is stored uncompressed because compression did not shrink it), the
 * data, and the block checksum when the options ask for one. Legacy blocks are a size word and
 * always-compressed data.
 *
 * <p>This is the step to run on many threads for parallel compression of independent blocks
 * ({@code lz4 -T N}): cut the input into pieces of {@link #maxBlockSize()} bytes (only the last may
 * be shorter), {@link #encode} each piece on any thread, then hand the results in input order to
 * {@link Lz4FrameOutputStream#writeEncodedBlock}. The output is byte for byte what a single
 * stream writing the same input produces. Linked blocks cannot be encoded apart, so {@link
 * #of(Lz4FrameOptions)} rejects them.
 *
 * <p>Immutable and <b>thread-safe</b>: one instance may encode on many threads at once. {@link
 * #encode} allocates nothing (the compressor takes its state from a shared pool).
 *
 * <pre>{@code
 * Lz4FrameBlockEncoder enc = Lz4FrameBlockEncoder.of(Lz4FrameOptions.defaults());
 * byte[] block = new byte[enc.maxEncodedLength(len)];
 * int n = enc.encode(data, off, len, block, 0);          // on any thread
 * frameOut.writeEncodedBlock(block, 0, n, data, off, len); // in input order, on the writer's thread
 * }</pre>
 */
public final class Lz4FrameBlockEncoder {
  private final Lz4FrameOptions options;
  private final Lz4Compressor compressor;
  private final int maxBlockSize;
  /** The frame's dictionary prepared once, or {@code null}: independent blocks attach it. */
  private final Lz4Dictionary dict;

  private Lz4FrameBlockEncoder(Lz4FrameOptions options) {
    this.options = options;
    this.compressor = options.compressor();
    this.maxBlockSize = options.legacy() ? LEGACY_BLOCK_SIZE : options.blockSize().bytes();
    byte[] d = options.legacy() ? null : options.dictionaryNoCopy();
    this.dict = d == null || d.length == 0 ? null : Lz4Dictionary.of(d);
  }

  /**
   * {@return an encoder for blocks of frames written with {@code options}}
   *
   * @param options frame options with independent blocks (or legacy frames)
   * @throws IllegalArgumentException when {@code options} asks for linked blocks
   */
  public static Lz4FrameBlockEncoder of(Lz4FrameOptions options) {
    Objects.requireNonNull(options, "options");
    if (options.linkedBlocks() && !options.legacy()) {
      throw new IllegalArgumentException("linked blocks depend on each other and cannot be encoded apart");
    }
    return new Lz4FrameBlockEncoder(options);
  }

  /** Stream-internal: allows linked options, whose history the caller passes in. */
  static Lz4FrameBlockEncoder forStream(Lz4FrameOptions options) {
    return new Lz4FrameBlockEncoder(options);
  }

  /** {@return the options this encoder follows} */
  public Lz4FrameOptions options() {
    return options;
  }

  /** {@return the largest block content: the frame's block maximum size, or 8 MB for legacy frames} */
  public int maxBlockSize() {
    return maxBlockSize;
  }

  /**
   * {@return the largest {@link #encode} output for {@code contentLength} bytes of content}
   *
   * @param contentLength a block's content length in bytes
   */
  public int maxEncodedLength(int contentLength) {
    if (contentLength < 0 || contentLength > maxBlockSize) {
      throw new IllegalArgumentException("content length out of range 0.." + maxBlockSize + ": " + contentLength);
    }
    if (options.legacy()) {
      return 4 + Lz4.maxCompressedLength(contentLength);
    }
    return 4 + contentLength + (options.blockChecksum() ? 4 : 0);
  }

  /**
   * Encodes {@code src[off, off+len)} as one block into {@code dst} at {@code dstOff}.
   *
   * @param src the block's content
   * @param off where the content starts in {@code src}
   * @param len 1..{@link #maxBlockSize()}
   * @param dst must have room for {@link #maxEncodedLength(int) maxEncodedLength(len)} bytes
   * @param dstOff where the encoded block starts in {@code dst}
   * @return the number of bytes written
   * @throws IllegalArgumentException when {@code len} is out of range
   * @throws IndexOutOfBoundsException when a range lies outside its array
   */
  public int encode(byte[] src, int off, int len, byte[] dst, int dstOff) {
    Objects.checkFromIndexSize(off, len, src.length);
    if (len == 0) {
      throw new IllegalArgumentException("a block holds at least 1 byte");
    }
    Objects.checkFromIndexSize(dstOff, maxEncodedLength(len), dst.length);
    return encode(src, off, len, null, 0, 0, dst, dstOff);
  }

  /**
   * Encodes with explicit history {@code hist[histOff, histOff+histLen)} (may be empty), or, when
   * {@code hist} is {@code null}, as an independent block that references the frame's dictionary,
   * if any (prepared once, as {@code lz4 -D} attaches its dictionary to each block). Ranges are
   * already checked.
   */
  int encode(byte[] src, int off, int len, byte[] hist, int histOff, int histLen, byte[] dst, int dstOff) {
    assert len > 0 && len <= maxBlockSize;
    if (options.legacy()) {
      // "Legacy frame": all blocks are always compressed, even when compression is detrimental.
      int n = tryCompress(src, off, len, hist, histOff, histLen, dst, dstOff + 4, Lz4.maxCompressedLength(len));
      assert n > 0;
      Mem.putIntLE(dst, dstOff, n);
      return 4 + n;
    }
    // "Block Size": data that does not shrink is stored uncompressed, as the C library does
    // (it gives the compressor a budget of len - 1 bytes).
    int n = len > 1
        ? tryCompress(src, off, len, hist, histOff, histLen, dst, dstOff + 4, len - 1)
        : -1;
    return finish(n, src, off, len, dst, dstOff);
  }

  /**
   * Encodes the next block of a linked frame with {@code stream}, which holds the history (the
   * dictionary, then the previous blocks) and, for the fast levels, the hash table kept between
   * blocks as {@code LZ4F_compressBlock_continue} keeps it. Every block, a stored one too, goes
   * through the stream, so that it becomes history. Ranges are already checked.
   */
  int encodeLinked(Lz4StreamCompressor stream, byte[] src, int off, int len, byte[] dst, int dstOff) {
    assert len > 0 && len <= maxBlockSize && !options.legacy();
    return finish(stream.tryCompress(src, off, len, dst, dstOff + 4, len - 1), src, off, len, dst, dstOff);
  }

  /**
   * {@link #encode(byte[], int, int, byte[], int, int, byte[], int, int, byte[], int)} of an
   * independent block for {@code src} and {@code dst} both {@code byte[]} or both {@code
   * ByteBuffer} (absolute indexes): the one-shot frame calls on buffers. Without the frame's
   * dictionary, which only the {@code byte[]} form attaches.
   */
  int encode(Object src, int off, int len, Object dst, int dstOff) {
    assert len > 0 && len <= maxBlockSize && dict == null;
    if (options.legacy()) {
      int n = BlockCodec.tryCompress(compressor, src, off, len, dst, dstOff + 4, Lz4.maxCompressedLength(len));
      assert n > 0;
      Mem.putIntLE(dst, dstOff, n);
      return 4 + n;
    }
    int n = len > 1 ? BlockCodec.tryCompress(compressor, src, off, len, dst, dstOff + 4, len - 1) : -1;
    return finish(n, src, off, len, dst, dstOff);
  }

  /** Writes the size word (storing the block when {@code n < 0}) and the block checksum. */
  private int finish(int n, Object src, int off, int len, Object dst, int dstOff) {
    int word;
    if (n < 0) {
      Mem.copy(src, off, dst, dstOff + 4, len);
      n = len;
      word = len | BLOCK_UNCOMPRESSED_BIT;
    } else {
      word = n;
    }
    Mem.putIntLE(dst, dstOff, word);
    int end = dstOff + 4 + n;
    if (options.blockChecksum()) {
      // "Block checksum": XXH32 of the stored (raw) block data, seed 0.
      Mem.putIntLE(dst, end, FrameOneShot.xxh32(dst, dstOff + 4, n));
      end += 4;
    }
    return end - dstOff;
  }

  private int tryCompress(byte[] src, int off, int len, byte[] hist, int histOff, int histLen, byte[] dst,
      int dstOff, int maxDstLen) {
    if (hist == null) {
      return BlockCodec.tryCompress(compressor, src, off, len, dict, dst, dstOff, maxDstLen);
    }
    return BlockCodec.tryCompress(compressor, src, off, len, hist, histOff, histLen, dst, dstOff, maxDstLen);
  }
}
