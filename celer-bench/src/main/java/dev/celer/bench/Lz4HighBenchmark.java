package dev.celer.bench;

import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * LZ4 high compression ({@code lz4 -9}, {@code -12}) per implementation, every block into its own
 * output region, on the corpus cut into blocks.
 */
public class Lz4HighBenchmark extends AbstractCorpusBenchmark {
  @Param public Lz4Impl impl;

  /** HC level, as {@code lz4 -b#}. */
  @Param({"9"})
  public int level;

  private BlockCodec codec;
  private byte[] out;

  @Override
  protected void prepare() {
    codec = impl.high(level);
    Blocks b = blocks;
    out = new byte[b.roomTotal];
    int[] lengths = new int[b.count];
    for (int i = 0; i < b.count; i++) {
      lengths[i] = codec.compress(
          b.data, b.offsets[i], b.lengths[i], out, b.roomOffsets[i], b.rooms[i]);
    }
    byte[] restored = new byte[b.data.length];
    for (int i = 0; i < b.count; i++) {
      codec.decompress(out, b.roomOffsets[i], lengths[i], restored, b.offsets[i], b.lengths[i]);
    }
    if (!Arrays.equals(restored, b.data)) {
      throw new IllegalStateException(impl + ": HC round trip of " + file + " at " + block + " differs");
    }
  }

  @Override
  protected long run(String method, Volume volume) {
    if (!method.equals("compress")) {
      throw new IllegalArgumentException(method);
    }
    return compress(volume);
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
}
