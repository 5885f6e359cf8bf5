package net.jpountz.lz4;

import java.nio.ByteBuffer;
import net.jpountz.util.ByteBufferUtils;
import net.jpountz.util.SafeUtils;

/**
 * Reads lz4-java's "block with length" layout ({@link LZ4CompressorWithLength}): a 4-byte
 * little-endian decoded length, then the LZ4 block. The declared length is untrusted: it is
 * checked against a maximum (by default 64 MiB, or the system property {@code
 * net.jpountz.lz4.LZ4DecompressorWithLength.maxDecompressedLength}, as in the fork), against the
 * destination's room, and, before a new array is allocated, against what the compressed bytes
 * can possibly expand to; a block that decodes to another length is refused. Thread-safe.
 *
 * <pre>{@code
 * LZ4DecompressorWithLength d = new LZ4DecompressorWithLength(LZ4Factory.fastestInstance().safeDecompressor());
 * byte[] data = d.decompress(block);  // what LZ4CompressorWithLength wrote
 * }</pre>
 */
public class LZ4DecompressorWithLength {
  private static final int HEADER = 4;

  /** The most a byte of LZ4 input can expand to (a run of 255-length bytes), rounded up. */
  private static final int MAX_RATIO = 255;

  private static final int DEFAULT_MAX_DECOMPRESSED_LENGTH =
      Integer.getInteger("net.jpountz.lz4.LZ4DecompressorWithLength.maxDecompressedLength", 64 << 20);

  private final LZ4FastDecompressor fastDecompressor;
  private final LZ4SafeDecompressor safeDecompressor;
  private final int maxDecompressedLength;

  /**
   * {@return the decoded length declared at the start of {@code src}}
   *
   * @param src the compressed data
   */
  public static int getDecompressedLength(byte[] src) {
    return getDecompressedLength(src, 0);
  }

  /**
   * {@return the decoded length declared at {@code src[srcOff]}}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   */
  public static int getDecompressedLength(byte[] src, int srcOff) {
    return SafeUtils.readIntLE(src, srcOff);
  }

  /**
   * {@return the decoded length declared at {@code src}'s position}
   *
   * @param src the compressed data
   */
  public static int getDecompressedLength(ByteBuffer src) {
    return getDecompressedLength(src, src.position());
  }

  /**
   * {@return the decoded length declared at absolute index {@code srcOff} of {@code src}}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   */
  public static int getDecompressedLength(ByteBuffer src, int srcOff) {
    return (src.get(srcOff) & 0xFF) | (src.get(srcOff + 1) & 0xFF) << 8 | (src.get(srcOff + 2) & 0xFF) << 16
        | src.get(srcOff + 3) << 24;
  }

  /**
   * Reads blocks with their length, declaring at most the default maximum.
   *
   * @param fastDecompressor decodes the block, which may be followed by other data
   */
  public LZ4DecompressorWithLength(LZ4FastDecompressor fastDecompressor) {
    this(fastDecompressor, DEFAULT_MAX_DECOMPRESSED_LENGTH);
  }

  /**
   * Reads blocks with their length, declaring at most {@code maxDecompressedLength} bytes.
   *
   * @param fastDecompressor decodes the block, which may be followed by other data
   * @param maxDecompressedLength the largest declared length accepted
   */
  public LZ4DecompressorWithLength(LZ4FastDecompressor fastDecompressor, int maxDecompressedLength) {
    SafeUtils.checkLength(maxDecompressedLength);
    this.fastDecompressor = fastDecompressor;
    this.safeDecompressor = null;
    this.maxDecompressedLength = maxDecompressedLength;
  }

  /**
   * Reads blocks with their length, declaring at most the default maximum.
   *
   * @param safeDecompressor decodes the block, which is all of the given source range
   */
  public LZ4DecompressorWithLength(LZ4SafeDecompressor safeDecompressor) {
    this(safeDecompressor, DEFAULT_MAX_DECOMPRESSED_LENGTH);
  }

  /**
   * Reads blocks with their length, declaring at most {@code maxDecompressedLength} bytes.
   *
   * @param safeDecompressor decodes the block, which is all of the given source range
   * @param maxDecompressedLength the largest declared length accepted
   */
  public LZ4DecompressorWithLength(LZ4SafeDecompressor safeDecompressor, int maxDecompressedLength) {
    SafeUtils.checkLength(maxDecompressedLength);
    this.fastDecompressor = null;
    this.safeDecompressor = safeDecompressor;
    this.maxDecompressedLength = maxDecompressedLength;
  }

  /**
   * {@return the compressed bytes read from the start of {@code src} into the start of {@code dest}}
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   */
  public int decompress(byte[] src, byte[] dest) {
    return decompress(src, 0, dest, 0);
  }

  /**
   * {@return the compressed bytes read (length included) from {@code src[srcOff]}}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   */
  public int decompress(byte[] src, int srcOff, byte[] dest, int destOff) {
    if (safeDecompressor != null) {
      return decompress(src, srcOff, src.length - srcOff, dest, destOff);
    }
    SafeUtils.checkRange(src, srcOff, 0);
    int len = header(src.length - srcOff, src, srcOff);
    SafeUtils.checkRange(dest, destOff, 0);
    fitsIn(len, dest.length - destOff);
    return fastDecompressor.decompress(src, srcOff + HEADER, dest, destOff, len) + HEADER;
  }

  /**
   * {@return with a safe decompressor, the decoded length (as lz4-java); with a fast one, the
   * compressed bytes read, length included}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   */
  public int decompress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff) {
    if (safeDecompressor == null) {
      return decompress(src, srcOff, dest, destOff);
    }
    SafeUtils.checkRange(src, srcOff, srcLen);
    int len = header(srcLen, src, srcOff);
    SafeUtils.checkRange(dest, destOff, 0);
    fitsIn(len, dest.length - destOff);
    exactly(len, safeDecompressor.decompress(src, srcOff + HEADER, srcLen - HEADER, dest, destOff, len));
    return len;
  }

  /**
   * {@return a new array with the block at the start of {@code src} decoded}
   *
   * @param src the compressed data
   */
  public byte[] decompress(byte[] src) {
    return decompress(src, 0);
  }

  /**
   * {@return a new array with the block at {@code src[srcOff]} decoded}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   */
  public byte[] decompress(byte[] src, int srcOff) {
    if (safeDecompressor != null) {
      return decompress(src, srcOff, src.length - srcOff);
    }
    SafeUtils.checkRange(src, srcOff, 0);
    int len = header(src.length - srcOff, src, srcOff);
    plausible(len, src.length - srcOff - HEADER);
    return fastDecompressor.decompress(src, srcOff + HEADER, len);
  }

  /**
   * {@return a new array with the block in {@code src[srcOff, srcOff+srcLen)} decoded}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   */
  public byte[] decompress(byte[] src, int srcOff, int srcLen) {
    if (safeDecompressor == null) {
      return decompress(src, srcOff);
    }
    SafeUtils.checkRange(src, srcOff, srcLen);
    int len = header(srcLen, src, srcOff);
    plausible(len, srcLen - HEADER);
    byte[] out = new byte[len];
    exactly(len, safeDecompressor.decompress(src, srcOff + HEADER, srcLen - HEADER, out, 0, len));
    return out;
  }

  /**
   * Decodes from {@code src}'s position into {@code dest}'s position; both positions move past
   * what was read and written.
   *
   * @param src the compressed data
   * @param dest where the decompressed bytes go
   */
  public void decompress(ByteBuffer src, ByteBuffer dest) {
    if (src.remaining() < HEADER) {
      throw tooShort(src.remaining());
    }
    int len = getDecompressedLength(src, src.position());
    fitsIn(len, dest.remaining());
    if (safeDecompressor == null) {
      int read = fastDecompressor.decompress(src, src.position() + HEADER, dest, dest.position(), len);
      src.position(src.position() + HEADER + read);
    } else {
      exactly(len, safeDecompressor.decompress(
          src, src.position() + HEADER, src.remaining() - HEADER, dest, dest.position(), len));
      src.position(src.limit());
    }
    dest.position(dest.position() + len);
  }

  /**
   * {@return the compressed bytes read from absolute index {@code srcOff}}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   */
  public int decompress(ByteBuffer src, int srcOff, ByteBuffer dest, int destOff) {
    if (safeDecompressor != null) {
      return decompress(src, srcOff, src.limit() - srcOff, dest, destOff);
    }
    ByteBufferUtils.checkRange(src, srcOff, 0);
    if (src.limit() - srcOff < HEADER) {
      throw tooShort(src.limit() - srcOff);
    }
    int len = getDecompressedLength(src, srcOff);
    ByteBufferUtils.checkRange(dest, destOff, 0);
    fitsIn(len, dest.capacity() - destOff);
    return fastDecompressor.decompress(src, srcOff + HEADER, dest, destOff, len) + HEADER;
  }

  /**
   * {@return with a safe decompressor, the decoded length (as lz4-java); with a fast one, the
   * compressed bytes read, length included}
   *
   * @param src the compressed data
   * @param srcOff where the input starts in {@code src}
   * @param srcLen the input's length in bytes
   * @param dest where the decompressed bytes go
   * @param destOff where the output starts in {@code dest}
   */
  public int decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff) {
    if (safeDecompressor == null) {
      return decompress(src, srcOff, dest, destOff);
    }
    ByteBufferUtils.checkRange(src, srcOff, srcLen);
    if (srcLen < HEADER) {
      throw tooShort(srcLen);
    }
    int len = getDecompressedLength(src, srcOff);
    ByteBufferUtils.checkRange(dest, destOff, 0);
    fitsIn(len, dest.capacity() - destOff);
    exactly(len, safeDecompressor.decompress(src, srcOff + HEADER, srcLen - HEADER, dest, destOff, len));
    return len;
  }

  /** Reads the declared length of an array source with {@code available} bytes from {@code off}. */
  private static int header(int available, byte[] src, int off) {
    if (available < HEADER) {
      throw tooShort(available);
    }
    return getDecompressedLength(src, off);
  }

  private static LZ4Exception tooShort(int len) {
    return new LZ4Exception("Compressed length " + len + " is too short for the 4-byte length prefix");
  }

  private static void fitsIn(int len, int room) {
    if (len < 0) {
      throw new LZ4Exception("Invalid decompressed length: " + len);
    }
    if (len > room) {
      throw new LZ4Exception("Decompressed length " + len + " exceeds destination length " + room);
    }
  }

  /** Checks a declared length before allocating for it. */
  private void plausible(int len, int compressedLen) {
    if (len < 0) {
      throw new LZ4Exception("Invalid decompressed length: " + len);
    }
    if (len > (long) compressedLen * MAX_RATIO) {
      throw new LZ4Exception("Decompressed length " + len + " exceeds maximum compression ratio of " + MAX_RATIO
          + " for compressed length " + compressedLen);
    }
    if (len > maxDecompressedLength) {
      throw new LZ4Exception("Decompressed length " + len + " exceeds configured maximum " + maxDecompressedLength);
    }
  }

  private static void exactly(int declared, int written) {
    if (written != declared) {
      throw new LZ4Exception("Decompressed " + written + " bytes, but length prefix declared " + declared);
    }
  }
}
