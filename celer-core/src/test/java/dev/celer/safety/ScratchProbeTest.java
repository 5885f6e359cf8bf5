package dev.celer.safety;
import java.util.*;
import net.jpountz.lz4.*;
import org.junit.jupiter.api.Test;
class ScratchProbeTest {
  @Test void probe() {
    LZ4SafeDecompressor d = LZ4Factory.safeInstance().safeDecompressor();
    LZ4Compressor c = LZ4Factory.safeInstance().fastCompressor();
    Random r = new Random(1);
    Map<String,Integer> tally = new TreeMap<>();
    Map<String,byte[]> ex = new TreeMap<>();
    for (int it = 0; it < 300000; it++) {
      byte[] data = new byte[r.nextInt(100)];
      for (int i = 0; i < data.length; i++) data[i] = (byte) (r.nextInt(3) == 0 ? r.nextInt(256) : 'a' + r.nextInt(3));
      byte[] blk = c.compress(data);
      int muts = r.nextInt(4);
      for (int m = 0; m < muts && blk.length > 0; m++) blk[r.nextInt(blk.length)] = (byte) r.nextInt(256);
      if (r.nextInt(5)==0 && blk.length>0) blk = Arrays.copyOf(blk, r.nextInt(blk.length+3));
      int cap = r.nextInt(4)==0 ? data.length : r.nextInt(200);
      ReferenceBlockDecoder o = ReferenceBlockDecoder.decode(blk, 0, blk.length, cap);
      String cls = o.valid ? (o.strict ? "strict" : "ambig") : "invalid";
      byte[] dst = new byte[cap]; Arrays.fill(dst,(byte)0x5A);
      String res;
      try { int n = d.decompress(blk, 0, blk.length, dst, 0, cap);
        res = (n == o.out.length && Arrays.equals(Arrays.copyOf(dst,n), o.out)) ? "ok-same" : "ok-DIFF";
      } catch (LZ4Exception e) { res = "rej"; } catch (RuntimeException e) { res = "EXC-" + e.getClass().getSimpleName(); }
      String k = cls + " " + res + (o.valid ? "" : " " + o.problem.replaceAll("[0-9]+",""));
      tally.merge(k, 1, Integer::sum);
      ex.putIfAbsent(k, blk); if (k.equals("strict rej") || k.equals("ambig ok-same")) System.out.println(k+" cap="+cap+" out="+o.out.length+" "+HexFormat.of().formatHex(blk));
    }
    tally.forEach((k,v) -> System.out.println(k + " : " + v + "  eg " + HexFormat.of().formatHex(ex.get(k), 0, Math.min(40, ex.get(k).length))));
  }
}
