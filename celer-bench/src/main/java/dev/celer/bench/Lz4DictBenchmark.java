package dev.celer.bench;

import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Small records (the {@code block} parameter: 1–4 KB) compressed one by one, with and without a
 * dictionary, as a database or message log stores them. The dictionary is the first
 * {@code min(64 KB, file/4)} bytes of the file; the records are the rest of the file, so no record
 * is found verbatim in the dictionary. With {@code dict=false} the same records are compressed
 * alone, which is all lz4-java's block API can do.
 */
public class Lz4DictBenchmark extends AbstractCorpusBenchmark {
  @Param public Lz4Impl impl;

  /** Whether the records are compressed against the dictionary. */
  @Param({"true", "false"})
  public boolean dict;

  private BlockCodec codec;
  private Blocks records;
  private byte[] dictionary;
  private byte[] compressed;
  private int[] compressedLengths;
  private byte[] out;
  private byte[] restored;

  @Override
  protected void prepare() {
    codec = impl.fast();
    byte[] data = blocks.data;
    int dictLen = Math.min(64 * 1024, data.length / 4);
    dictionary = Arrays.copyOf(data, dictLen);
    records = Blocks.cut(Arrays.copyOfRange(data, dictLen, data.length), block);
    Blocks r = records;
    compressed = new byte[r.roomTotal];
    out = new byte[r.roomTotal];
    compressedLengths = new int[r.count];
    restored = new byte[r.data.length];
    for (int i = 0; i < r.count; i++) {
      compressedLengths[i] = dict
          ? codec.compress(r.data, r.offsets[i], r.lengths[i], compressed, r.roomOffsets[i], r.rooms[i],
              dictionary, 0, dictionary.length)
          : codec.compress(r.data, r.offsets[i], r.lengths[i], compressed, r.roomOffsets[i], r.rooms[i]);
    }
    decompress(new Volume());
    if (!Arrays.equals(restored, r.data)) {
      throw new IllegalStateException(impl + ": dictionary round trip of " + file + " differs");
    }
  }

  @Override
  protected long run(String method, Volume volume) {
    switch (method) {
      case "compress":
        return compress(volume);
      case "decompress":
        return decompress(volume);
      default:
        throw new IllegalArgumentException(method);
    }
  }

  @Benchmark
  public int compress(Volume volume) {
    Blocks r = records;
    BlockCodec c = codec;
    byte[] d = dictionary;
    int total = 0;
    if (dict) {
      for (int i = 0; i < r.count; i++) {
        total += c.compress(
            r.data, r.offsets[i], r.lengths[i], out, r.roomOffsets[i], r.rooms[i], d, 0, d.length);
      }
    } else {
      for (int i = 0; i < r.count; i++) {
        total += c.compress(r.data, r.offsets[i], r.lengths[i], out, r.roomOffsets[i], r.rooms[i]);
      }
    }
    volume.add(r.data.length, r.count, total);
    return total;
  }

  @Benchmark
  public int decompress(Volume volume) {
    Blocks r = records;
    BlockCodec c = codec;
    byte[] d = dictionary;
    int total = 0;
    if (dict) {
      for (int i = 0; i < r.count; i++) {
        total += c.decompress(compressed, r.roomOffsets[i], compressedLengths[i], restored,
            r.offsets[i], r.lengths[i], d, 0, d.length);
      }
    } else {
      for (int i = 0; i < r.count; i++) {
        total += c.decompress(compressed, r.roomOffsets[i], compressedLengths[i], restored,
            r.offsets[i], r.lengths[i]);
      }
    }
    volume.add(r.data.length, r.count);
    return total;
  }
}
