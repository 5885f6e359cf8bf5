package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.concat;
import static dev.celer.lz4.frame.FrameTestSupport.lz4;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static dev.celer.lz4.frame.FrameTestSupport.skippable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Interop with the real {@code lz4} command (Debian, 1.9.4), both ways: frames Celer writes decode
 * with {@code lz4 -d} to the same bytes, frames {@code lz4} writes decode with Celer, across the
 * command's frame options ({@code -B4..-B7}, {@code -BD}, {@code -BX}, {@code --no-frame-crc},
 * {@code --content-size}, {@code -D}, {@code -l}), plus concatenated and skippable frames and
 * {@code lz4 --list}.
 */
class Lz4FrameInteropTest {
  /** Small enough for a fast matrix, large enough for several 64 KB and 256 KB blocks. */
  private static final byte[] INPUT = mixed(600_000, 42);
  private static final byte[] DICT = mixed(100_000, 7);

  @TempDir Path tmp;

  static Stream<Arguments> combinations() {
    List<Arguments> list = new ArrayList<>();
    for (int b = 4; b <= 7; b++) {
      for (int mask = 0; mask < 16; mask++) {
        list.add(Arguments.of(b, (mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0, (mask & 8) != 0, false));
      }
    }
    // Dictionary (-D): no dictionary ID in the header, as lz4 writes it.
    for (int b : new int[] {4, 7}) {
      for (int mask = 0; mask < 4; mask++) {
        list.add(Arguments.of(b, (mask & 1) != 0, (mask & 2) != 0, true, b == 4, true));
      }
    }
    return list.stream();
  }

  @ParameterizedTest(name = "-B{0} linked={1} -BX={2} crc={3} size={4} dict={5}")
  @MethodSource("combinations")
  void bothWays(int b, boolean linked, boolean blockCrc, boolean contentCrc, boolean contentSize, boolean dict)
      throws IOException {
    Path in = tmp.resolve("in.bin");
    Files.write(in, INPUT);
    Path dictFile = tmp.resolve("dict.bin");
    Files.write(dictFile, DICT);

    List<String> args = new ArrayList<>();
    args.add("-B" + b);
    if (linked) {
      args.add("-BD");
    }
    if (blockCrc) {
      args.add("-BX");
    }
    if (!contentCrc) {
      args.add("--no-frame-crc");
    }
    if (contentSize) {
      args.add("--content-size");
    }
    if (dict) {
      args.add("-D");
      args.add(dictFile.toString());
    }

    Lz4FrameOptions.Builder ob = Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.ofCode(b))
        .linkedBlocks(linked)
        .blockChecksum(blockCrc)
        .contentChecksum(contentCrc)
        .contentSize(contentSize ? INPUT.length : -1);
    Lz4FrameReadOptions.Builder rb = Lz4FrameReadOptions.builder();
    if (dict) {
      ob.dictionary(DICT);
      rb.dictionary(DICT);
    }

    // Ours -> lz4 -d
    byte[] ours = Lz4Frame.compress(INPUT, ob.build());
    List<String> d = new ArrayList<>(List.of("-d", "-c"));
    if (dict) {
      d.add("-D");
      d.add(dictFile.toString());
    }
    assertBytes(INPUT, lz4(ours, d.toArray(new String[0])), "lz4 -d of Celer's frame");

    // lz4 -> ours
    List<String> c = new ArrayList<>(args);
    c.add("-c");
    c.add(in.toString());
    byte[] theirs = lz4(null, c.toArray(new String[0]));
    assertBytes(INPUT, Lz4Frame.decompress(theirs, rb.build()), "Celer's decoding of lz4's frame");
    // and the frame lz4 wrote says what was asked for
    Lz4FrameInfo info = Lz4Frame.list(new ByteArrayInputStream(theirs)).get(0);
    if (INPUT.length > info.blockSize().bytes()) {
      // (lz4 writes a frame of one block as independent, whatever -BD says)
      assertEquals(linked, info.linkedBlocks());
    }
    assertEquals(blockCrc, info.blockChecksum());
    assertEquals(contentCrc, info.contentChecksum());
  }

  @ParameterizedTest(name = "level {0}")
  @ValueSource(ints = {-20, -3, 0, 1, 2, 3, 9, 12})
  void levelsDecodeWithLz4(int level) {
    for (boolean linked : new boolean[] {false, true}) {
      byte[] ours = Lz4Frame.compress(INPUT, Lz4FrameOptions.builder().level(level).linkedBlocks(linked)
          .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).dictionary(DICT).build());
      assertBytes(INPUT, lz4(ours, "-d", "-c", "-D", dictFile()), "lz4 -d, level " + level + ", linked " + linked);
    }
    byte[] legacy = Lz4Frame.compress(INPUT, Lz4FrameOptions.builder().level(level).legacy(true).build());
    assertBytes(INPUT, lz4(legacy, "-d", "-c"), "lz4 -d, legacy, level " + level);
  }

  private String dictFile() {
    try {
      Path d = tmp.resolve("dict.bin");
      Files.write(d, DICT);
      return d.toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void legacyBothWays() throws IOException {
    byte[] big = concat(INPUT, INPUT, mixed(9_000_000, 3)); // more than one 8 MB legacy block
    byte[] ours = Lz4Frame.compress(big, Lz4FrameOptions.builder().legacy(true).build());
    assertBytes(big, lz4(ours, "-d", "-c"), "lz4 -d of Celer's legacy frame");
    Path in = tmp.resolve("big.bin");
    Files.write(in, big);
    byte[] theirs = lz4(null, "-l", "-c", in.toString());
    assertBytes(big, Lz4Frame.decompress(theirs), "Celer's decoding of lz4 -l");
    List<Lz4FrameInfo> frames = Lz4Frame.list(new ByteArrayInputStream(theirs));
    assertEquals(1, frames.size());
    assertEquals(Lz4FrameInfo.Type.LEGACY, frames.get(0).type());
    assertEquals(2, frames.get(0).blockCount());
  }

  @Test
  void concatenatedAndSkippableFrames() throws IOException {
    byte[] a = mixed(70_000, 1);
    byte[] b = mixed(5_000, 2);
    Path fa = tmp.resolve("a");
    Files.write(fa, a);
    Path fb = tmp.resolve("b");
    Files.write(fb, b);
    byte[] lzA = lz4(null, "-c", fa.toString());
    byte[] lzB = lz4(null, "-l", "-c", fb.toString());
    byte[] ourA = Lz4Frame.compress(a, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build());
    byte[] ourEmpty = Lz4Frame.compress(new byte[0]);
    byte[] ourLegacyB = Lz4Frame.compress(b, Lz4FrameOptions.builder().legacy(true).build());
    byte[] skip = skippable(0xA, "user data".getBytes(StandardCharsets.US_ASCII));
    byte[] skipEmpty = skippable(0, new byte[0]);

    // "it's recommended to start with a zero-byte LZ4 frame followed by a skippable frame"
    byte[] stream = concat(ourEmpty, skip, lzA, ourLegacyB, lzB, skipEmpty, ourA, skippable(0xF, new byte[70_000]));
    byte[] expected = concat(a, b, b, a);
    assertBytes(expected, Lz4Frame.decompress(stream), "Celer: concatenated frames");
    assertBytes(expected, lz4(stream, "-d", "-c"), "lz4 -d: concatenated frames");
    assertBytes(expected, FrameTestSupport.readAll(
        new Lz4FrameInputStream(new FrameTestSupport.OneByteInputStream(new ByteArrayInputStream(stream))), 1),
        "Celer, one byte at a time: concatenated frames");

    List<Lz4FrameInfo> frames = Lz4Frame.list(new ByteArrayInputStream(stream));
    assertEquals(8, frames.size());
    assertEquals(Lz4FrameInfo.Type.SKIPPABLE, frames.get(1).type());
    assertEquals(0x184D2A5A, frames.get(1).skippableMagic());
    assertEquals(Lz4FrameInfo.Type.LEGACY, frames.get(3).type());
    long total = 0;
    for (Lz4FrameInfo f : frames) {
      total += f.compressedSize();
    }
    assertEquals(stream.length, total);

    // Skippable frames written by the API.
    java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
    o.write(ourEmpty);
    Lz4Frame.writeSkippableFrame(o, 3, new byte[] {1, 2, 3}, 0, 3);
    o.write(ourA);
    assertBytes(a, lz4(o.toByteArray(), "-d", "-c"), "lz4 -d with Celer's skippable frame");
    assertBytes(a, Lz4Frame.decompress(o.toByteArray()), "Celer with its skippable frame");
  }

  @Test
  void lz4ListAcceptsOurFrames() throws IOException {
    Path f = tmp.resolve("ours.lz4");
    Files.write(f, Lz4Frame.compress(INPUT, Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_256KB).linkedBlocks(true).blockChecksum(true)
        .contentSize(INPUT.length).build()));
    FrameTestSupport.Result r = FrameTestSupport.run(null, "--list", f.toString());
    assertEquals(0, r.exit, r.stderr);
    String listing = new String(r.stdout, StandardCharsets.UTF_8) + r.stderr;
    assertTrue(listing.contains("LZ4Frame"), listing);
    assertTrue(listing.contains("B5D"), listing);
    assertTrue(listing.contains("585.94K"), listing); // content size from the header: 600,000 bytes
    // lz4 -t agrees the file is sound
    assertEquals(0, FrameTestSupport.run(null, "-t", f.toString()).exit);
  }

  @Test
  void largeCorpusFilesBothWays() throws IOException {
    for (Path file : Corpus.some("bible.txt", "linux-uapi-headers.tar", "fireworks.jpeg")) {
      String name = file.getFileName().toString();
      byte[] data = Corpus.read(file);
      assertBytes(data, lz4(Lz4Frame.compress(data), "-d", "-c"), "lz4 -d of Celer's " + name);
      Path in = tmp.resolve(name);
      Files.write(in, data);
      byte[] theirs = lz4(null, "-BD", "-B6", "-c", in.toString());
      assertBytes(data, FrameTestSupport.readAll(new Lz4FrameInputStream(new ByteArrayInputStream(theirs)), 8192),
          "Celer's decoding of lz4's " + name);
    }
  }
}
