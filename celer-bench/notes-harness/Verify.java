package pb;
import dev.celer.lz4.*;
import java.nio.file.*;
import java.util.*;
/** Round trip of every corpus file in blocks after the JIT has compiled the hot loops. */
public class Verify {
  public static void main(String[] a) throws Exception {
    Lz4Compressor c = Lz4.fastCompressor(); Lz4Decompressor d = Lz4.decompressor();
    int bad = 0;
    for (int rep = 0; rep < 30; rep++)
      for (int bs : new int[] {4096, 16384, 65536})
        for (Path f : Files.newDirectoryStream(Paths.get("/work/shared/corpus"), "[a-z]*")) {
          byte[] data = Files.readAllBytes(f);
          byte[] comp = new byte[Lz4.maxCompressedLength(bs)]; byte[] out = new byte[bs + 40];
          for (int off = 0; off < data.length; off += bs) {
            int n = Math.min(bs, data.length - off);
            int cl = c.compress(data, off, n, comp, 0, comp.length);
            Arrays.fill(out, (byte) rep);
            int m = d.decompress(comp, 0, cl, out, 0, out.length);
            if (m != n || !Arrays.equals(out, 0, n, data, off, off + n)) bad++;
          }
        }
    System.out.println(bad == 0 ? "all equal" : bad + " blocks differ");
  }
}
