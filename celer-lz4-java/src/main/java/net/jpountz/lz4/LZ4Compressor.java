package net.jpountz.lz4;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Compresses data into the LZ4 block format: lz4-java's abstract compressor. The instances that
 * {@link LZ4Factory} returns are Celer's fast and HC compressors (the same bytes as liblz4 1.9.3/4,
 * and so as lz4-java's JNI instance); they are thread-safe and allocate nothing per call except
 * the methods that return a new array.
 *
 * <p>Subclasses implement the two range methods; the others are defined in terms of them.
 *
 * <pre>{@code
 * LZ4Compressor c = LZ4Factory.fastestInstance().fastCompressor();
 * byte[] block = c.compress(data);   // store data.length beside it
 * }</pre>
 */
public abstract class LZ4Compressor {

  /** For subclasses. */
  public LZ4Compressor() {}

  /**
   * {@return the largest compressed length of {@code length} bytes ({@code LZ4_compressBound})}
   *
   * @param length the input's length in bytes
   * @throws IllegalArgumentException when {@code length} is negative or too large for one block
   */
  public final int maxCompressedLength(int length) {
    return dev.celer.lz4.Lz4.maxCompressedLength(length);
  }

  /**
   * Compresses {@code src[srcOff, srcOff+srcLen)} into {@code dest[destOff, destOff+maxDestLen)}.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the compressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param maxDestLen the most bytes that may be written to {@code dest}
   * @return the compressed length
   * @throws LZ4Exception when the output does not fit into {@code maxDestLen} bytes
   * @throws ArrayIndexOutOfBoundsException when a range lies outside its array
   * @throws IllegalArgumentException when a length is negative
   */
  public abstract int compress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen);

  /**
   * The {@link ByteBuffer} form, with absolute offsets (checked against the capacities); neither
   * buffer's position or limit changes.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the compressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param maxDestLen the most bytes that may be written to {@code dest}
   * @return the compressed length
   */
  public abstract int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen);

  /**
   * Compresses into {@code dest} from {@code destOff} to its end.
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the compressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @return the compressed length
   */
  public final int compress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff) {
    return compress(src, srcOff, srcLen, dest, destOff, dest.length - destOff);
  }

  /**
   * Compresses all of {@code src} into {@code dest} from its start.
   *
   * @param src the data to compress
   * @param dest where the compressed bytes go
   * @return the compressed length
   */
  public final int compress(byte[] src, byte[] dest) {
    return compress(src, 0, src.length, dest, 0);
  }

  /**
   * {@return a new array holding the compressed form of {@code src[srcOff, srcOff+srcLen)}}
   *
   * @param src the data to compress
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   */
  public final byte[] compress(byte[] src, int srcOff, int srcLen) {
    byte[] out = new byte[maxCompressedLength(srcLen)];
    int n = compress(src, srcOff, srcLen, out, 0);
    return Arrays.copyOf(out, n);
  }

  /**
   * {@return a new array holding the compressed form of {@code src}}
   *
   * @param src the data to compress
   */
  public final byte[] compress(byte[] src) {
    return compress(src, 0, src.length);
  }

  /**
   * Compresses {@code src}'s remaining bytes into {@code dest} at its position; then {@code src}'s
   * position is its limit and {@code dest}'s position is after the compressed bytes.
   *
   * @param src the data to compress
   * @param dest where the compressed bytes go
   */
  public final void compress(ByteBuffer src, ByteBuffer dest) {
    int n = compress(src, src.position(), src.remaining(), dest, dest.position(), dest.remaining());
    src.position(src.limit());
    dest.position(dest.position() + n);
  }

  /**
   * @return the Celer compressor behind this one, or {@code null} for a compressor that is not
   *     Celer's (a caller's own subclass); the streams need it to hand blocks to Celer
   */
  dev.celer.lz4.Lz4Compressor celer() {
    return null;
  }

  /**
   * @return the level of Celer's frame options that selects the same compressor ({@link
   *     dev.celer.lz4.frame.Lz4FrameOptions.Builder#level(int)}); only for compressors whose {@link
   *     #celer()} is not null
   */
  int frameLevel() {
    throw new IllegalStateException("not a Celer compressor");
  }

  @Override
  public String toString() {
    return getClass().getSimpleName();
  }
}
