package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Dictionary;
import dev.celer.lz4.Lz4StreamCompressor;
import dev.celer.testsupport.Corpus;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Dictionary compression on the native backend (issue 12): with 64 KB of history, {@code
 * LZ4_loadDict} / {@code LZ4_loadDictHC} and {@code _continue}, in liblz4's prefix mode for a
 * history given in place and in its external-dictionary mode for a prepared dictionary (as {@code
 * lz4 -D}; HC only over 4 KB, smaller HC blocks use lz4's dictCtx mode, in Java), which must give
 * the pure-Java compressor's bytes for prepared dictionaries, dictionaries as arrays and prefixes,
 * heap and direct buffers (other blocks stay in Java, and must match all the same); argument checks stay Java's; and the copy of a prepared dictionary that a pooled scratch
 * keeps is never used for another dictionary. Run by Surefire on the native backend too ({@code
 * native} execution, {@code celer.expect.native=true}); elsewhere the comparisons are Java against
 * Java.
 */
class NativeDictionaryCompressionTest {
  private static final boolean EXPECT_NATIVE = Boolean.getBoolean("celer.expect.native");

  /*
   * Read on first use, not in the class initializer: Corpus.read skips a test whose file only the
   * full corpus has (botocore-ec2.json), and a skip thrown from a class initializer fails every
   * test of the class instead (issue 24). book1 is in the sample corpus too.
   */
  private static byte[] book;
  private static byte[] json;

  private static byte[] book() {
    if (book == null) {
      book = Corpus.read("book1");
    }
    return book;
  }

  private static byte[] json() {
    if (json == null) {
      json = Corpus.read("botocore-ec2.json");
    }
    return json;
  }

  /**
   * The byte comparisons run where the native backend is expected (the {@code native} and {@code
   * native-system} executions); elsewhere they would compare the pure-Java compressor with itself
   * (about 40 s of a JDK 17 run, CI time for nothing).
   */
  private static void nativeOnly() {
    assumeTrue(EXPECT_NATIVE, "Java against Java compares nothing; the native executions run this");
  }

  @Test
  void fastDictionaryCompressionIsBoundWhenNativeIsExpected() {
    if (EXPECT_NATIVE) {
      assertTrue(NativeBackend.lz4DictCompression(), Lz4.backend());
      assertTrue(Lz4.fastCompressor().toString().startsWith("Lz4Native"));
    } else {
      assertEquals(false, NativeBackend.lz4DictCompression());
    }
  }

  @Test
  void preparedDictionaryGivesJavasBytes() {
    nativeOnly();
    for (byte[] all : new byte[][] {book(), json()}) {
      for (int dictLen : new int[] {1, 7, 8, 9, 100, 4096, 65535, 65536, 100_000}) {
        byte[] dictBytes = Arrays.copyOfRange(all, 200_000 - dictLen, 200_000);
        Lz4Dictionary dict = Lz4Dictionary.of(dictBytes);
        for (int len : new int[] {1, 255, 256, 1000, 4096, 4097, 16384, 65536, 300_000}) {
          byte[] in = Arrays.copyOfRange(all, 200_000, 200_000 + len);
          for (int acceleration : new int[] {1, 3, 65537}) {
            String what = "dictionary " + dictLen + ", input " + len + ", acceleration " + acceleration;
            byte[] java = compress(Lz4.javaFastCompressor(acceleration), in, dict);
            byte[] ours = compress(Lz4.fastCompressor(acceleration), in, dict);
            assertArrayEquals(java, ours, what);
            assertArrayEquals(compress(Lz4.javaFastCompressor(acceleration), in, dictBytes),
                compress(Lz4.fastCompressor(acceleration), in, dictBytes), what + ", byte[] dict");
            byte[] back = new byte[len];
            assertEquals(len, Lz4.decompressor().decompress(ours, 0, ours.length, back, 0, len, dictBytes, 0, dictBytes.length), what);
            assertArrayEquals(in, back, what);
          }
        }
      }
    }
  }

  /**
   * HC with a prepared dictionary at 4 KB and under (lz4 -D's dictCtx mode) goes native exactly
   * where liblz4 exports LZ4_attach_HC_dictionary: 1.10 (the bundled build), not Debian's 1.9.4;
   * {@link #highPreparedDictionaryGivesJavasBytes} then compares those blocks with Java's.
   */
  @Test
  void attachedHighDictionaryWhereTheLibraryHasIt() {
    if (EXPECT_NATIVE) {
      byte[] in = Arrays.copyOfRange(book(), 200_000, 201_000);
      Lz4Dictionary dict = Lz4Dictionary.of(Arrays.copyOfRange(book(), 200_000 - 65536, 200_000));
      assertArrayEquals(compress(Lz4.javaHighCompressor(9), in, dict), compress(Lz4.highCompressor(9), in, dict));
      assertEquals(Lz4.backend().startsWith("native: liblz4 1.10."), NativeBackend.lz4HighDictAttach(), Lz4.backend());
    } else {
      assertEquals(false, NativeBackend.lz4HighDictAttach());
    }
  }

  @Test
  void highPreparedDictionaryGivesJavasBytes() {
    nativeOnly();
    for (byte[] all : new byte[][] {book(), json()}) {
      for (int dictLen : new int[] {1000, 65536, 100_000}) {
        byte[] dictBytes = Arrays.copyOfRange(all, 200_000 - dictLen, 200_000);
        Lz4Dictionary dict = Lz4Dictionary.of(dictBytes);
        for (int level : new int[] {1, 2, 3, 9, 10, 12}) {
          for (int len : new int[] {255, 256, 1000, 4096, 4097, 65536}) {
            if (level >= 10 && len > 4097 && dictLen != 65536) {
              continue; // slow in Java, and the same path as the other lengths
            }
            byte[] in = Arrays.copyOfRange(all, 200_000, 200_000 + len);
            String what = "dictionary " + dictLen + ", input " + len + ", level " + level;
            byte[] java = compress(Lz4.javaHighCompressor(level), in, dict);
            byte[] ours = compress(Lz4.highCompressor(level), in, dict);
            assertArrayEquals(java, ours, what);
            assertArrayEquals(compress(Lz4.javaHighCompressor(level), in, dictBytes), compress(Lz4.highCompressor(level), in, dictBytes),
                what + ", byte[] dict");
            byte[] back = new byte[len];
            assertEquals(len, Lz4.decompressor().decompress(ours, 0, ours.length, back, 0, len, dictBytes, 0, dictBytes.length), what);
            assertArrayEquals(in, back, what);
          }
        }
      }
    }
  }

  @Test
  void prefixHistoryGivesJavasBytes() {
    nativeOnly();
    for (int level : new int[] {0, 9}) {
      Lz4Compressor c = level == 0 ? Lz4.fastCompressor() : Lz4.highCompressor(level);
      Lz4Compressor j = level == 0 ? Lz4.javaFastCompressor() : Lz4.javaHighCompressor(level);
      for (int hist : new int[] {8, 1000, 65536}) {
        for (int len : new int[] {256, 5000, 65536}) {
          int srcOff = 300_000;
          byte[] out = new byte[Lz4.maxCompressedLength(len)];
          byte[] expect = new byte[out.length];
          int n = c.compress(book(), srcOff, len, out, 0, out.length, book(), srcOff - hist, hist);
          int m = j.compress(book(), srcOff, len, expect, 0, expect.length, book(), srcOff - hist, hist);
          assertArrayEquals(Arrays.copyOf(expect, m), Arrays.copyOf(out, n), "level " + level + ", prefix " + hist + ", input " + len);
        }
      }
    }
  }

  @Test
  void directBuffersGiveJavasBytes() {
    nativeOnly();
    Lz4Dictionary dict = Lz4Dictionary.of(json(), 0, 65536);
    for (int len : new int[] {300, 4096, 65536, 200_000}) {
      byte[] in = Arrays.copyOfRange(json(), 65536, 65536 + len);
      byte[] java = compress(Lz4.javaFastCompressor(), in, dict);
      for (boolean directIn : new boolean[] {false, true}) {
        for (boolean directOut : new boolean[] {false, true}) {
          ByteBuffer src = directIn ? ByteBuffer.allocateDirect(len) : ByteBuffer.allocate(len);
          src.put(in).flip();
          int cap = Lz4.maxCompressedLength(len);
          ByteBuffer dst = directOut ? ByteBuffer.allocateDirect(cap) : ByteBuffer.allocate(cap);
          int n = Lz4.fastCompressor().compress(src, dst, dict);
          byte[] got = new byte[n];
          dst.flip().get(got);
          assertArrayEquals(java, got, "input " + len + (directIn ? ", direct in" : "") + (directOut ? ", direct out" : ""));
        }
      }
    }
  }

  @Test
  void offsetsAndLengthsAreCheckedBeforeTheCall() {
    Lz4Compressor c = Lz4.fastCompressor();
    Lz4Dictionary dict = Lz4Dictionary.of(book(), 0, 65536);
    byte[] src = Arrays.copyOfRange(book(), 65536, 65536 + 10_000);
    byte[] dst = new byte[Lz4.maxCompressedLength(src.length) + 16];
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, -1, 100, dst, 0, dst.length, dict));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, 0, src.length + 1, dst, 0, dst.length, dict));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, 0, src.length, dst, 1, dst.length, dict));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, 0, src.length, dst, 0, -5, dict));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, Integer.MAX_VALUE, 2, dst, 0, dst.length, dict));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, 0, 100, dst, 0, dst.length, book(), -1, 10));
    assertThrows(IndexOutOfBoundsException.class, () -> c.compress(src, 0, 100, dst, 0, dst.length, book(), book().length - 5, 10));
    assertThrows(NullPointerException.class, () -> c.compress(src, 0, 100, dst, 0, dst.length, (Lz4Dictionary) null));
    assertThrows(IllegalArgumentException.class, () -> c.compress(dst, 0, 1000, dst, 500, 2000, dict));
    // too little room: -1, and nothing written past the range (canary), on both overloads, fast
    // and HC; then exactly the compressed length is enough (a failed HC call leaves liblz4's state
    // "dirty": the next one must not be affected)
    for (Lz4Compressor k : new Lz4Compressor[] {c, Lz4.highCompressor(9)}) {
      for (int room : new int[] {0, 1, 100, 2000}) {
        Arrays.fill(dst, (byte) 0x5A);
        assertEquals(-1, k.tryCompress(src, 0, src.length, dst, 3, room, dict), k + ", room " + room);
        assertEquals(-1, k.tryCompress(src, 0, src.length, dst, 3, room, book(), 0, 65536), k + ", room " + room);
        for (int i = 3 + room; i < dst.length; i++) {
          assertEquals(0x5A, dst[i], k + ", room " + room + ", byte " + i);
        }
        for (int i = 0; i < 3; i++) {
          assertEquals(0x5A, dst[i], k + ", room " + room + ", byte " + i);
        }
      }
      Lz4Compressor j = k == c ? Lz4.javaFastCompressor() : Lz4.javaHighCompressor(9);
      byte[] java = compress(j, src, dict);
      assertEquals(java.length, k.tryCompress(src, 0, src.length, dst, 7, java.length, dict), k.toString());
      assertArrayEquals(java, Arrays.copyOfRange(dst, 7, 7 + java.length), k.toString());
      assertEquals(java.length, k.tryCompress(src, 0, src.length, dst, 7, java.length, book(), 0, 65536), k.toString());
      assertArrayEquals(java, Arrays.copyOfRange(dst, 7, 7 + java.length), k.toString());
    }
  }

  /**
   * A scratch keeps the last prepared dictionary it indexed, keyed weakly by the dictionary's bytes:
   * dictionaries made, used once and dropped while a collector runs all the time, one kept
   * throughout, and two that alternate, all give Java's bytes (a stale or foreign index would not).
   */
  @Test
  void preparedDictionariesOutliveTheirCallsAndAreCollected() throws InterruptedException {
    byte[] dictBytes = Arrays.copyOfRange(json(), 0, 65536);
    byte[] in = Arrays.copyOfRange(json(), 65536, 65536 + 4096);
    byte[] expect = compress(Lz4.javaFastCompressor(), in, Lz4Dictionary.of(dictBytes));
    Lz4Dictionary kept = Lz4Dictionary.of(dictBytes);
    Lz4Dictionary other = Lz4Dictionary.of(book(), 0, 65536);
    byte[] expectOther = compress(Lz4.javaFastCompressor(), in, other);
    Lz4Compressor high3 = Lz4.highCompressor(3);
    Lz4Compressor high9 = Lz4.highCompressor(9);
    byte[] expect3 = compress(Lz4.javaHighCompressor(3), in, kept);
    byte[] expect9 = compress(Lz4.javaHighCompressor(9), in, kept);
    AtomicBoolean done = new AtomicBoolean();
    Thread gc = new Thread(() -> {
      while (!done.get()) {
        System.gc();
        Thread.onSpinWait();
      }
    });
    gc.start();
    try {
      Lz4Compressor c = Lz4.fastCompressor();
      byte[] out = new byte[Lz4.maxCompressedLength(in.length)];
      // until the collector has taken 100 of the fresh dictionaries (each iteration checks the
      // previous one's): what matters is calls after a collection, not a count of calls (3,000
      // fixed calls took 40-50 s of CI under the collector's constant stops)
      WeakReference<Lz4Dictionary> previous = null;
      int collected = 0;
      for (int i = 0; i < 3000 && collected < 100; i++) {
        Lz4Dictionary fresh = Lz4Dictionary.of(dictBytes);
        WeakReference<Lz4Dictionary> freshRef = new WeakReference<>(fresh);
        int n = c.compress(in, 0, in.length, out, 0, out.length, fresh);
        fresh = null; // from here a scratch's weak key is the only reference to it
        assertArrayEquals(expect, Arrays.copyOf(out, n), "fresh dictionary, call " + i);
        if (previous != null && previous.get() == null) {
          collected++;
        }
        previous = freshRef;
        n = c.compress(in, 0, in.length, out, 0, out.length, kept);
        assertArrayEquals(expect, Arrays.copyOf(out, n), "kept dictionary, call " + i);
        n = c.compress(in, 0, in.length, out, 0, out.length, other);
        assertArrayEquals(expectOther, Arrays.copyOf(out, n), "other dictionary, call " + i);
        if (i % 10 == 0) {
          // HC at two levels with the kept dictionary: a scratch's HC state is keyed by level too
          n = high3.compress(in, 0, in.length, out, 0, out.length, kept);
          assertArrayEquals(expect3, Arrays.copyOf(out, n), "HC 3, call " + i);
          n = high9.compress(in, 0, in.length, out, 0, out.length, kept);
          assertArrayEquals(expect9, Arrays.copyOf(out, n), "HC 9, call " + i);
        }
      }
      assertTrue(collected >= 100, "the collector took only " + collected + " fresh dictionaries");
    } finally {
      done.set(true);
      gc.join();
    }
  }

  /**
   * Steady-state calls allocate nothing on the Java heap, once the dictionary's native form exists:
   * under half a byte per call on average (the counter itself, read reflectively, boxes its value).
   */
  @Test
  void steadyStateCallsAllocateNothing() throws ReflectiveOperationException {
    // reflectively: the tests are compiled inside module dev.celer, which does not read java.management
    Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
    java.lang.reflect.Method allocated = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
    if ((long) allocated.invoke(mx) < 0) {
      return; // no allocation counter on this JVM
    }
    Lz4Dictionary dict = Lz4Dictionary.of(book(), 0, 65536);
    byte[] in = Arrays.copyOfRange(book(), 65536, 65536 + 4096);
    byte[] out = new byte[Lz4.maxCompressedLength(in.length)];
    Lz4Compressor c = Lz4.fastCompressor();
    Lz4Compressor high = Lz4.highCompressor(9);
    int calls = 2000;
    long best = Long.MAX_VALUE;
    for (int round = 0; round < 30 && best >= calls / 2; round++) {
      long a0 = (long) allocated.invoke(mx);
      for (int i = 0; i < calls / 2; i++) {
        c.compress(in, 0, in.length, out, 0, out.length, dict);
        c.compress(in, 0, in.length, out, 0, out.length, book(), 0, 65536);
        if (i % 50 == 0) {
          high.compress(in, 0, in.length, out, 0, out.length, dict);
        }
      }
      best = Math.min(best, (long) allocated.invoke(mx) - a0);
    }
    // the JIT needs some rounds first
    assertTrue(best < calls / 2, best + " bytes allocated by " + calls + " steady-state calls");
  }

  /**
   * Linked HC blocks (as {@code lz4 -BD} writes them): with 64 KB of history liblz4's
   * external-dictionary mode, a first block of 4 KB or less after a dictionary in Java (dictCtx
   * mode), and at levels 10–12 (whose chain swap reads the chains earlier blocks left) in one
   * liblz4 state kept across the sequence (dev.celer.lz4.NativeLinkedHighTest has more); either
   * way the pure-Java stream's bytes, with a dictionary and without.
   */
  @Test
  void linkedHighBlocksGiveJavasBytes() {
    nativeOnly();
    for (int level : new int[] {3, 9, 12}) {
      for (byte[] dict : new byte[][] {null, Arrays.copyOf(json(), 70_000)}) {
        // 70 000: blocks over 64 KB, after which the Java finder continues its chains (lz4 -BD)
        for (int blockLen : new int[] {4096, 40_000, 70_000}) {
          Lz4StreamCompressor ours = Lz4.streamCompressor(Lz4.highCompressor(level));
          Lz4StreamCompressor java = Lz4.streamCompressor(Lz4.javaHighCompressor(level));
          if (dict != null) {
            ours.reset(dict, 0, dict.length);
            java.reset(dict, 0, dict.length);
          }
          byte[] a = new byte[Lz4.maxCompressedLength(blockLen)];
          byte[] b = new byte[a.length];
          int total = level == 12 ? 3 * Math.max(blockLen, 40_000) : 300_000; // HC 12 is slow in Java
          for (int off = 0; off + blockLen <= total; off += blockLen) {
            String what = "level " + level + (dict != null ? ", dictionary" : "") + ", block " + blockLen + " at " + off;
            int n = ours.compress(book(), off, blockLen, a, 0, a.length);
            int m = java.compress(book(), off, blockLen, b, 0, b.length);
            assertArrayEquals(Arrays.copyOf(b, m), Arrays.copyOf(a, n), what);
          }
        }
      }
    }
  }

  private static byte[] compress(Lz4Compressor c, byte[] in, Lz4Dictionary dict) {
    byte[] out = new byte[Lz4.maxCompressedLength(in.length)];
    return Arrays.copyOf(out, c.compress(in, 0, in.length, out, 0, out.length, dict));
  }

  private static byte[] compress(Lz4Compressor c, byte[] in, byte[] dict) {
    byte[] out = new byte[Lz4.maxCompressedLength(in.length)];
    return Arrays.copyOf(out, c.compress(in, 0, in.length, out, 0, out.length, dict, 0, dict.length));
  }
}
