package dev.celer.bench;

/**
 * The LZ4 block operations the benchmarks time, over one implementation (see {@link Lz4Impl}).
 * A benchmark JVM only ever sees one implementation, so calls through this interface stay
 * monomorphic and are inlined.
 *
 * <p>Implementations are as thread-safe as the codec they wrap; the benchmarks use one per thread.
 */
public interface BlockCodec {
  /** Compresses one block; throws when it does not fit in {@code maxDstLen}. */
  int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen);

  /**
   * Compresses one block, or returns {@code -1} when it does not fit in {@code maxDstLen}: Celer's
   * {@code tryCompress}; for the peers a {@code compress} whose exception is caught, the way
   * callers of lz4-java have to do it.
   */
  int tryCompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen);

  /** Decompresses one whole block of {@code dstLen} bytes; returns the bytes written. */
  int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen);

  /** Decompresses the first {@code targetLen} bytes of one block. */
  default int decompressPartial(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int targetLen) {
    throw new UnsupportedOperationException("no partial decompression in this implementation");
  }

  /** Compresses one block that may reference {@code dict}; throws when it does not fit. */
  default int compress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen,
      byte[] dict, int dictOff, int dictLen) {
    throw new UnsupportedOperationException("no dictionary compression in this implementation");
  }

  /** Decompresses one whole block that was compressed with {@code dict}. */
  default int decompress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen,
      byte[] dict, int dictOff, int dictLen) {
    throw new UnsupportedOperationException("no dictionary decompression in this implementation");
  }
}
