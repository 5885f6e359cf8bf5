package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static dev.celer.lz4.frame.FrameTestSupport.readAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.testsupport.Corpus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Stream contracts of {@link Lz4FrameOutputStream} and {@link Lz4FrameInputStream}, in the JVM only. */
class Lz4FrameStreamTest {

  private static List<Lz4FrameOptions> someOptions() {
    List<Lz4FrameOptions> list = new ArrayList<>();
    for (Lz4FrameOptions.BlockSize b : Lz4FrameOptions.BlockSize.values()) {
      list.add(Lz4FrameOptions.builder().blockSize(b).build());
      list.add(Lz4FrameOptions.builder().blockSize(b).linkedBlocks(true).blockChecksum(true).build());
    }
    byte[] dict = mixed(80_000, 99);
    list.add(Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).dictionary(dict)
        .dictionaryId(0x1234).build());
    list.add(Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true)
        .dictionary(dict).dictionaryId(0x1234).contentChecksum(false).build());
    list.add(Lz4FrameOptions.builder().legacy(true).build());
    list.add(Lz4FrameOptions.builder().kafkaHeaderChecksum(true).blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    return list;
  }

  private static Lz4FrameReadOptions readOptionsFor(Lz4FrameOptions o) {
    Lz4FrameReadOptions.Builder b = Lz4FrameReadOptions.builder();
    if (o.dictionary() != null) {
      b.dictionary(o.dictionaryId(), o.dictionary());
    }
    if (o.kafkaHeaderChecksum()) {
      b.headerChecksum(Lz4FrameReadOptions.HeaderChecksum.KAFKA);
    }
    return b.build();
  }

  @Test
  void roundTripsCorpusFilesAndEdgeSizes() throws IOException {
    List<byte[]> inputs = new ArrayList<>();
    for (Path f : Corpus.some("alice29.txt", "fireworks.jpeg", "postgres-catalog.pages")) {
      inputs.add(Corpus.read(f));
    }
    for (int n : new int[] {0, 1, 12, 13, 65535, 65536, 65537, 262144 + 3}) {
      inputs.add(mixed(n, n));
    }
    for (Lz4FrameOptions o : someOptions()) {
      for (byte[] in : inputs) {
        byte[] frame = Lz4Frame.compress(in, o);
        assertBytes(in, Lz4Frame.decompress(frame, readOptionsFor(o)), o + " on " + in.length + " bytes");
      }
    }
  }

  @Test
  void streamAndOneShotWriteTheSameBytes() throws IOException {
    byte[] in = mixed(700_000, 5);
    Random r = new Random(11);
    System.out.println("streamAndOneShotWriteTheSameBytes: seed 11");
    for (Lz4FrameOptions o : someOptions()) {
      byte[] expected = Lz4Frame.compress(in, o);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o)) {
        int p = 0;
        while (p < in.length) {
          int n = Math.min(in.length - p, r.nextInt(3) == 0 ? 1 : r.nextInt(100_000));
          if (n == 1) {
            out.write(in[p]);
          } else {
            out.write(in, p, n);
          }
          p += n;
        }
      }
      assertBytes(expected, bytes.toByteArray(), "random write sizes, " + o);
    }
  }

  @Test
  void writtenAndReadOneByteAtATime() throws IOException {
    byte[] in = mixed(150_000, 8);
    for (Lz4FrameOptions o : someOptions()) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o)) {
        for (byte b : in) {
          out.write(b);
        }
      }
      byte[] frame = bytes.toByteArray();
      assertBytes(Lz4Frame.compress(in, o), frame, "byte-at-a-time writes, " + o);
      InputStream slow = new FrameTestSupport.OneByteInputStream(new ByteArrayInputStream(frame));
      assertBytes(in, readAll(new Lz4FrameInputStream(slow, readOptionsFor(o)), 1), "1-byte reads, " + o);
      slow = new FrameTestSupport.OneByteInputStream(new ByteArrayInputStream(frame));
      assertBytes(in, readAll(new Lz4FrameInputStream(slow, readOptionsFor(o)), 4096), "4 KB reads, " + o);
    }
  }

  /** Captures what reached the underlying stream after each flush. */
  @ParameterizedTest(name = "linked={0}")
  @ValueSource(booleans = {false, true})
  void flushMakesThePrefixDecodable(boolean linked) throws IOException {
    byte[] in = mixed(300_000, 21);
    int[] cuts = {0, 1, 1000, 70_000, 70_001, 200_000, 300_000};
    for (Lz4FrameOptions o : List.of(
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(linked).build(),
        Lz4FrameOptions.builder().legacy(true).build())) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o);
      int p = 0;
      for (int cut : cuts) {
        out.write(in, p, cut - p);
        p = cut;
        out.flush();
        byte[] prefix = bytes.toByteArray();
        // What was flushed decodes to exactly what was written; the frame is not finished, so
        // reading on reports truncation (legacy frames end at EOF and are complete).
        Lz4FrameInputStream r = new Lz4FrameInputStream(new ByteArrayInputStream(prefix));
        byte[] got = new byte[cut];
        int n = 0;
        while (n < cut) {
          int k = r.read(got, n, cut - n);
          assertTrue(k > 0, "read returned " + k + " after " + n + " of " + cut + " flushed bytes");
          n += k;
        }
        assertBytes(Arrays.copyOf(in, cut), got, "flushed prefix of " + cut + " bytes, " + o);
        if (o.legacy()) {
          assertEquals(-1, r.read());
        } else {
          Lz4StreamException e = assertThrows(Lz4StreamException.class, r::read);
          assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        }
      }
      out.close();
      assertBytes(in, FrameTestSupport.lz4(bytes.toByteArray(), "-d", "-c"), "lz4 -d after flushes, " + o);
    }
  }

  @Test
  void closeTwiceAndWriteAfterClose() throws IOException {
    int[] closes = new int[1];
    ByteArrayOutputStream bytes = new ByteArrayOutputStream() {
      @Override
      public void close() {
        closes[0]++;
      }
    };
    Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes);
    out.write(new byte[] {1, 2, 3});
    out.close();
    int len = bytes.size();
    out.close();
    assertEquals(len, bytes.size(), "second close writes nothing");
    assertEquals(1, closes[0], "underlying closed once");
    assertThrows(IOException.class, () -> out.write(1));
    assertThrows(IOException.class, () -> out.write(new byte[5], 0, 5));
    assertThrows(IOException.class, out::flush);

    Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    assertEquals(1, in.read());
    in.close();
    in.close();
    assertThrows(IOException.class, in::read);
  }

  @Test
  void closeUnderlyingCanBeTurnedOff() throws IOException {
    boolean[] closed = new boolean[1];
    ByteArrayOutputStream bytes = new ByteArrayOutputStream() {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, Lz4FrameOptions.builder().closeUnderlying(false).build())) {
      out.write(7);
    }
    assertFalse(closed[0]);
    boolean[] inClosed = new boolean[1];
    InputStream src = new ByteArrayInputStream(bytes.toByteArray()) {
      @Override
      public void close() {
        inClosed[0] = true;
      }
    };
    try (Lz4FrameInputStream in = new Lz4FrameInputStream(src, Lz4FrameReadOptions.builder().closeUnderlying(false).build())) {
      assertEquals(7, in.read());
      assertEquals(-1, in.read());
    }
    assertFalse(inClosed[0]);
  }

  @Test
  void contentSizeMismatchOnWrite() throws IOException {
    Lz4FrameOptions o = Lz4FrameOptions.builder().contentSize(10).build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o);
    out.write(new byte[9]);
    IOException e = assertThrows(IOException.class, () -> out.write(new byte[2]));
    assertTrue(e.getMessage().contains("content size"), e.getMessage());
    e = assertThrows(IOException.class, out::close);
    assertTrue(e.getMessage().contains("content size mismatch"), e.getMessage());
    // The frame was left without its end: a reader does not take it for complete.
    assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(bytes.toByteArray()));
    assertThrows(IllegalArgumentException.class, () -> Lz4Frame.compress(new byte[3], o));
  }

  /** An underlying stream that fails after {@code limit} bytes. */
  private static final class FailingOutputStream extends FilterOutputStream {
    private int left;

    FailingOutputStream(OutputStream out, int limit) {
      super(out);
      this.left = limit;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len > left) {
        out.write(b, off, left);
        left = 0;
        throw new IOException("disk full");
      }
      left -= len;
      out.write(b, off, len);
    }
  }

  @Test
  void underlyingFailureOnWriteSurfacesAndNeverEndsTheFrame() throws IOException {
    byte[] in = mixed(200_000, 4);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    Lz4FrameOutputStream out = new Lz4FrameOutputStream(new FailingOutputStream(sink, 50_000),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).contentChecksum(false).build());
    IOException e = assertThrows(IOException.class, () -> out.write(in));
    assertEquals("disk full", e.getMessage());
    assertThrows(IOException.class, () -> out.write(1));
    // Closes the underlying stream, writes no frame end, and reports the latched failure.
    assertEquals(e, assertThrows(IOException.class, out::close).getCause());
    Lz4StreamException x = assertThrows(Lz4StreamException.class, () -> Lz4Frame.decompress(sink.toByteArray()));
    assertTrue(x.getMessage().contains("truncated"), x.getMessage());
  }

  @Test
  void underlyingFailureOnReadSurfaces() throws IOException {
    byte[] frame = Lz4Frame.compress(mixed(200_000, 6), Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    IOException boom = new IOException("network down");
    InputStream failing = new InputStream() {
      int p;

      @Override
      public int read() throws IOException {
        if (p == 30_000) {
          throw boom;
        }
        return frame[p++] & 0xFF;
      }
    };
    Lz4FrameInputStream in = new Lz4FrameInputStream(failing);
    IOException e = assertThrows(IOException.class, () -> readAll(in, 8192));
    assertSame(boom, e);
    // and the stream stays failed rather than resuming mid-frame
    assertThrows(IOException.class, in::read);
  }

  @Test
  void availableAndSkipAreHonest() throws IOException {
    byte[] in = mixed(500_000, 9);
    byte[] frame = Lz4Frame.compress(in, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).build());
    Lz4FrameInputStream s = new Lz4FrameInputStream(new ByteArrayInputStream(frame));
    assertEquals(0, s.available(), "nothing decoded yet");
    assertEquals(in[0] & 0xFF, s.read());
    assertEquals(65536 - 1, s.available(), "the rest of the first block");
    assertEquals(100_000, s.skip(100_000));
    assertEquals(in[100_001] & 0xFF, s.read());
    assertTrue(s.available() <= 65536);
    assertEquals(in.length - 100_002, s.skip(Long.MAX_VALUE));
    assertEquals(0, s.skip(10));
    assertEquals(0, s.available());
    assertEquals(-1, s.read());
    assertEquals(-1, s.read(new byte[4], 0, 4));
    assertEquals(0, s.read(new byte[4], 0, 0));
  }

  @Test
  void emptyFramesAnywhereInTheStream() throws IOException {
    byte[] empty = Lz4Frame.compress(new byte[0]);
    byte[] one = Lz4Frame.compress(new byte[] {42});
    byte[] stream = FrameTestSupport.concat(empty, empty, one, empty, empty);
    assertBytes(new byte[] {42}, Lz4Frame.decompress(stream), "empty frames");
    assertEquals(0, Lz4Frame.decompress(FrameTestSupport.concat(empty, empty, empty)).length);
    Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(stream));
    assertEquals(42, in.read());
    assertEquals(-1, in.read());
    assertEquals(5, in.framesRead());
  }

  /** The -T N path: blocks encoded on threads and written in order give the single-thread bytes. */
  @Test
  void parallelBlockEncodingGivesIdenticalOutput() throws Exception {
    byte[] in = mixed(1_000_000, 13);
    for (Lz4FrameOptions o : List.of(
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).build(),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).contentSize(in.length)
            .dictionary(mixed(10_000, 1)).build(),
        Lz4FrameOptions.builder().legacy(true).build())) {
      Lz4FrameBlockEncoder enc = Lz4FrameBlockEncoder.of(o);
      ExecutorService pool = Executors.newFixedThreadPool(3);
      try {
        List<Future<byte[]>> blocks = new ArrayList<>();
        for (int p = 0; p < in.length; p += enc.maxBlockSize()) {
          int off = p;
          int len = Math.min(enc.maxBlockSize(), in.length - p);
          blocks.add(pool.submit(() -> {
            byte[] dst = new byte[enc.maxEncodedLength(len)];
            int n = enc.encode(in, off, len, dst, 0);
            return Arrays.copyOf(dst, n);
          }));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o)) {
          for (int i = 0; i < blocks.size(); i++) {
            byte[] b = blocks.get(i).get();
            int off = i * enc.maxBlockSize();
            out.writeEncodedBlock(b, 0, b.length, in, off, Math.min(enc.maxBlockSize(), in.length - off));
          }
        }
        assertBytes(Lz4Frame.compress(in, o), bytes.toByteArray(), "parallel vs single-threaded, " + o);
      } finally {
        pool.shutdown();
      }
    }
    assertThrows(IllegalArgumentException.class,
        () -> Lz4FrameBlockEncoder.of(Lz4FrameOptions.builder().linkedBlocks(true).build()));
  }

  @Test
  void listWithoutDecoding() throws IOException {
    byte[] in = mixed(300_000, 17);
    byte[] frame = Lz4Frame.compress(in, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB)
        .contentSize(in.length).dictionaryId(77).build());
    Lz4FrameInfo info = Lz4Frame.list(new ByteArrayInputStream(frame)).get(0);
    assertEquals(Lz4FrameInfo.Type.FRAME, info.type());
    assertEquals(Lz4FrameOptions.BlockSize.SIZE_64KB, info.blockSize());
    assertEquals(in.length, info.contentSize());
    assertEquals(5, info.blockCount());
    assertTrue(info.hasDictionaryId());
    assertEquals(77, info.dictionaryId());
    assertEquals(frame.length, info.compressedSize());
    assertTrue(info.contentChecksum());
    assertFalse(info.blockChecksum());
  }
}
