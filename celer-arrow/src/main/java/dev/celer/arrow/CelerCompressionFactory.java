package dev.celer.arrow;

import dev.celer.lz4.Lz4Level;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.util.Objects;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/**
 * An Arrow Java {@link CompressionCodec.Factory} whose {@code LZ4_FRAME} codec is Celer's: IPC
 * files and streams (and Flight) compressed and read on Arrow's own memory, byte-compatible with
 * pyarrow / Arrow C++ and with Arrow Java's {@code CommonsCompressionFactory}. See {@code
 * docs/arrow.md}.
 *
 * <pre>{@code
 * new ArrowFileWriter(root, provider, channel, Map.of(), IpcOption.DEFAULT,
 *     CelerCompressionFactory.INSTANCE, CompressionUtil.CodecType.LZ4_FRAME);
 * new ArrowFileReader(channel, allocator, CelerCompressionFactory.INSTANCE);
 * }</pre>
 *
 * <p>Codec types:
 *
 * <ul>
 *   <li>{@code LZ4_FRAME}: Celer's frame codec, on the native backend (liblz4 through FFM) on JDK
 *       25+ with native access, pure Java elsewhere. The compression level is LZ4F's {@code
 *       compressionLevel}, as pyarrow reads it ({@link Lz4Level#of(int)}): 2 or less is the fast
 *       compressor (a negative level {@code -n} is acceleration {@code n + 1}), 3 to 12 is HC.
 *       {@link #createCodec(CodecType)} uses level {@value #DEFAULT_LEVEL}, pyarrow's default.
 *   <li>{@code ZSTD}: Arrow's own codec from {@code CommonsCompressionFactory} when {@code
 *       org.apache.arrow:arrow-compression} is on the class path; otherwise {@link
 *       #createCodec(CodecType)} throws an {@link IllegalArgumentException} that names it.
 *   <li>{@code NO_COMPRESSION}: Arrow's {@link NoCompressionCodec}.
 * </ul>
 *
 * <p>The jar registers this factory for {@link java.util.ServiceLoader}, so Arrow's readers built
 * without a factory ({@link CompressionCodec.Factory#INSTANCE}) read LZ4_FRAME through Celer
 * when no other registered factory comes first on the class path; pass {@link #INSTANCE} to be
 * sure (docs/arrow.md, "Which factory a reader uses").
 *
 * <p>Memory: a decompressed LZ4_FRAME buffer of 256 KB or more is decoded into memory that is
 * kept when Arrow releases the buffer, and reused for the next one of about its size (the buffers
 * of the next record batch), as pyarrow's memory pool does: fresh memory costs a page fault per 4
 * KB on first touch. The buffer is accounted to the reader's allocator as any other, for its
 * length; at most 64 MiB are kept free (system property {@value
 * DecodedBufferPool#KEPT_FREE_PROPERTY}, in bytes; {@code 0} turns the reuse off), until the JVM
 * exits: per class loader of celer-arrow, so set it to 0 where such loaders are discarded and made
 * again (application servers). See {@code docs/arrow.md}, "How the reuse works".
 *
 * <p>Thread-safe; so are its codecs.
 */
public final class CelerCompressionFactory implements CompressionCodec.Factory {

  /** The level {@link #createCodec(CodecType)} uses for LZ4_FRAME: pyarrow's (Arrow C++'s) default, 1. */
  public static final int DEFAULT_LEVEL = 1;

  /** The shared factory, with the default frame options ({@link CelerLz4FrameCodec}). */
  public static final CelerCompressionFactory INSTANCE = new CelerCompressionFactory();

  /** The artifact whose factory provides ZSTD. */
  static final String ZSTD_ARTIFACT = "org.apache.arrow:arrow-compression";

  private final Lz4FrameOptions.BlockSize blockSize;

  /**
   * The factory {@link java.util.ServiceLoader} instantiates; use {@link #INSTANCE} otherwise (the
   * two behave the same).
   */
  public CelerCompressionFactory() {
    this(CelerLz4FrameCodec.DEFAULT_BLOCK_SIZE);
  }

  private CelerCompressionFactory(Lz4FrameOptions.BlockSize blockSize) {
    this.blockSize = blockSize;
  }

  /**
   * A factory whose LZ4_FRAME codec writes another block size, for example:
   *
   * <pre>{@code
   * CompressionCodec.Factory f = CelerCompressionFactory.withBlockSize(Lz4FrameOptions.BlockSize.SIZE_1MB);
   * }</pre>
   *
   * @param size the block maximum size of the frames written
   * @return a factory whose LZ4_FRAME codec writes blocks of at most {@code size} (default {@link
   *     CelerLz4FrameCodec#DEFAULT_BLOCK_SIZE}); every block size reads back with any LZ4 frame
   *     reader
   */
  public static CelerCompressionFactory withBlockSize(Lz4FrameOptions.BlockSize size) {
    return new CelerCompressionFactory(Objects.requireNonNull(size, "size"));
  }

  /**
   * The codec of {@code codecType} at its default level.
   *
   * @return the codec of {@code codecType} at its default level (LZ4_FRAME: {@value #DEFAULT_LEVEL})
   */
  @Override
  public CompressionCodec createCodec(CodecType codecType) {
    switch (codecType) {
      case LZ4_FRAME:
        return new CelerLz4FrameCodec(Lz4Level.of(DEFAULT_LEVEL), blockSize, DecodedBufferPool.SHARED);
      case ZSTD:
        return commonsFactory().createCodec(codecType);
      case NO_COMPRESSION:
        return NoCompressionCodec.INSTANCE;
      default:
        throw new IllegalArgumentException("Compression type not supported: " + codecType);
    }
  }

  /**
   * @return the codec of {@code codecType} at {@code compressionLevel}: for LZ4_FRAME, LZ4F's
   *     {@code compressionLevel} (see the class comment); ZSTD passes it to Arrow's codec;
   *     NO_COMPRESSION ignores it
   */
  @Override
  public CompressionCodec createCodec(CodecType codecType, int compressionLevel) {
    switch (codecType) {
      case LZ4_FRAME:
        return new CelerLz4FrameCodec(Lz4Level.of(compressionLevel), blockSize, DecodedBufferPool.SHARED);
      case ZSTD:
        return commonsFactory().createCodec(codecType, compressionLevel);
      case NO_COMPRESSION:
        return NoCompressionCodec.INSTANCE;
      default:
        throw new IllegalArgumentException("Compression type not supported: " + codecType);
    }
  }

  /** Arrow's {@code CommonsCompressionFactory.INSTANCE}; arrow-compression is an optional dependency. */
  private static CompressionCodec.Factory commonsFactory() {
    CompressionCodec.Factory f = CommonsHolder.FACTORY;
    if (f == null) {
      throw new IllegalArgumentException("ZSTD needs Arrow's codec: add " + ZSTD_ARTIFACT
          + " (the version of your arrow-vector) to the class path; Celer provides LZ4_FRAME only");
    }
    return f;
  }

  /**
   * Links to the optional factory once, when ZSTD is first asked for: without arrow-compression
   * the reference below fails to link and the factory is {@code null}.
   */
  private static final class CommonsHolder {
    static final CompressionCodec.Factory FACTORY = find();

    private static CompressionCodec.Factory find() {
      try {
        return org.apache.arrow.compression.CommonsCompressionFactory.INSTANCE;
      } catch (LinkageError absent) {
        return null;
      }
    }
  }
}
