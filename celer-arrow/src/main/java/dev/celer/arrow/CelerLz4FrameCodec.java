package dev.celer.arrow;

import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4Level;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.AbstractCompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/**
 * Arrow's {@code LZ4_FRAME} buffer compression on Celer's LZ4 frame codec, working directly on
 * Arrow's memory: each buffer's bytes are handed to {@link Lz4Frame#compress(ByteBuffer, ByteBuffer,
 * Lz4FrameOptions)} and {@link Lz4Frame#decompress(ByteBuffer, ByteBuffer, Lz4FrameReadOptions)}
 * as direct {@code ByteBuffer}s over the {@link ArrowBuf}s ({@link ArrowBuf#nioBuffer(long, int)}),
 * with no copy through a {@code byte[]}; on JDK 25+ the native backend runs on that memory.
 *
 * <p>The layout is Arrow's ({@code format/Message.fbs}, {@code BodyCompression}; kept by {@link
 * AbstractCompressionCodec}): an 8-byte little-endian uncompressed length, then one LZ4 frame;
 * length {@code -1} and the raw bytes for a buffer whose frame would be longer than the buffer.
 * An empty buffer is written as an empty buffer, no length and no frame, as Arrow C++ (pyarrow)
 * writes it: Arrow Java's own codecs write the length 0 and no frame instead, which Arrow C++
 * 26 rejects ("Lz4 compressed input contains less than one frame"); both forms are read.
 *
 * <p>Frames written: independent blocks of at most {@link #DEFAULT_BLOCK_SIZE} (or the factory's
 * block size), the content size in the header (the buffer's length), no block or content
 * checksum. Frames read: any LZ4 frame (pyarrow writes linked 64 KB blocks without a content
 * size), concatenated frames included, checksums verified when present.
 *
 * <p>Hostile input: the declared length (the 8-byte prefix) is checked before anything is
 * allocated, against what the frame could decode to (at most 255 bytes per compressed byte, the
 * LZ4 block format's limit) and against the content size the frame header declares; the output
 * buffer then has exactly the declared length, and decoding stops at its end. Its memory comes from
 * a {@link DecodedBufferPool} (reused after Arrow releases a decompressed buffer) and is returned
 * only once every byte of it was decoded. Every malformed,
 * truncated or lying input fails with an {@link IllegalArgumentException} (Arrow's type for bad
 * buffers, a {@code RuntimeException} as Arrow's own codecs throw) whose cause is Celer's {@link
 * Lz4StreamException} (what was wrong, and the offset in the frame) or {@link Lz4Exception}; the output buffer is released and the compressed buffer left to its owner, as
 * {@link AbstractCompressionCodec#decompress} expects.
 *
 * <p>Immutable and thread-safe.
 */
final class CelerLz4FrameCodec extends AbstractCompressionCodec {

  /**
   * The block size written by default: 4 MB, lz4's own default. Measured on the benchmark table
   * (docs/arrow.md, "Block size"; buffers of 256 KB to 16 MB): the smallest file (0.06% larger
   * than pyarrow's linked 64 KB blocks), with 1 MB as fast; 64 KB blocks made the file 2.2%
   * larger and reading it twice as slow.
   */
  static final Lz4FrameOptions.BlockSize DEFAULT_BLOCK_SIZE = Lz4FrameOptions.BlockSize.SIZE_4MB;

  /**
   * How many bytes one compressed byte can decode to at most: a match's length is extended by 255
   * per byte of the LZ4 block format ({@code doc/lz4_Block_format.md}, "Token").
   */
  static final long MAX_EXPANSION = 255;

  private static final long PREFIX = CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;

  /** Checksums verified when present; legacy frames and dictionaries have no place in Arrow. */
  private static final Lz4FrameReadOptions READ = Lz4FrameReadOptions.defaults();

  private final Lz4FrameOptions options;
  private final DecodedBufferPool pool;

  CelerLz4FrameCodec(Lz4Level level, Lz4FrameOptions.BlockSize blockSize, DecodedBufferPool pool) {
    this.pool = pool;
    this.options = Lz4FrameOptions.builder()
        .level(level)
        .blockSize(blockSize)
        .linkedBlocks(false)
        .blockChecksum(false)
        .contentChecksum(false)
        .build();
  }

  /** @return the frame options this codec writes with (the content size is set per buffer) */
  Lz4FrameOptions options() {
    return options;
  }

  @Override
  public CompressionUtil.CodecType getCodecType() {
    return CompressionUtil.CodecType.LZ4_FRAME;
  }

  /** As Arrow's, except that an empty buffer stays empty (see the class comment). */
  @Override
  public ArrowBuf compress(BufferAllocator allocator, ArrowBuf uncompressed) {
    if (uncompressed.writerIndex() == 0) {
      uncompressed.close();
      return allocator.getEmpty();
    }
    return super.compress(allocator, uncompressed);
  }

  @Override
  protected ArrowBuf doCompress(BufferAllocator allocator, ArrowBuf uncompressed) {
    long length = uncompressed.writerIndex();
    if (length > Integer.MAX_VALUE - 4096) { // a frame's bound must fit in an int, as a ByteBuffer's size
      throw new IllegalArgumentException("LZ4_FRAME: a buffer of " + length
          + " bytes is beyond what one ByteBuffer frame can hold (2 GiB)");
    }
    int n = (int) length;
    Lz4FrameOptions o = options.toBuilder().contentSize(n).build();
    int bound = Lz4Frame.maxCompressedLength(n, o);
    ArrowBuf compressed = allocator.buffer(PREFIX + bound);
    try {
      int written = Lz4Frame.compress(uncompressed.nioBuffer(0, n), compressed.nioBuffer(PREFIX, bound), o);
      compressed.writerIndex(PREFIX + written);
      return compressed;
    } catch (RuntimeException | Error e) {
      compressed.close();
      throw e;
    }
  }

  @Override
  protected ArrowBuf doDecompress(BufferAllocator allocator, ArrowBuf compressed) {
    long declared = readUncompressedLength(compressed);
    long frameLength = compressed.writerIndex() - PREFIX;
    ByteBuffer src = checkedSource(compressed, declared, frameLength);
    ArrowBuf out = pool.buffer(allocator, declared); // exactly the declared length, filled below
    try {
      ByteBuffer dst = out.nioBuffer(0, (int) declared);
      int n;
      try {
        n = Lz4Frame.decompress(src, dst, READ);
      } catch (Lz4StreamException | Lz4Exception e) {
        throw failure("the frame of " + frameLength + " bytes does not decode to the " + declared
            + " bytes its prefix declares: " + e.getMessage(), e);
      }
      if (n != declared) {
        throw failure("the frame decodes to " + n + " bytes, its prefix declares " + declared, null);
      }
      out.writerIndex(declared);
      return out;
    } catch (RuntimeException | Error e) {
      out.close();
      throw e;
    }
  }

  /**
   * The frame of {@code compressed} as a direct buffer, once {@code declared} has passed every
   * check that needs no allocation: positive, within a {@code ByteBuffer}, at most what {@code
   * frameLength} bytes can decode to, and equal to the frame header's content size when it has one.
   */
  private static ByteBuffer checkedSource(ArrowBuf compressed, long declared, long frameLength) {
    // 0 and -1 never get here (AbstractCompressionCodec handles them)
    if (declared < 0) {
      throw failure("the prefix declares a negative uncompressed length, " + declared, null);
    }
    if (frameLength > Integer.MAX_VALUE || declared > Integer.MAX_VALUE) {
      throw failure("a buffer of " + Math.max(frameLength, declared)
          + " bytes is beyond what one ByteBuffer frame can hold (2 GiB)", null);
    }
    if (declared > frameLength * MAX_EXPANSION) {
      throw failure("the prefix declares " + declared + " bytes, more than a frame of " + frameLength
          + " bytes can decode to (" + MAX_EXPANSION + " bytes per byte)", null);
    }
    ByteBuffer src = compressed.nioBuffer(PREFIX, (int) frameLength);
    long contentSize = Lz4Frame.declaredContentSize(src, READ);
    if (contentSize >= 0 && contentSize != declared) {
      throw failure("the prefix declares " + declared + " bytes, the frame header " + contentSize, null);
    }
    return src;
  }

  /** Arrow's exception for a bad buffer, Celer's error (or a new one for {@code message}) as its cause. */
  private static IllegalArgumentException failure(String message, Exception cause) {
    Exception c = cause != null ? cause : new Lz4Exception(message);
    return new IllegalArgumentException("LZ4_FRAME buffer: " + message, c);
  }
}
