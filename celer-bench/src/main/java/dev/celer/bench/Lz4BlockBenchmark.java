package dev.celer.bench;

import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * LZ4 fast compression, decompression, partial decompression and compress-or-reject, per
 * implementation, on the corpus cut into blocks.
 *
 * <ul>
 *   <li>{@code compress}: every block into its own output region of maxCompressedLength bytes
 *       (as {@code lz4 -b1} does).
 *   <li>{@code decompress}: every block of the implementation's own compressed output back into a
 *       file-sized buffer ({@code LZ4_decompress_safe} in {@code lz4 -b1}).
 *   <li>{@code decompressPartial}: the first 1 KB of every block (Lucene reading one document of a
 *       chunk); bytes counted are the bytes produced.
 *   <li>{@code compressOrReject}: every block with an output capacity one byte below what this
 *       implementation needs for it, so that every call fails at the last moment: the price a
 *       storage engine pays for trying (RocksDB's {@code compressreject}). Celer returns -1; the
 *       peers throw {@code LZ4Exception}, which is caught.
 * </ul>
 */
public class Lz4BlockBenchmark extends AbstractCorpusBenchmark {
  /** Bytes decoded per block by {@link #decompressPartial}. */
  static final int PARTIAL = 1024;

  @Param public Lz4Impl impl;

  private BlockCodec codec;
  private byte[] compressed;
  private int[] compressedLengths;
  private int[] rejectCapacities;
  private byte[] out;
  private byte[] restored;
  private long partialBytes;

  @Override
  protected void prepare() {
    codec = impl.fast();
    Blocks b = blocks;
    compressed = new byte[b.roomTotal];
    compressedLengths = new int[b.count];
    rejectCapacities = new int[b.count];
    out = new byte[b.roomTotal];
    restored = new byte[b.data.length];
    for (int i = 0; i < b.count; i++) {
      int n = codec.compress(
          b.data, b.offsets[i], b.lengths[i], compressed, b.roomOffsets[i], b.rooms[i]);
      compressedLengths[i] = n;
      rejectCapacities[i] = n - 1;
      partialBytes += Math.min(PARTIAL, b.lengths[i]);
    }
    decompress(new Volume());
    if (!Arrays.equals(restored, b.data)) {
      throw new IllegalStateException(impl + ": round trip of " + file + " at " + block + " differs");
    }
  }

  @Override
  protected void check(String method) {
    long result = run(method, new Volume());
    if (method.equals("decompressPartial")) {
      for (int i = 0; i < blocks.count; i++) {
        int from = blocks.offsets[i];
        int to = from + Math.min(PARTIAL, blocks.lengths[i]);
        if (!Arrays.equals(restored, from, to, blocks.data, from, to)) {
          throw new IllegalStateException(impl + ": partial decompression of block " + i + " differs");
        }
      }
    } else if (method.equals("compressOrReject") && result != 0) {
      throw new IllegalStateException(impl + ": " + result + " blocks fitted in less room than before");
    }
  }

  @Override
  protected long run(String method, Volume volume) {
    switch (method) {
      case "compress":
        return compress(volume);
      case "decompress":
        return decompress(volume);
      case "decompressPartial":
        return decompressPartial(volume);
      case "compressOrReject":
        return compressOrReject(volume);
      default:
        throw new IllegalArgumentException(method);
    }
  }

  @Benchmark
  public int compress(Volume volume) {
    Blocks b = blocks;
    BlockCodec c = codec;
    int total = 0;
    for (int i = 0; i < b.count; i++) {
      total += c.compress(b.data, b.offsets[i], b.lengths[i], out, b.roomOffsets[i], b.rooms[i]);
    }
    volume.add(b.data.length, b.count, total);
    return total;
  }

  @Benchmark
  public int decompress(Volume volume) {
    Blocks b = blocks;
    BlockCodec c = codec;
    int total = 0;
    for (int i = 0; i < b.count; i++) {
      total += c.decompress(
          compressed, b.roomOffsets[i], compressedLengths[i], restored, b.offsets[i], b.lengths[i]);
    }
    volume.add(b.data.length, b.count);
    return total;
  }

  @Benchmark
  public int decompressPartial(Volume volume) {
    Blocks b = blocks;
    BlockCodec c = codec;
    int total = 0;
    for (int i = 0; i < b.count; i++) {
      total += c.decompressPartial(
          compressed, b.roomOffsets[i], compressedLengths[i], restored, b.offsets[i],
          Math.min(PARTIAL, b.lengths[i]));
    }
    volume.add(partialBytes, b.count);
    return total;
  }

  /** Returns how many blocks were accepted: 0 when every block was rejected, as intended. */
  @Benchmark
  public int compressOrReject(Volume volume) {
    Blocks b = blocks;
    BlockCodec c = codec;
    int accepted = 0;
    for (int i = 0; i < b.count; i++) {
      int n = c.tryCompress(
          b.data, b.offsets[i], b.lengths[i], out, b.roomOffsets[i], rejectCapacities[i]);
      if (n >= 0) {
        accepted++;
      }
    }
    volume.add(b.data.length, b.count);
    return accepted;
  }
}
