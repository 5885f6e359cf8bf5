package dev.celer.lz4.seekable;

import static dev.celer.lz4.seekable.SeekableTestData.blocks;
import static dev.celer.lz4.seekable.SeekableTestData.mixed;
import static dev.celer.lz4.seekable.SeekableTestData.run;
import static dev.celer.lz4.seekable.SeekableTestData.seekable;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock {@code lz4} tool (1.9.4, /usr/bin/lz4) reads every seekable file Celer writes, from a
 * file and from a pipe, and tests it; and Celer indexes the files {@code lz4} writes, in place or
 * as a side-car, then reads them at random positions.
 */
class SeekableCliInteropTest {
  private static final String LZ4 = "lz4";

  @Test
  void stockLz4DecodesEverySeekableFile(@TempDir Path tmp) throws Exception {
    byte[] text = mixed(1_200_000, 31);
    for (Lz4FrameOptions.BlockSize bs : Lz4FrameOptions.BlockSize.values()) {
      for (Lz4FrameOptions o : new Lz4FrameOptions[] {blocks(bs),
          blocks(bs).toBuilder().level(9).contentSize(text.length).build()}) {
        checkStockLz4(tmp, text, seekable(text, o), bs + " " + o);
      }
    }
    checkStockLz4(tmp, SeekableTestData.random(300_000, 32), seekable(SeekableTestData.random(300_000, 32),
        SeekableLz4Writer.DEFAULT_OPTIONS), "incompressible");
    checkStockLz4(tmp, new byte[0], seekable(new byte[0], SeekableLz4Writer.DEFAULT_OPTIONS), "empty");
    checkStockLz4(tmp, new byte[] {7}, seekable(new byte[] {7}, SeekableLz4Writer.DEFAULT_OPTIONS), "one byte");
  }

  @Test
  void stockLz4DecodesAppendedFiles(@TempDir Path tmp) throws Exception {
    byte[] a = mixed(200_000, 33);
    byte[] b = SeekableTestData.random(100_000, 34);
    byte[] c = mixed(150_000, 35);
    Path p = tmp.resolve("appended.lz4");
    Files.write(p, seekable(a, SeekableLz4Writer.DEFAULT_OPTIONS));
    try (SeekableLz4Writer w = SeekableLz4Writer.append(p, blocks(Lz4FrameOptions.BlockSize.SIZE_1MB))) {
      w.write(b);
    }
    try (SeekableLz4Writer w = SeekableLz4Writer.append(p, SeekableLz4Writer.DEFAULT_OPTIONS)) {
      w.write(c);
    }
    byte[] all = concat(a, b, c);
    checkStockLz4(tmp, all, Files.readAllBytes(p), "appended twice");
    try (SeekableLz4Reader r = SeekableLz4Reader.open(p)) {
      assertEquals(3, r.index().frameCount());
      SeekableLz4ReaderTest.checkReads(r, all, 300, 36);
    }
  }

  @Test
  void indexesFilesTheStockToolWrote(@TempDir Path tmp) throws Exception {
    byte[] data = mixed(1_500_000, 37);
    Path in = tmp.resolve("in");
    Files.write(in, data);
    String[][] variants = {{}, {"-B4"}, {"-B5", "-BX", "--content-size"}, {"-9", "-B6", "--no-frame-crc"}};
    for (String[] v : variants) {
      String name = "stock" + String.join("", v).replace("-", "_") + ".lz4";
      Path f = tmp.resolve(name);
      String[] cmd = new String[v.length + 5];
      cmd[0] = LZ4;
      cmd[1] = "-q";
      cmd[2] = "-f";
      System.arraycopy(v, 0, cmd, 3, v.length);
      cmd[cmd.length - 2] = in.toString();
      cmd[cmd.length - 1] = f.toString();
      run(null, 0, cmd);
      byte[] stock = Files.readAllBytes(f);

      // side-car: the data file stays as lz4 wrote it
      SeekIndex side = SeekableLz4Indexer.writeSidecar(f);
      assertArrayEquals(stock, Files.readAllBytes(f));
      try (SeekableLz4Reader r = SeekableLz4Reader.open(source(f), source(SeekableLz4Indexer.sidecarPath(f)),
          SeekableReadOptions.defaults())) {
        assertEquals(side.blockCount(), r.index().blockCount());
        SeekableLz4ReaderTest.checkReads(r, data, 200, 38);
      }

      // in place: appended, and lz4 still decodes it
      SeekableLz4Indexer.appendIndex(f);
      checkStockLz4(tmp, data, Files.readAllBytes(f), name + " indexed");
      try (SeekableLz4Reader r = SeekableLz4Reader.open(f)) {
        SeekableLz4ReaderTest.checkReads(r, data, 200, 39);
      }
      // an unindexed file is NOT_SEEKABLE; a side-car of another file is BAD_INDEX
      Path plain = tmp.resolve("plain.lz4");
      Files.write(plain, stock);
      Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> SeekableLz4Reader.open(plain));
      assertEquals(Lz4StreamException.Kind.NOT_SEEKABLE, e.kind());
      Files.write(plain, Arrays.copyOf(stock, stock.length + 1));
      e = assertThrows(Lz4StreamException.class, () -> SeekableLz4Reader.open(source(plain),
          source(SeekableLz4Indexer.sidecarPath(f)), SeekableReadOptions.defaults()));
      assertEquals(Lz4StreamException.Kind.BAD_INDEX, e.kind());
    }
  }

  @Test
  void linkedBlocksAndLegacyFramesAreRefused(@TempDir Path tmp) throws Exception {
    byte[] data = mixed(300_000, 40);
    Path in = tmp.resolve("in");
    Files.write(in, data);
    // -B4: with one block, lz4 marks even a -BD frame independent
    for (String v : new String[] {"-BD", "-l"}) {
      Path f = tmp.resolve("refused" + v + ".lz4");
      run(null, 0, LZ4, "-q", "-f", "-B4", v, in.toString(), f.toString());
      Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> SeekableLz4Indexer.index(f));
      assertEquals(Lz4StreamException.Kind.NOT_SEEKABLE, e.kind(), e.getMessage());
    }
  }

  /** {@code lz4 -d FILE}, {@code cat FILE | lz4 -d} and {@code lz4 -t FILE} on a seekable file. */
  static void checkStockLz4(Path tmp, byte[] expected, byte[] file, String what) throws Exception {
    Path f = Files.createTempFile(tmp, "seekable", ".lz4");
    Files.write(f, file);
    assertArrayEquals(expected, run(null, 0, LZ4, "-d", "-c", f.toString()), "lz4 -d FILE: " + what);
    assertArrayEquals(expected, run(file, 0, LZ4, "-d", "-c"), "cat FILE | lz4 -d: " + what);
    run(null, 0, LZ4, "-t", "-q", f.toString());
    Files.delete(f);
  }

  private static RandomAccessSource source(Path p) throws IOException {
    return RandomAccessSource.of(FileChannel.open(p, StandardOpenOption.READ));
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int o = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, o, p.length);
      o += p.length;
    }
    return out;
  }
}
