package pb;
import dev.celer.xxhash.*;
public class Hsh {
  public static void main(String[] a) {
    int n = Integer.parseInt(a[1]); long secs = Long.parseLong(a[2]); byte[] d = new byte[n + 64]; new java.util.Random(1).nextBytes(d);
    long s = 0, bytes = 0, t0 = System.nanoTime(), end = t0 + secs * 1_000_000_000L;
    while (System.nanoTime() < end) { for (int i = 0; i < 64; i++) { s += a[0].equals("3") ? XxHash3.hash(d, i, n) : a[0].equals("32") ? XxHash32.hash(d, i, n, 0) : XxHash64.hash(d, i, n, 0); } bytes += 64L * n; }
    System.out.printf("%.0f MB/s %d%n", bytes / ((System.nanoTime() - t0) / 1e9) / 1e6, s);
  }
}
