package pb;
import dev.celer.lz4.*;
import java.nio.file.*;
import java.util.*;
public class Dec {
  public static void main(String[] a) throws Exception {
    byte[] data = Files.readAllBytes(Paths.get(a[0])); int bs = Integer.parseInt(a[1]); boolean comp = a[2].equals("c"); long secs = Long.parseLong(a[3]);
    int nb = (data.length + bs - 1) / bs; byte[][] src = new byte[nb][]; byte[][] c = new byte[nb][]; int[] cl = new int[nb];
    Lz4Compressor cc = Lz4.fastCompressor(); Lz4Decompressor cd = Lz4.decompressor();
    for (int i = 0; i < nb; i++) { src[i] = Arrays.copyOfRange(data, i*bs, Math.min(data.length, (i+1)*bs)); c[i] = new byte[Lz4.maxCompressedLength(src[i].length)]; cl[i] = cc.compress(src[i],0,src[i].length,c[i],0,c[i].length); }
    byte[] out = new byte[Lz4.maxCompressedLength(bs)]; long s = 0;
    long end = System.nanoTime() + secs * 1_000_000_000L; long bytes = 0; long t0 = System.nanoTime();
    while (System.nanoTime() < end) {
      for (int i = 0; i < nb; i++) s += comp ? cc.compress(src[i],0,src[i].length,out,0,out.length) : cd.decompress(c[i],0,cl[i],out,0,out.length);
      bytes += data.length;
    }
    System.out.printf("%.0f MB/s %d%n", bytes / ((System.nanoTime() - t0) / 1e9) / 1e6, s);
  }
}
