package net.jpountz.lz4;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Decompresses an LZ4 block whose compressed length is known, into a destination of bounded size:
 * lz4-java's "safe" decompressor. The instances {@link LZ4Factory} returns are Celer's bounded
 * decoder: malformed input gives an {@link LZ4Exception}, never a read or write outside the given
 * ranges. Thread-safe; allocates nothing per call except the methods that return a new array.
 *
 * <pre>{@code
 * LZ4SafeDecompressor d = LZ4Factory.fastestInstance().safeDecompressor();
 * byte[] data = d.decompress(block, maxLength);   // trimmed to the decoded length
 * }</pre>
 */
@SuppressWarnings("deprecation")
public abstract class LZ4SafeDecompressor implements LZ4UnknownSizeDecompressor {

  /** For subclasses. */
  public LZ4SafeDecompressor() {}

  /**
   * Decodes the block {@code src[srcOff, srcOff+srcLen)} into {@code dest} at {@code destOff},
   * writing at most {@code maxDestLen} bytes.
   *
   * @return the number of bytes written
   * @throws LZ4Exception when the block is malformed or its output exceeds {@code maxDestLen}
   */
  @Override
  public abstract int decompress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen);

  /**
   * The {@link ByteBuffer} form, with absolute offsets; positions and limits do not change.
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   * @param maxDestLen the most bytes that may be written to {@code dest}
   * @return the number of bytes written
   */
  public abstract int decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen);

  /**
   * Decodes with room up to the end of {@code dest}.
   *
   * @return the number of bytes written
   */
  @Override
  public final int decompress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff) {
    return decompress(src, srcOff, srcLen, dest, destOff, dest.length - destOff);
  }

  /**
   * Decodes all of {@code src} into {@code dest} from its start.
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   * @return the number of bytes written
   */
  public final int decompress(byte[] src, byte[] dest) {
    return decompress(src, 0, src.length, dest, 0);
  }

  /**
   * {@return a new array with the decoded bytes (allocated at {@code maxDestLen}, trimmed when the
   * block is shorter)}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param maxDestLen the most bytes that may be written to {@code dest}
   */
  public final byte[] decompress(byte[] src, int srcOff, int srcLen, int maxDestLen) {
    byte[] out = new byte[maxDestLen];
    int n = decompress(src, srcOff, srcLen, out, 0, maxDestLen);
    return n == maxDestLen ? out : Arrays.copyOf(out, n);
  }

  /**
   * {@return a new array with all of {@code src} decoded (at most {@code maxDestLen} bytes)}
   *
   * @param src the compressed data
   * @param maxDestLen the most bytes that may be written to {@code dest}
   */
  public final byte[] decompress(byte[] src, int maxDestLen) {
    return decompress(src, 0, src.length, maxDestLen);
  }

  /**
   * Decodes {@code src}'s remaining bytes into {@code dest} at its position; then {@code src}'s
   * position is its limit and {@code dest}'s position is after the decoded bytes.
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   */
  public final void decompress(ByteBuffer src, ByteBuffer dest) {
    int n = decompress(src, src.position(), src.remaining(), dest, dest.position(), dest.remaining());
    src.position(src.limit());
    dest.position(dest.position() + n);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName();
  }
}
