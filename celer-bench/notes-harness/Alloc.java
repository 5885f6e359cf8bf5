package pb;
import dev.celer.lz4.*;
import dev.celer.xxhash.*;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.*;
/** Bytes allocated per steady-state call (ThreadMXBean), as JMH -prof gc reports gc.alloc.rate.norm. */
public class Alloc {
  interface Op { long run(); }
  public static void main(String[] a) throws Exception {
    var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    byte[] data = Files.readAllBytes(Paths.get("/work/shared/corpus/bible.txt"));
    byte[] src = java.util.Arrays.copyOf(data, 65536);
    byte[] big = java.util.Arrays.copyOf(data, 1 << 20);
    Lz4Compressor c = Lz4.fastCompressor(); Lz4Decompressor d = Lz4.decompressor();
    byte[] comp = new byte[Lz4.maxCompressedLength(src.length)]; int cl = c.compress(src, 0, src.length, comp, 0, comp.length);
    byte[] out = new byte[src.length + 64];
    ByteBuffer dsrc = ByteBuffer.allocateDirect(src.length); dsrc.put(src).flip();
    ByteBuffer dcomp = ByteBuffer.allocateDirect(comp.length); ByteBuffer dout = ByteBuffer.allocateDirect(out.length);
    String[] names = {"compress byte[] 64K", "decompress byte[] 64K", "compress direct 64K", "decompress direct 64K", "xxh32 1M", "xxh64 1M", "xxh3 1M", "xxh3 seeded 1M"};
    Op[] ops = {
      () -> c.compress(src, 0, src.length, out, 0, out.length),
      () -> d.decompress(comp, 0, cl, out, 0, out.length),
      () -> { dsrc.position(0); dcomp.clear(); return c.compress(dsrc, dcomp); },
      () -> { dcomp.limit(cl).position(0); dout.clear(); return d.decompress(dcomp, dout); },
      () -> XxHash32.hash(big, 0, big.length, 0),
      () -> XxHash64.hash(big, 0, big.length, 0),
      () -> XxHash3.hash(big, 0, big.length),
      () -> XxHash3.hash(big, 0, big.length, 42L),
    };
    long sink = 0;
    for (int i = 0; i < ops.length; i++) {
      for (int k = 0; k < 20000; k++) sink += ops[i].run();
      if (i == 2) { dsrc.position(0); dcomp.clear(); c.compress(dsrc, dcomp); }
      long t = Thread.currentThread().getId();
      long b0 = mx.getThreadAllocatedBytes(t);
      int n = 5000;
      for (int k = 0; k < n; k++) { sink += ops[i].run();  }
      long b1 = mx.getThreadAllocatedBytes(t);
      System.out.printf("%-24s %.3f bytes/call%n", names[i], (b1 - b0) / (double) n);
    }
    System.out.println(sink == 42 ? "" : "ok");
  }
}
