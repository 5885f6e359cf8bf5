package t;
import java.lang.invoke.*;
import java.nio.ByteOrder;
import java.util.*;
import java.util.function.LongSupplier;
import com.dynatrace.hash4j.hashing.*;

public class S {
  static final VarHandle LH = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final byte[] SEC = new byte[192];
  static {
    String hex = "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f" +
          "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c" +
          "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8" +
          "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364" +
          "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e" +
          "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e";
    for (int i = 0; i < 192; i++) SEC[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
  }
  static long g(byte[] b, int o) { return (long) LH.get(b, o); }
  static long lane(long acc, long nb, long d, long k) { long v = d ^ k; return acc + (nb + (v & 0xFFFFFFFFL) * (v >>> 32)); }
  static long scr(long a, long k) { a ^= a >>> 47; a ^= k; return a * 0x9E3779B1L; }
  static long mf(long a, long b) { return a * b ^ Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a); }
  static long aval(long x) { x ^= x >>> 37; x *= 0x165667919E3779F9L; return x ^ (x >>> 32); }
  static final long[] INIT = {0xC2B2AE3DL, 0x9E3779B185EBCA87L, 0xC2B2AE3D27D4EB4FL, 0x165667B19E3779F9L, 0x85EBCA77C2B2AE63L, 0x85EBCA77L, 0x27D4EB2F165667C5L, 0x9E3779B1L};

  static long finish(long[] a, byte[] in, int off, int len) {
    int p = off + len - 64; int s = 192 - 71;
    for (int i = 0; i < 8; i++) a[i] = lane(a[i], g(in, p + 8 * (i ^ 1)), g(in, p + 8 * i), g(SEC, s + 8 * i));
    long r = len * 0x9E3779B185EBCA87L;
    for (int i = 0; i < 8; i += 2) r += mf(a[i] ^ g(SEC, 11 + 8 * i), a[i + 1] ^ g(SEC, 11 + 8 * i + 8));
    return aval(r);
  }

  // S2: pair-split over a range of stripes, lanes (l, l+1), whole input; a long[] acc
  static void pairRun(long[] acc, int l, byte[] in, int off, int stripes) {
    long a = acc[l], b = acc[l + 1];
    int p = off + 8 * l;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j;
        long d0 = g(in, q), d1 = g(in, q + 8);
        a = lane(a, d1, d0, g(SEC, 8 * j + 8 * l));
        b = lane(b, d0, d1, g(SEC, 8 * j + 8 * l + 8));
      }
      stripes -= 16; p += 1024;
      a = scr(a, g(SEC, 128 + 8 * l)); b = scr(b, g(SEC, 136 + 8 * l));
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j;
      long d0 = g(in, q), d1 = g(in, q + 8);
      a = lane(a, d1, d0, g(SEC, 8 * j + 8 * l));
      b = lane(b, d0, d1, g(SEC, 8 * j + 8 * l + 8));
    }
    acc[l] = a; acc[l + 1] = b;
  }
  static long s2(byte[] in, int off, int len) {
    long[] acc = INIT.clone();
    int stripes = (len - 1) >>> 6;
    // careful: a full block is scrambled only if followed by a stripe; stripes counts only stripes with input after them,
    // and the scramble after block k happens when stripes > 16*(k+1)... spec: scramble after each full block with more input.
    for (int l = 0; l < 8; l += 2) pairRun(acc, l, in, off, stripes);
    return finish(acc, in, off, len);
  }

  // S1: 8 lanes, counted loop 16
  static long s1(byte[] in, int off, int len) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j; int s = 8 * j;
        long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
        a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
        a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
        a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
      }
      stripes -= 16; p += 1024;
      a0 = scr(a0, g(SEC, 128)); a1 = scr(a1, g(SEC, 136)); a2 = scr(a2, g(SEC, 144)); a3 = scr(a3, g(SEC, 152));
      a4 = scr(a4, g(SEC, 160)); a5 = scr(a5, g(SEC, 168)); a6 = scr(a6, g(SEC, 176)); a7 = scr(a7, g(SEC, 184));
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
      a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
      a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
      a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, in, off, len);
  }

  static final long K00 = 0xBE4BA423396CFEB8L;
  static final long K01 = 0x1CAD21F72C81017CL;
  static final long K02 = 0xDB979083E96DD4DEL;
  static final long K03 = 0x1F67B3B7A4A44072L;
  static final long K04 = 0x78E5C0CC4EE679CBL;
  static final long K05 = 0x2172FFCC7DD05A82L;
  static final long K06 = 0x8E2443F7744608B8L;
  static final long K07 = 0x4C263A81E69035E0L;
  static final long K08 = 0xCB00C391BB52283CL;
  static final long K09 = 0xA32E531B8B65D088L;
  static final long K10 = 0x4EF90DA297486471L;
  static final long K11 = 0xD8ACDEA946EF1938L;
  static final long K12 = 0x3F349CE33F76FAA8L;
  static final long K13 = 0x1D4F0BC7C7BBDCF9L;
  static final long K14 = 0x3159B4CD4BE0518AL;
  static final long K15 = 0x647378D9C97E9FC8L;
  static final long K16 = 0xC3EBD33483ACC5EAL;
  static final long K17 = 0xEB6313FAFFA081C5L;
  static final long K18 = 0x49DAF0B751DD0D17L;
  static final long K19 = 0x9E68D429265516D3L;
  static final long K20 = 0xFCA1477D58BE162BL;
  static final long K21 = 0xCE31D07AD1B8F88FL;
  static final long K22 = 0x280416958F3ACB45L;
  static final long K23 = 0x7E404BBBCAFBD7AFL;
  static long s3(byte[] in, int off, int len) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      int q; long d0, d1, d2, d3, d4, d5, d6, d7;
        q = p + 0;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K00);
        a1 = lane(a1, d0, d1, K01);
        a2 = lane(a2, d3, d2, K02);
        a3 = lane(a3, d2, d3, K03);
        a4 = lane(a4, d5, d4, K04);
        a5 = lane(a5, d4, d5, K05);
        a6 = lane(a6, d7, d6, K06);
        a7 = lane(a7, d6, d7, K07);
        q = p + 64;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K01);
        a1 = lane(a1, d0, d1, K02);
        a2 = lane(a2, d3, d2, K03);
        a3 = lane(a3, d2, d3, K04);
        a4 = lane(a4, d5, d4, K05);
        a5 = lane(a5, d4, d5, K06);
        a6 = lane(a6, d7, d6, K07);
        a7 = lane(a7, d6, d7, K08);
        q = p + 128;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K02);
        a1 = lane(a1, d0, d1, K03);
        a2 = lane(a2, d3, d2, K04);
        a3 = lane(a3, d2, d3, K05);
        a4 = lane(a4, d5, d4, K06);
        a5 = lane(a5, d4, d5, K07);
        a6 = lane(a6, d7, d6, K08);
        a7 = lane(a7, d6, d7, K09);
        q = p + 192;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K03);
        a1 = lane(a1, d0, d1, K04);
        a2 = lane(a2, d3, d2, K05);
        a3 = lane(a3, d2, d3, K06);
        a4 = lane(a4, d5, d4, K07);
        a5 = lane(a5, d4, d5, K08);
        a6 = lane(a6, d7, d6, K09);
        a7 = lane(a7, d6, d7, K10);
        q = p + 256;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K04);
        a1 = lane(a1, d0, d1, K05);
        a2 = lane(a2, d3, d2, K06);
        a3 = lane(a3, d2, d3, K07);
        a4 = lane(a4, d5, d4, K08);
        a5 = lane(a5, d4, d5, K09);
        a6 = lane(a6, d7, d6, K10);
        a7 = lane(a7, d6, d7, K11);
        q = p + 320;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K05);
        a1 = lane(a1, d0, d1, K06);
        a2 = lane(a2, d3, d2, K07);
        a3 = lane(a3, d2, d3, K08);
        a4 = lane(a4, d5, d4, K09);
        a5 = lane(a5, d4, d5, K10);
        a6 = lane(a6, d7, d6, K11);
        a7 = lane(a7, d6, d7, K12);
        q = p + 384;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K06);
        a1 = lane(a1, d0, d1, K07);
        a2 = lane(a2, d3, d2, K08);
        a3 = lane(a3, d2, d3, K09);
        a4 = lane(a4, d5, d4, K10);
        a5 = lane(a5, d4, d5, K11);
        a6 = lane(a6, d7, d6, K12);
        a7 = lane(a7, d6, d7, K13);
        q = p + 448;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K07);
        a1 = lane(a1, d0, d1, K08);
        a2 = lane(a2, d3, d2, K09);
        a3 = lane(a3, d2, d3, K10);
        a4 = lane(a4, d5, d4, K11);
        a5 = lane(a5, d4, d5, K12);
        a6 = lane(a6, d7, d6, K13);
        a7 = lane(a7, d6, d7, K14);
        q = p + 512;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K08);
        a1 = lane(a1, d0, d1, K09);
        a2 = lane(a2, d3, d2, K10);
        a3 = lane(a3, d2, d3, K11);
        a4 = lane(a4, d5, d4, K12);
        a5 = lane(a5, d4, d5, K13);
        a6 = lane(a6, d7, d6, K14);
        a7 = lane(a7, d6, d7, K15);
        q = p + 576;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K09);
        a1 = lane(a1, d0, d1, K10);
        a2 = lane(a2, d3, d2, K11);
        a3 = lane(a3, d2, d3, K12);
        a4 = lane(a4, d5, d4, K13);
        a5 = lane(a5, d4, d5, K14);
        a6 = lane(a6, d7, d6, K15);
        a7 = lane(a7, d6, d7, K16);
        q = p + 640;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K10);
        a1 = lane(a1, d0, d1, K11);
        a2 = lane(a2, d3, d2, K12);
        a3 = lane(a3, d2, d3, K13);
        a4 = lane(a4, d5, d4, K14);
        a5 = lane(a5, d4, d5, K15);
        a6 = lane(a6, d7, d6, K16);
        a7 = lane(a7, d6, d7, K17);
        q = p + 704;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K11);
        a1 = lane(a1, d0, d1, K12);
        a2 = lane(a2, d3, d2, K13);
        a3 = lane(a3, d2, d3, K14);
        a4 = lane(a4, d5, d4, K15);
        a5 = lane(a5, d4, d5, K16);
        a6 = lane(a6, d7, d6, K17);
        a7 = lane(a7, d6, d7, K18);
        q = p + 768;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K12);
        a1 = lane(a1, d0, d1, K13);
        a2 = lane(a2, d3, d2, K14);
        a3 = lane(a3, d2, d3, K15);
        a4 = lane(a4, d5, d4, K16);
        a5 = lane(a5, d4, d5, K17);
        a6 = lane(a6, d7, d6, K18);
        a7 = lane(a7, d6, d7, K19);
        q = p + 832;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K13);
        a1 = lane(a1, d0, d1, K14);
        a2 = lane(a2, d3, d2, K15);
        a3 = lane(a3, d2, d3, K16);
        a4 = lane(a4, d5, d4, K17);
        a5 = lane(a5, d4, d5, K18);
        a6 = lane(a6, d7, d6, K19);
        a7 = lane(a7, d6, d7, K20);
        q = p + 896;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K14);
        a1 = lane(a1, d0, d1, K15);
        a2 = lane(a2, d3, d2, K16);
        a3 = lane(a3, d2, d3, K17);
        a4 = lane(a4, d5, d4, K18);
        a5 = lane(a5, d4, d5, K19);
        a6 = lane(a6, d7, d6, K20);
        a7 = lane(a7, d6, d7, K21);
        q = p + 960;
        d0 = g(in, q + 0); d1 = g(in, q + 8); d2 = g(in, q + 16); d3 = g(in, q + 24); d4 = g(in, q + 32); d5 = g(in, q + 40); d6 = g(in, q + 48); d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, K15);
        a1 = lane(a1, d0, d1, K16);
        a2 = lane(a2, d3, d2, K17);
        a3 = lane(a3, d2, d3, K18);
        a4 = lane(a4, d5, d4, K19);
        a5 = lane(a5, d4, d5, K20);
        a6 = lane(a6, d7, d6, K21);
        a7 = lane(a7, d6, d7, K22);
      stripes -= 16; p += 1024;
      a0 = scr(a0, K16); a1 = scr(a1, K17); a2 = scr(a2, K18); a3 = scr(a3, K19);
      a4 = scr(a4, K20); a5 = scr(a5, K21); a6 = scr(a6, K22); a7 = scr(a7, K23);
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
      a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
      a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
      a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, in, off, len);
  }
  // S4: 8 lanes, counted loop 16
  static long s4(byte[] in, int off, int len, byte[] SEC) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j; int s = 8 * j;
        long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
        a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
        a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
        a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
      }
      stripes -= 16; p += 1024;
      a0 = scr(a0, g(SEC, 128)); a1 = scr(a1, g(SEC, 136)); a2 = scr(a2, g(SEC, 144)); a3 = scr(a3, g(SEC, 152));
      a4 = scr(a4, g(SEC, 160)); a5 = scr(a5, g(SEC, 168)); a6 = scr(a6, g(SEC, 176)); a7 = scr(a7, g(SEC, 184));
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
      a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
      a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
      a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, in, off, len);
  }

  // S7: 8 lanes, counted loop 16
  static long s7(Object in, int off, int len, byte[] SEC) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j; int s = 8 * j;
        long d0 = go(in, q), d1 = go(in, q + 8), d2 = go(in, q + 16), d3 = go(in, q + 24), d4 = go(in, q + 32), d5 = go(in, q + 40), d6 = go(in, q + 48), d7 = go(in, q + 56);
        a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
        a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
        a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
        a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
      }
      stripes -= 16; p += 1024;
      a0 = scr(a0, g(SEC, 128)); a1 = scr(a1, g(SEC, 136)); a2 = scr(a2, g(SEC, 144)); a3 = scr(a3, g(SEC, 152));
      a4 = scr(a4, g(SEC, 160)); a5 = scr(a5, g(SEC, 168)); a6 = scr(a6, g(SEC, 176)); a7 = scr(a7, g(SEC, 184));
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = go(in, q), d1 = go(in, q + 8), d2 = go(in, q + 16), d3 = go(in, q + 24), d4 = go(in, q + 32), d5 = go(in, q + 40), d6 = go(in, q + 48), d7 = go(in, q + 56);
      a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
      a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
      a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, (byte[]) in, off, len);
  }

  static long go(Object b, int o) { if (b instanceof byte[]) return (long) LH.get((byte[]) b, o); return (long) BH.get((java.nio.ByteBuffer) b, o); }
  static final VarHandle BH = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  // S8: 8 lanes, counted loop 16
  static long s8(byte[] arr, Object in, int off, int len, byte[] SEC) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j; int s = 8 * j;
        long d0 = ga(arr, in, q), d1 = ga(arr, in, q + 8), d2 = ga(arr, in, q + 16), d3 = ga(arr, in, q + 24), d4 = ga(arr, in, q + 32), d5 = ga(arr, in, q + 40), d6 = ga(arr, in, q + 48), d7 = ga(arr, in, q + 56);
        a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
        a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
        a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
        a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
      }
      stripes -= 16; p += 1024;
      a0 = scr(a0, g(SEC, 128)); a1 = scr(a1, g(SEC, 136)); a2 = scr(a2, g(SEC, 144)); a3 = scr(a3, g(SEC, 152));
      a4 = scr(a4, g(SEC, 160)); a5 = scr(a5, g(SEC, 168)); a6 = scr(a6, g(SEC, 176)); a7 = scr(a7, g(SEC, 184));
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = ga(arr, in, q), d1 = ga(arr, in, q + 8), d2 = ga(arr, in, q + 16), d3 = ga(arr, in, q + 24), d4 = ga(arr, in, q + 32), d5 = ga(arr, in, q + 40), d6 = ga(arr, in, q + 48), d7 = ga(arr, in, q + 56);
      a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
      a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
      a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, arr, off, len);
  }

  static long ga(byte[] arr, Object in, int o) { return arr != null ? (long) LH.get(arr, o) : go(in, o); }
  // S6: 8 lanes, counted loop 16
  static long s6(byte[] in, int off, int len, byte[] SEC) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j; int s = 8 * j;
        long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24);
        a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
        a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      }
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j + 32; int s = 8 * j + 32;
        long d4 = g(in, q), d5 = g(in, q + 8), d6 = g(in, q + 16), d7 = g(in, q + 24);
        a4 = lane(a4, d5, d4, g(SEC, s)); a5 = lane(a5, d4, d5, g(SEC, s + 8));
        a6 = lane(a6, d7, d6, g(SEC, s + 16)); a7 = lane(a7, d6, d7, g(SEC, s + 24));
      }
      stripes -= 16; p += 1024;
      a0 = scr(a0, g(SEC, 128)); a1 = scr(a1, g(SEC, 136)); a2 = scr(a2, g(SEC, 144)); a3 = scr(a3, g(SEC, 152));
      a4 = scr(a4, g(SEC, 160)); a5 = scr(a5, g(SEC, 168)); a6 = scr(a6, g(SEC, 176)); a7 = scr(a7, g(SEC, 184));
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
      a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
      a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
      a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
      a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, in, off, len);
  }

  // S5: 8 lanes, counted loop 16
  static long s5(byte[] in, int off, int len, long[] W) {
    long a0 = INIT[0], a1 = INIT[1], a2 = INIT[2], a3 = INIT[3], a4 = INIT[4], a5 = INIT[5], a6 = INIT[6], a7 = INIT[7];
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes >= 16) {
      for (int j = 0; j < 16; j++) {
        int q = p + 64 * j; int s = 8 * j;
        long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
        a0 = lane(a0, d1, d0, W[j]); a1 = lane(a1, d0, d1, W[j + 1]);
        a2 = lane(a2, d3, d2, W[j + 2]); a3 = lane(a3, d2, d3, W[j + 3]);
        a4 = lane(a4, d5, d4, W[j + 4]); a5 = lane(a5, d4, d5, W[j + 5]);
        a6 = lane(a6, d7, d6, W[j + 6]); a7 = lane(a7, d6, d7, W[j + 7]);
      }
      stripes -= 16; p += 1024;
      a0 = scr(a0, W[16]); a1 = scr(a1, W[17]); a2 = scr(a2, W[18]); a3 = scr(a3, W[19]);
      a4 = scr(a4, W[20]); a5 = scr(a5, W[21]); a6 = scr(a6, W[22]); a7 = scr(a7, W[23]);
    }
    for (int j = 0; j < stripes; j++) {
      int q = p + 64 * j; int s = 8 * j;
      long d0 = g(in, q), d1 = g(in, q + 8), d2 = g(in, q + 16), d3 = g(in, q + 24), d4 = g(in, q + 32), d5 = g(in, q + 40), d6 = g(in, q + 48), d7 = g(in, q + 56);
      a0 = lane(a0, d1, d0, W[j]); a1 = lane(a1, d0, d1, W[j + 1]);
      a2 = lane(a2, d3, d2, W[j + 2]); a3 = lane(a3, d2, d3, W[j + 3]);
      a4 = lane(a4, d5, d4, W[j + 4]); a5 = lane(a5, d4, d5, W[j + 5]);
      a6 = lane(a6, d7, d6, W[j + 6]); a7 = lane(a7, d6, d7, W[j + 7]);
    }
    return finish(new long[] {a0, a1, a2, a3, a4, a5, a6, a7}, in, off, len);
  }

  static final long[] WORDS = new long[24];
  static { for (int i = 0; i < 24; i++) WORDS[i] = g(SEC, 8 * i); }
  // S9: compact, Object input, meant to be inlined into a byte[]-typed caller
  static long h9(byte[] b, int off, int len, byte[] sec) { return s9(b, off, len, sec); }
  static long s9(Object in, int off, int len, byte[] SEC) {
    long a0 = 0xC2B2AE3DL, a1 = 0x9E3779B185EBCA87L, a2 = 0xC2B2AE3D27D4EB4FL, a3 = 0x165667B19E3779F9L;
    long a4 = 0x85EBCA77C2B2AE63L, a5 = 0x85EBCA77L, a6 = 0x27D4EB2F165667C5L, a7 = 0x9E3779B1L;
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (true) {
      int n = Math.min(stripes, 16);
      boolean last = stripes == 0;
      if (last) { n = 1; p = off + len - 64; }
      int s0 = last ? 192 - 71 : 0;
      for (int j = 0; j < n; j++) {
        int q = p + 64 * j; int s = s0 + 8 * j;
        long d0 = go(in, q), d1 = go(in, q + 8), d2 = go(in, q + 16), d3 = go(in, q + 24), d4 = go(in, q + 32), d5 = go(in, q + 40), d6 = go(in, q + 48), d7 = go(in, q + 56);
        a0 = lane(a0, d1, d0, g(SEC, s)); a1 = lane(a1, d0, d1, g(SEC, s + 8));
        a2 = lane(a2, d3, d2, g(SEC, s + 16)); a3 = lane(a3, d2, d3, g(SEC, s + 24));
        a4 = lane(a4, d5, d4, g(SEC, s + 32)); a5 = lane(a5, d4, d5, g(SEC, s + 40));
        a6 = lane(a6, d7, d6, g(SEC, s + 48)); a7 = lane(a7, d6, d7, g(SEC, s + 56));
      }
      if (last) break;
      stripes -= n; p += 64 * n;
      if (n == 16) {
        a0 = scr(a0, g(SEC, 128)); a1 = scr(a1, g(SEC, 136)); a2 = scr(a2, g(SEC, 144)); a3 = scr(a3, g(SEC, 152));
        a4 = scr(a4, g(SEC, 160)); a5 = scr(a5, g(SEC, 168)); a6 = scr(a6, g(SEC, 176)); a7 = scr(a7, g(SEC, 184));
      }
    }
    return merge9(len, a0, a1, a2, a3, a4, a5, a6, a7, SEC);
  }
  static long merge9(int len, long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7, byte[] SEC) {
    long r = len * 0x9E3779B185EBCA87L;
    r += mf(a0 ^ g(SEC, 11), a1 ^ g(SEC, 19)); r += mf(a2 ^ g(SEC, 27), a3 ^ g(SEC, 35));
    r += mf(a4 ^ g(SEC, 43), a5 ^ g(SEC, 51)); r += mf(a6 ^ g(SEC, 59), a7 ^ g(SEC, 67));
    return aval(r);
  }
  static long sink;
  public static void main(String[] a) {
    int rounds = Integer.parseInt(a[0]); long ms = Long.parseLong(a[1]);
    int[] sizes = Arrays.stream(a).skip(2).mapToInt(Integer::parseInt).toArray();
    byte[] d = new byte[(1 << 20) + 128]; new Random(1).nextBytes(d);
    Hasher64 h3 = Hashing.xxh3_64();
    for (int n : new int[] {241, 1000, 1024, 1025, 1088, 1089, 2048, 2049, 5000, 16384, 1 << 20}) {
      long e = h3.hashBytesToLong(d, 3, n);
      if (s1(d, 3, n) != e || s2(d, 3, n) != e || s4(d, 3, n, SEC) != e || s5(d, 3, n, WORDS) != e || s6(d, 3, n, SEC) != e || s7(d, 3, n, SEC) != e || s8(d, null, 3, n, SEC) != e || h9(d, 3, n, SEC) != e || dev.celer.xxhash.XxHash3.hash(d, 3, n) != e) System.out.println("MISMATCH " + n + " " + (s1(d,3,n)==e) + (s2(d,3,n)==e));
    }
    String[] names = {"celer", "h4j", "s7", "s4", "h9"};
    byte[] secCopy = SEC.clone(); long[] wCopy = WORDS.clone();
    for (int round = -1; round < rounds; round++) {
      StringBuilder sb = new StringBuilder();
      for (int n : sizes) {
        int reps = Math.max(1, (1 << 20) / n);
        LongSupplier[] f = {
          () -> { long s = 0; for (int i = 0; i < reps; i++) s += dev.celer.xxhash.XxHash3.hash(d, i & 63, n); sink += s; return (long) reps * n; },
          () -> { long s = 0; for (int i = 0; i < reps; i++) s += h3.hashBytesToLong(d, i & 63, n); sink += s; return (long) reps * n; },
          () -> { long s = 0; for (int i = 0; i < reps; i++) s += s7(d, i & 63, n, secCopy); sink += s; return (long) reps * n; },
          () -> { long s = 0; for (int i = 0; i < reps; i++) s += s4(d, i & 63, n, secCopy); sink += s; return (long) reps * n; },
          () -> { long s = 0; for (int i = 0; i < reps; i++) s += h9(d, i & 63, n, secCopy); sink += s; return (long) reps * n; },
        };
        sb.append(n).append(':');
        double h = 0; double[] r = new double[f.length];
        for (int k = 0; k < f.length; k++) r[k] = best(f[k], ms);
        for (int k = 0; k < f.length; k++) sb.append(String.format(" %s %.0f(%.2f)", names[k], r[k], r[k] / r[1]));
        sb.append("  ");
      }
      if (round >= 0) System.out.println(sb);
    }
  }
  static final java.lang.management.ThreadMXBean TM = java.lang.management.ManagementFactory.getThreadMXBean();
  static double best(LongSupplier f, long ms) {
    long end = System.nanoTime() + ms * 1_000_000L; double best = 0;
    do {
      long c0 = TM.getCurrentThreadCpuTime(), b = 0, c;
      do { b += f.getAsLong(); c = TM.getCurrentThreadCpuTime(); } while (c - c0 < 20_000_000L);
      best = Math.max(best, b / ((c - c0) / 1e9) / 1e6);
    } while (System.nanoTime() < end);
    return best;
  }
}
