package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Dictionary;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Small records (the {@code block} parameter: 1–4 KB) compressed one by one, with and without a
 * dictionary, as a database or message log stores them. The dictionary is the first
 * {@code min(64 KB, file/4)} bytes of the file; the records are the rest of the file, so no record
 * is found verbatim in the dictionary. With {@code dict=false} the same records are compressed
 * alone, which is all lz4-java's block API can do.
 *
 * <p>{@code dict}: {@code true} compresses against a dictionary prepared once ({@link
 * Lz4Dictionary}, Celer only), {@code perCall} passes the dictionary's bytes on every call (the
 * {@code byte[] dict} overload, which copies and indexes them each time), {@code false} uses no
 * dictionary. Decompression is the same for {@code true} and {@code perCall}.
 */
public class Lz4DictBenchmark extends AbstractCorpusBenchmark {
  @Param public Lz4Impl impl;

  /** {@code true}: prepared dictionary; {@code perCall}: dictionary bytes per call; {@code false}: none. */
  @Param({"true", "false", "perCall"})
  public String dict;

  private boolean withDict;
  private Lz4Compressor celer; // the prepared case calls Celer directly: BlockCodec has no such method
  private Lz4Dictionary prepared;

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
    withDict = !dict.equals("false");
    byte[] data = blocks.data;
    int dictLen = Math.min(64 * 1024, data.length / 4);
    dictionary = Arrays.copyOf(data, dictLen);
    if (dict.equals("true")) {
      if (impl != Lz4Impl.CELER) {
        throw new IllegalArgumentException(impl + " has no prepared dictionary");
      }
      celer = Lz4.fastCompressor();
      prepared = Lz4Dictionary.of(dictionary);
    }
    records = Blocks.cut(Arrays.copyOfRange(data, dictLen, data.length), block);
    Blocks r = records;
    compressed = new byte[r.roomTotal];
    out = new byte[r.roomTotal];
    compressedLengths = new int[r.count];
    restored = new byte[r.data.length];
    for (int i = 0; i < r.count; i++) {
      compressedLengths[i] = prepared != null
          ? celer.compress(r.data, r.offsets[i], r.lengths[i], compressed, r.roomOffsets[i], r.rooms[i], prepared)
          : withDict
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
    if (prepared != null) {
      Lz4Compressor lz = celer;
      Lz4Dictionary p = prepared;
      for (int i = 0; i < r.count; i++) {
        total += lz.compress(r.data, r.offsets[i], r.lengths[i], out, r.roomOffsets[i], r.rooms[i], p);
      }
    } else if (withDict) {
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
    if (withDict) {
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
