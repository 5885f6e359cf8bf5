package net.jpountz.lz4;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import net.jpountz.xxhash.StreamingXXHash32;
import net.jpountz.xxhash.StreamingXXHash64;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;

/**
 * Issue 21 on the drop-in: {@code close()} of {@link LZ4FrameInputStream} and {@link
 * LZ4BlockInputStream} after a failed read closes the underlying stream once and returns normally
 * (later reads keep throwing); the underlying stream's failure to close is thrown once; the
 * output streams' close reports a failure once. And a closed streaming hash behaves as lz4-java's
 * would: the JNI factory's throws {@link AssertionError}, the Java factories' keep working.
 */
class CloseAfterFailureTest {
  private static final byte[] DATA = BlockApiTest.sample(200_000, 21);

  /** Hands out at most 1000 bytes a read; one read throws, once; counts closes, whose failure it may throw. */
  static final class Source extends InputStream {
    private final byte[] data;
    private final int failingRead;
    final IOException readFailure = new IOException("injected read failure");
    IOException closeFailure;
    private int pos;
    private int reads;
    int closes;

    Source(byte[] data, int failingRead) {
      this.data = data;
      this.failingRead = failingRead;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (++reads == failingRead) {
        throw readFailure;
      }
      if (pos == data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, 1000), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }

  private interface Opener {
    InputStream open(InputStream in) throws IOException;
  }

  private static byte[] frame() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(b, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB,
        LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM)) {
      out.write(DATA);
    }
    return b.toByteArray();
  }

  private static byte[] blocks() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (LZ4BlockOutputStream out = new LZ4BlockOutputStream(b)) {
      out.write(DATA);
    }
    return b.toByteArray();
  }

  /** The inputs that fail: empty, a cut magic number, a corrupt first block, and (0) a read that throws. */
  private static Source[] failing(byte[] good) {
    byte[] bad = good.clone();
    Arrays.fill(bad, 30, 130, (byte) 0xFF);
    return new Source[] {new Source(new byte[0], 0), new Source(Arrays.copyOf(good, 2), 0), new Source(bad, 0),
        new Source(good, 5)};
  }

  private static IOException readFails(InputStream in, String what) {
    return assertThrows(IOException.class, () -> {
      byte[] buf = new byte[4096];
      while (in.read(buf) >= 0) {
        // until the failure
      }
    }, what);
  }

  @Test
  void inputStreamsCloseNormallyAfterAFailure() throws IOException {
    Opener[] openers = {LZ4FrameInputStream::new, LZ4BlockInputStream::new};
    byte[][] encoded = {frame(), blocks()};
    for (int k = 0; k < openers.length; k++) {
      Source[] sources = failing(encoded[k]);
      for (int i = 0; i < sources.length; i++) {
        for (boolean closeFails : new boolean[] {false, true}) {
          String what = (k == 0 ? "LZ4FrameInputStream" : "LZ4BlockInputStream") + ", failure " + i
              + (closeFails ? ", the underlying close fails" : "");
          Source src = failing(encoded[k])[i];
          IOException closeFailure = new IOException("injected close failure");
          if (closeFails) {
            src.closeFailure = closeFailure;
          }
          InputStream in = openers[k].open(src);
          IOException first = readFails(in, what);
          if (i == 3) {
            assertSame(src.readFailure, first, what);
          }
          if (closeFails) {
            assertSame(closeFailure, assertThrows(IOException.class, in::close, what), what);
          } else {
            assertDoesNotThrow(in::close, what);
          }
          assertDoesNotThrow(in::close, what + ": a second close does nothing");
          assertEquals(1, src.closes, what + ": the underlying stream is closed once");
          assertThrows(IOException.class, in::read, what + ": read after close");
        }
      }
    }
  }

  /** The example of the issue. */
  @Test
  void tryWithResourcesOverAnEmptyFrameInput() throws IOException {
    Source empty = new Source(new byte[0], 0);
    try (InputStream in = new LZ4FrameInputStream(empty)) {
      assertThrows(IOException.class, in::read);
    }
    assertEquals(1, empty.closes);
  }

  /** Fails write number {@code failingWrite} (0: none); counts closes; may fail close. */
  static final class Sink extends OutputStream {
    private final int failingWrite;
    final IOException writeFailure = new IOException("injected write failure");
    IOException closeFailure;
    private int writes;
    int closes;

    Sink(int failingWrite) {
      this.failingWrite = failingWrite;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (++writes == failingWrite) {
        throw writeFailure;
      }
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }

  private interface Writer {
    OutputStream open(OutputStream out) throws IOException;
  }

  @Test
  void outputStreamsReportAFailureOnce() throws IOException {
    Writer[] writers = {
        out -> new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB),
        out -> new LZ4BlockOutputStream(out, 1 << 16)};
    for (int k = 0; k < writers.length; k++) {
      for (boolean earlier : new boolean[] {false, true}) {
        for (boolean closeFails : new boolean[] {false, true}) {
          if (!earlier && !closeFails) {
            continue;
          }
          String what = (k == 0 ? "LZ4FrameOutputStream" : "LZ4BlockOutputStream")
              + (earlier ? ", a write failed" : "") + (closeFails ? ", the underlying close fails" : "");
          Sink sink = new Sink(earlier ? 2 : 0);
          IOException closeFailure = new IOException("injected close failure");
          if (closeFails) {
            sink.closeFailure = closeFailure;
          }
          OutputStream out = writers[k].open(sink);
          if (earlier) {
            assertSame(sink.writeFailure, assertThrows(IOException.class, () -> out.write(DATA), what));
            IOException reported = assertThrows(IOException.class, out::close, what);
            assertSame(sink.writeFailure, reported.getCause(), what + ": " + reported);
          } else {
            out.write(DATA);
            assertSame(closeFailure, assertThrows(IOException.class, out::close, what), what);
          }
          assertDoesNotThrow(out::close, what + ": a second close does nothing");
          assertEquals(1, sink.closes, what + ": the underlying stream is closed once");
        }
      }
    }
  }

  // ------------------------------------------------------------------ streaming hashes after close

  /** lz4-java's JNI factory (and fastestInstance, which is JNI where lz4-java's library loads). */
  @Test
  void aClosedStreamingHashOfTheJniFactoryThrowsAssertionError() {
    for (XXHashFactory f : new XXHashFactory[] {XXHashFactory.nativeInstance(), XXHashFactory.fastestInstance()}) {
      StreamingXXHash32 h32 = f.newStreamingHash32(1);
      StreamingXXHash64 h64 = f.newStreamingHash64(1);
      h32.update(DATA, 0, 10);
      h64.update(DATA, 0, 10);
      h32.close();
      h64.close();
      assertThrows(AssertionError.class, () -> h32.update(null, 0, 0), f + ": the state is checked first");
      assertThrows(AssertionError.class, () -> h32.update(DATA, 0, 10));
      assertThrows(AssertionError.class, h32::getValue);
      assertThrows(AssertionError.class, h32::reset);
      assertThrows(AssertionError.class, () -> h32.asChecksum().getValue());
      assertThrows(AssertionError.class, () -> h64.update(null, 0, 0));
      assertThrows(AssertionError.class, () -> h64.update(DATA, 0, 10));
      assertThrows(AssertionError.class, h64::getValue);
      assertThrows(AssertionError.class, h64::reset);
      assertDoesNotThrow(h32::close, "closing again does nothing");
      assertDoesNotThrow(h64::close);
    }
  }

  @Test
  void aClosedStreamingHashOfAJavaFactoryKeepsWorking() {
    for (XXHashFactory f : new XXHashFactory[] {XXHashFactory.safeInstance(), XXHashFactory.unsafeInstance(),
        XXHashFactory.fastestJavaInstance()}) {
      StreamingXXHash32 h32 = f.newStreamingHash32(1);
      StreamingXXHash64 h64 = f.newStreamingHash64(1);
      h32.update(DATA, 0, 10);
      h64.update(DATA, 0, 10);
      h32.close();
      h64.close();
      assertThrows(NullPointerException.class, () -> h32.update(null, 0, 0), f + ": the range check, as lz4-java's");
      h32.update(DATA, 10, 90);
      h64.update(DATA, 10, 90);
      assertEquals(f.hash32().hash(DATA, 0, 100, 1), h32.getValue(), f.toString());
      assertEquals(f.hash64().hash(DATA, 0, 100, 1), h64.getValue(), f.toString());
      h32.reset();
      h64.reset();
      assertEquals(f.hash32().hash(DATA, 0, 0, 1), h32.getValue());
      assertEquals(f.hash64().hash(DATA, 0, 0, 1), h64.getValue());
    }
  }
}
