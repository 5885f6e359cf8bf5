package dev.celer.lz4;

import static dev.celer.lz4.Lz4Constants.WINDOW_SIZE;

import java.util.Arrays;
import java.util.Objects;

/**
 * A dictionary prepared once for compressing many small blocks (records, messages, pages) with
 * {@link Lz4Compressor#compress(byte[], int, int, byte[], int, int, Lz4Dictionary)}: the C
 * library's {@code LZ4_loadDict} done once and then attached to each block, as {@code
 * LZ4_attach_dictionary} does (lz4 1.9.4, {@code lib/lz4.c}). A block is the one {@code lz4 -D}
 * writes for the same input, and the one the {@code (byte[] dict, int dictOff, int dictLen)}
 * overloads give with the same dictionary bytes.
 *
 * <p>Only the last 64 KB of a dictionary count ({@code doc/lz4_Block_format.md}: an offset reaches
 * at most 65,535 bytes back), so {@link #of(byte[], int, int)} keeps a copy of those bytes and
 * builds the fast compressor's hash table over them (every third position, as {@code
 * LZ4_loadDict}). A call with a prepared dictionary then costs about as much as compressing the
 * block alone: the fast compressor starts from a copy of this table (16 KB) and reads the
 * dictionary's bytes in place, instead of re-hashing up to 64 KB on every call as the {@code
 * (byte[] dict, int dictOff, int dictLen)} overloads do. The high compressors ({@link
 * Lz4#highCompressor(int)}) use the kept bytes but still index them per call.
 *
 * <p>A block compressed with a prepared dictionary decodes with the same dictionary bytes: {@link
 * Lz4Decompressor#decompress(byte[], int, int, byte[], int, int, byte[], int, int)} with the
 * original array (or its last {@link #length()} bytes, see {@link #copyOfBytes()}), or {@code lz4
 * -d -D dict} for frames.
 *
 * <p>Immutable and <b>thread-safe</b>: one instance may be used by any number of threads and
 * compressors at once (any acceleration, fast or high). {@link #of} allocates the kept bytes (up to
 * 64 KB) and the 16 KB table; compressing with the dictionary then allocates nothing (the high
 * compressors' pooled work buffers are allocated once, as for their {@code byte[] dict}
 * overloads, and per call for inputs over 4 MB).
 *
 * <pre>{@code
 * Lz4Dictionary dict = Lz4Dictionary.of(samples);  // once, shared by all threads
 * byte[] dst = new byte[Lz4.maxCompressedLength(record.length)];
 * int n = Lz4.fastCompressor().compress(record, 0, record.length, dst, 0, dst.length, dict);
 * // decoding needs the same dictionary bytes
 * int m = Lz4.decompressor().decompress(dst, 0, n, out, 0, out.length, samples, 0, samples.length);
 * }</pre>
 */
public final class Lz4Dictionary {
  private static final Lz4Dictionary EMPTY = new Lz4Dictionary(new byte[0]);

  /** The last {@code min(len, 64 KB)} bytes of the dictionary. */
  final byte[] bytes;

  /**
   * The fast compressor's 32-bit hash table over {@link #bytes}, in the index space where the
   * dictionary ends at {@value Lz4Constants#WINDOW_SIZE} (see {@code
   * Lz4FastCompressor.indexDictionary}).
   */
  final int[] fastTable;

  private Lz4Dictionary(byte[] bytes) {
    this.bytes = bytes;
    this.fastTable = Lz4FastCompressor.indexDictionary(bytes);
  }

  /**
   * Prepares {@code dict[off, off+len)}; only its last 64 KB are kept. The array is copied, so the
   * caller may change it afterwards.
   *
   * @param dict the dictionary (its last 64 KB count)
   * @param off where the dictionary starts in {@code dict}
   * @param len the dictionary's length in bytes
   * @return the prepared dictionary
   * @throws IndexOutOfBoundsException when the range lies outside {@code dict}
   */
  public static Lz4Dictionary of(byte[] dict, int off, int len) {
    Objects.checkFromIndexSize(off, len, dict.length);
    if (len == 0) {
      return EMPTY;
    }
    int kept = Math.min(len, WINDOW_SIZE);
    return new Lz4Dictionary(Arrays.copyOfRange(dict, off + len - kept, off + len));
  }

  /**
   * Prepares all of {@code dict}; same as {@code of(dict, 0, dict.length)}.
   *
   * @param dict the dictionary (its last 64 KB count)
   * @return the prepared dictionary
   */
  public static Lz4Dictionary of(byte[] dict) {
    return of(dict, 0, dict.length);
  }

  /** {@return the number of dictionary bytes kept: {@code min(len, 65536)}} */
  public int length() {
    return bytes.length;
  }

  /**
   * {@return a new array with the kept bytes (the last {@link #length()} bytes of the dictionary):
   * enough to decode blocks compressed with this dictionary}
   */
  public byte[] copyOfBytes() {
    return bytes.clone();
  }

  @Override
  public String toString() {
    return "Lz4Dictionary[length=" + bytes.length + "]";
  }
}
