package t;
import java.lang.invoke.*;
import java.nio.ByteOrder;
public class K {
  static final VarHandle LH = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static long get(Object b, int o) { if (b instanceof byte[]) return (long) LH.get((byte[]) b, o); throw new IllegalStateException(); }
  // variant A: pair loop with p invariant, constant trip
  static long kA(byte[] in, int off, int len, byte[] sec) {
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = (long) LH.get(in, q);
        long d1 = (long) LH.get(in, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kB(Object in, int off, int len, byte[] sec) {
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = get(in, q);
        long d1 = get(in, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kC(byte[] in, int off, int len, byte[] sec) {
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10); int n = Math.min(16, (len - (bl << 10)) >>> 6);
      for (int j = 0; j < n; j++) {
        int q = p + 64 * j;
        long d0 = (long) LH.get(in, q);
        long d1 = (long) LH.get(in, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kD(Object in, int off, int len, byte[] sec) {
    byte[] bb = (byte[]) in;
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = get(bb, q);
        long d1 = get(bb, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kE(Object in, int off, int len, byte[] sec) {
    byte[] bb = (byte[]) in;
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = get2(bb, q);
        long d1 = get2(bb, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kF(Object in, int off, int len, byte[] sec) {
    byte[] bb = (byte[]) in;
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = (long) LH.get(bb, q);
        long d1 = (long) LH.get(bb, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kH(Object in, int off, int len, byte[] sec) {
    if (!(in instanceof byte[])) throw new IllegalArgumentException();
    byte[] bb = (byte[]) in;
    int L = bb.length;
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = (long) LH.get(bb, q);
        long d1 = (long) LH.get(bb, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static long kJ(Object in, int off, int len, byte[] sec) {
    if (in instanceof byte[]) return kA((byte[]) in, off, len, sec);
    return kB(in, off, len, sec);
  }
  static long kL(Object in, int off, int len, byte[] sec) {
    byte[] bb = in instanceof byte[] ? (byte[]) in : EMPTY;
    long a0 = 1, a1 = 2;
    int blocks = len >>> 10;
    for (int bl = 0; bl < blocks; bl++) {
      int p = off + (bl << 10);
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = (long) LH.get(bb, q);
        long d1 = (long) LH.get(bb, q + 8);
        long v0 = d0 ^ (long) LH.get(sec, 8 * j);
        long v1 = d1 ^ (long) LH.get(sec, 8 * j + 8);
        a0 += d1 + (v0 & 0xFFFFFFFFL) * (v0 >>> 32);
        a1 += d0 + (v1 & 0xFFFFFFFFL) * (v1 >>> 32);
      }
    }
    return a0 ^ a1;
  }
  static final byte[] EMPTY = new byte[0];
  static long get2(byte[] b, int o) { return (long) LH.get(b, o); }
  public static void main(String[] a) {
    byte[] d = new byte[16384 + 64]; byte[] s = new byte[192]; new java.util.Random(1).nextBytes(d);
    long t = 0; long end = System.nanoTime() + Long.parseLong(a[0]) * 1_000_000_000L;
    while (System.nanoTime() < end) for (int i = 0; i < 64; i++) t += a[1].equals("A") ? kA(d, i, 16384, s) : a[1].equals("B") ? kB(d, i, 16384, s) : a[1].equals("D") ? kD(d, i, 16384, s) : a[1].equals("E") ? kE(d, i, 16384, s) : a[1].equals("F") ? kF(d, i, 16384, s) : a[1].equals("H") ? kH(d, i, 16384, s) : a[1].equals("J") ? kJ(d, i, 16384, s) : a[1].equals("L") ? kL(d, i, 16384, s) : kC(d, i, 16384, s);
    System.out.println(t);
  }
}
