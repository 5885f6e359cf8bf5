package dev.celer.bench;

import com.dynatrace.hash4j.hashing.Hashing;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * XXH32, XXH64 and XXH3-64 per implementation: every block hashed one-shot with seed 0. xxHash does
 * the same work whatever the bytes are, so the speed depends on the block size, not the file;
 * {@code run.sh} therefore hashes only a few files.
 *
 * <p>Before timing, the value for the first block is checked against hash4j's.
 */
public class XxHashBenchmark extends AbstractCorpusBenchmark {
  @Param public HashImpl impl;

  private HashImpl.HashFunctions hashes;

  @Override
  protected void prepare() {
    hashes = impl.functions();
  }

  @Override
  protected void check(String method) {
    Blocks b = blocks;
    int off = b.offsets[0];
    int len = b.lengths[0];
    switch (method) {
      case "xxh32":
        check(method, hashes.xxh32(b.data, off, len), Hashing.xxh32().hashBytesToInt(b.data, off, len));
        break;
      case "xxh64":
        check(method, hashes.xxh64(b.data, off, len), Hashing.xxh64().hashBytesToLong(b.data, off, len));
        break;
      case "xxh3":
        if (impl == HashImpl.CELER && vectorPathPossible()) {
          throw new IllegalStateException(
              "CELER xxh3 is the scalar path, but this JVM has jdk.incubator.vector: measure it"
                  + " as CELER_VECTOR, or add -Ddev.celer.vector=false");
        }
        check(method, hashes.xxh3(b.data, off, len), Hashing.xxh3_64().hashBytesToLong(b.data, off, len));
        break;
      default:
        throw new IllegalArgumentException(method);
    }
  }

  @Override
  protected long run(String method, Volume volume) {
    switch (method) {
      case "xxh32":
        return xxh32(volume);
      case "xxh64":
        return xxh64(volume);
      case "xxh3":
        return xxh3(volume);
      default:
        throw new IllegalArgumentException(method);
    }
  }

  /** Whether Celer's XXH3 may take its Vector API path in this JVM (see HashImpl.CELER_VECTOR). */
  private static boolean vectorPathPossible() {
    return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
        && !"false".equalsIgnoreCase(System.getProperty("dev.celer.vector"));
  }

  private void check(String method, long value, long expected) {
    if (value != expected) {
      throw new IllegalStateException(
          impl + " " + method + " of " + file + ": " + Long.toHexString(value)
              + ", hash4j says " + Long.toHexString(expected));
    }
  }

  @Benchmark
  public int xxh32(Volume volume) {
    Blocks b = blocks;
    HashImpl.HashFunctions h = hashes;
    int acc = 0;
    for (int i = 0; i < b.count; i++) {
      acc += h.xxh32(b.data, b.offsets[i], b.lengths[i]);
    }
    volume.add(b.data.length, b.count);
    return acc;
  }

  @Benchmark
  public long xxh64(Volume volume) {
    Blocks b = blocks;
    HashImpl.HashFunctions h = hashes;
    long acc = 0;
    for (int i = 0; i < b.count; i++) {
      acc += h.xxh64(b.data, b.offsets[i], b.lengths[i]);
    }
    volume.add(b.data.length, b.count);
    return acc;
  }

  @Benchmark
  public long xxh3(Volume volume) {
    Blocks b = blocks;
    HashImpl.HashFunctions h = hashes;
    long acc = 0;
    for (int i = 0; i < b.count; i++) {
      acc += h.xxh3(b.data, b.offsets[i], b.lengths[i]);
    }
    volume.add(b.data.length, b.count);
    return acc;
  }
}
