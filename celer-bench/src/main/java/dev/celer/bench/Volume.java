package dev.celer.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What one benchmark operation processed, reported by JMH beside the operation rate: in throughput
 * mode {@code bytes} becomes bytes of uncompressed data per second and {@code calls} codec or hash
 * calls per second. The report divides {@code gc.alloc.rate.norm} (bytes per operation) by calls
 * per operation to get the allocation of one call.
 *
 * <p>One instance per benchmark thread; not thread-safe.
 */
@AuxCounters(AuxCounters.Type.OPERATIONS)
@State(Scope.Thread)
public class Volume {
  /** Uncompressed bytes processed (or, for partial decompression, produced). */
  public long bytes;
  /** Codec or hash calls made. */
  public long calls;
  /** Compressed bytes written (compression benchmarks only): the report's compression ratio. */
  public long out;

  /** JMH does not reset auxiliary counters itself. */
  @Setup(Level.Iteration)
  public void reset() {
    bytes = 0;
    calls = 0;
    out = 0;
  }

  void add(long bytes, int calls) {
    this.bytes += bytes;
    this.calls += calls;
  }

  void add(long bytes, int calls, long out) {
    add(bytes, calls);
    this.out += out;
  }
}
