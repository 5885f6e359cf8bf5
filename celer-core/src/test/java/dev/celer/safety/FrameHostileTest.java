package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.xxhash.XxHash32;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The malformed-input corpus of issue 5 for LZ4 frames ({@code doc/lz4_Frame_format.md}) and
 * legacy frames: truncation at every byte, every checksum corrupted, reserved bits, block sizes
 * beyond the maximum, a legacy frame that claims a 2 GB block, a decompression bomb under a size
 * limit, concatenated empty frames. Each case: a {@link Lz4StreamException} whose message names
 * the problem; memory checked by count (bytes allocated by the reading thread).
 */
class FrameHostileTest {

  // --- a test-side frame builder (the spec's layout, written without Celer's writer) -----------

  /** Frame header: magic, FLG, BD, [content size], [dictionary ID], header checksum. */
  static byte[] header(int flg, int bd, long contentSize, int dictId) {
    ByteArrayOutputStream h = new ByteArrayOutputStream();
    le32(h, 0x184D2204);
    h.write(flg);
    h.write(bd);
    if ((flg & 0b1000) != 0) {
      le32(h, (int) contentSize);
      le32(h, (int) (contentSize >>> 32));
    }
    if ((flg & 0b1) != 0) {
      le32(h, dictId);
    }
    byte[] d = h.toByteArray();
    h.write((XxHash32.hash(d, 4, d.length - 4, 0) >>> 8) & 0xFF);
    return h.toByteArray();
  }

  static void le32(ByteArrayOutputStream o, int v) {
    o.write(v);
    o.write(v >>> 8);
    o.write(v >>> 16);
    o.write(v >>> 24);
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.write(p, 0, p.length);
    }
    return o.toByteArray();
  }

  static byte[] frame(byte[] data, Lz4FrameOptions options) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, options)) {
      out.write(data);
    }
    return sink.toByteArray();
  }

  static byte[] text(int n, long seed) {
    Random r = new Random(seed);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (r.nextInt(5) == 0 ? r.nextInt(256) : "the quick brown fox ".charAt(i % 20));
    }
    return b;
  }

  /** Reads {@code input} with {@code options}; it must fail with a message matching {@code what}. */
  static Lz4StreamException fails(byte[] input, Lz4FrameReadOptions options, String what) {
    StreamChecks.Result r = StreamChecks.readAll(s -> new Lz4FrameInputStream(s, options), input, 1 << 28);
    assertTrue(!r.ok(), "read " + r.data().length + " bytes without an error; expected /" + what + "/");
    assertTrue(r.error() instanceof Lz4StreamException, "not an Lz4StreamException: " + r.error());
    assertTrue(Pattern.compile(what, Pattern.CASE_INSENSITIVE).matcher(r.error().getMessage()).find(),
        "message does not name the problem (/" + what + "/): " + r.error().getMessage());
    return (Lz4StreamException) r.error();
  }

  static Lz4StreamException fails(byte[] input, String what) {
    return fails(input, Lz4FrameReadOptions.defaults(), what);
  }

  // --- truncation ----------------------------------------------------------------------------

  @Test
  void framesTruncatedAtEveryBytePosition() throws IOException {
    byte[] data = text(3000, 1);
    // 64 KB blocks: a reader sizes its buffers by the header's block maximum, and this test reads
    // some thousand prefixes
    Lz4FrameOptions.BlockSize b64 = Lz4FrameOptions.BlockSize.SIZE_64KB;
    List<Lz4FrameOptions> all = new ArrayList<>();
    all.add(Lz4FrameOptions.builder().blockSize(b64).build());
    all.add(Lz4FrameOptions.builder().blockSize(b64).blockChecksum(true).contentChecksum(true).contentSize(data.length).build());
    all.add(Lz4FrameOptions.builder().blockSize(b64).linkedBlocks(true).contentChecksum(false).level(9).build());
    byte[] dict = text(2000, 9);
    all.add(Lz4FrameOptions.builder().blockSize(b64).dictionary(dict).dictionaryId(7).build());
    Lz4FrameReadOptions read = Lz4FrameReadOptions.builder().dictionary(7, dict).build();
    for (Lz4FrameOptions o : all) {
      byte[] f = frame(data, o);
      for (int cut = 0; cut < f.length; cut++) {
        byte[] t = Arrays.copyOf(f, cut);
        Lz4StreamException e = fails(t, read, cut == 0 ? "empty" : "truncated");
        assertTrue(e.getMessage().matches("(?s).*(offset|empty).*"), e.getMessage());
      }
      StreamChecks.Result whole = StreamChecks.readAll(s -> new Lz4FrameInputStream(s, read), f, data.length);
      assertArrayEquals(data, whole.data(), "whole frame " + o);
    }
  }

  @Test
  void multiBlockFrameTruncatedAroundEveryBlockBoundary() throws IOException {
    byte[] data = text(300_000, 2);
    byte[] f = frame(data, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).build());
    // walk the blocks: header is 7 bytes (magic, FLG, BD, HC), each block: size word, data, checksum
    List<Integer> cuts = new ArrayList<>();
    int p = 7;
    while (true) {
      int size = (f[p] & 0xFF) | (f[p + 1] & 0xFF) << 8 | (f[p + 2] & 0xFF) << 16 | (f[p + 3] & 0x7F) << 24;
      for (int d = -2; d <= 5; d++) {
        cuts.add(p + d);
      }
      if (size == 0) {
        break;
      }
      p += 4 + size + 4;
    }
    for (int cut : cuts) {
      if (cut > 0 && cut < f.length) {
        StreamChecks.Result r = StreamChecks.readAll(Lz4FrameInputStream::new, Arrays.copyOf(f, cut), data.length);
        assertTrue(!r.ok() && r.error().getMessage().toLowerCase().contains("truncated"),
            "cut at " + cut + " of " + f.length + ": " + (r.ok() ? "no error" : r.error().getMessage()));
        // what was delivered before the error is a prefix of the data, never other bytes
        assertArrayEquals(Arrays.copyOf(data, r.data().length), r.data(), "prefix before truncation at " + cut);
      }
    }
  }

  @Test
  void legacyFrameTruncatedInsideABlock() throws IOException {
    byte[] data = text(2_000, 3);
    byte[] f = frame(data, Lz4FrameOptions.builder().legacy(true).build());
    for (int cut = 1; cut < f.length; cut += cut < 40 || cut > f.length - 40 ? 1 : 7) {
      if (cut == 4) {
        continue; // magic alone: a legacy stream with no block, which is a valid empty stream
      }
      fails(Arrays.copyOf(f, cut), "truncated");
    }
  }

  // --- checksums -----------------------------------------------------------------------------

  @Test
  void everyChecksumCorrupted() throws IOException {
    byte[] data = text(5000, 4);
    byte[] f = frame(data, Lz4FrameOptions.builder().blockChecksum(true).contentChecksum(true).build());
    // layout: 4 magic, FLG, BD, HC | block size (4), block data, block checksum (4) | end mark (4) | content checksum (4)
    int blockSize = (f[7] & 0xFF) | (f[8] & 0xFF) << 8 | (f[9] & 0xFF) << 16 | (f[10] & 0x7F) << 24;
    int blockChecksumAt = 7 + 4 + blockSize;
    int contentChecksumAt = f.length - 4;
    for (int bit = 0; bit < 8; bit++) {
      fails(flip(f, 6, bit), "header checksum");
      for (int k = 0; k < 4; k++) {
        fails(flip(f, blockChecksumAt + k, bit), "block checksum");
        fails(flip(f, contentChecksumAt + k, bit), "content checksum");
      }
    }
    // a flipped bit in the block's data is caught by the block checksum
    fails(flip(f, 7 + 4 + blockSize / 2, 3), "block checksum|corrupted");
    // with checksums not verified (an option), the data is still decoded safely
    StreamChecks.Result r = StreamChecks.readAll(
        s -> new Lz4FrameInputStream(s, Lz4FrameReadOptions.builder().verifyChecksums(false).build()),
        flip(f, contentChecksumAt, 0), data.length);
    assertArrayEquals(data, r.data());
  }

  @Test
  void contentSizeThatDisagrees() {
    byte[] block = {5, 0, 0, (byte) 0x80, 'h', 'e', 'l', 'l', 'o'};
    byte[] end = {0, 0, 0, 0};
    fails(concat(header(0b0110_1000, 0x40, 6, 0), block, end), "content size");
    fails(concat(header(0b0110_1000, 0x40, 4, 0), block, end), "content size");
    assertArrayEquals("hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
        StreamChecks.readAll(Lz4FrameInputStream::new, concat(header(0b0110_1000, 0x40, 5, 0), block, end), 5).data());
  }

  // --- header bits and sizes -----------------------------------------------------------------

  @Test
  void reservedAndInvalidHeaderBits() {
    byte[] end = {0, 0, 0, 0};
    fails(concat(header(0b0110_0010, 0x40, 0, 0), end), "reserved bit");
    fails(concat(header(0b0110_0000, 0xC0, 0, 0), end), "reserved bits");
    fails(concat(header(0b0110_0000, 0x41, 0, 0), end), "reserved bits");
    fails(concat(header(0b1010_0000, 0x40, 0, 0), end), "version");
    fails(concat(header(0b0010_0000, 0x40, 0, 0), end), "version");
    for (int code = 0; code < 4; code++) {
      fails(concat(header(0b0110_0000, code << 4, 0, 0), end), "block maximum size|block size code");
    }
    fails(new byte[] {0x04, 0x22, 0x4D, 0x18}, "truncated");
    fails(new byte[] {0x05, 0x22, 0x4D, 0x18, 0x60, 0x40, 0, 0, 0, 0}, "magic");
  }

  @Test
  void blockSizeBeyondTheMaximum() {
    // BD 0x40: 64 KB blocks; a block that says 64 KB + 1 bytes (stored) must be refused before reading it
    byte[] h = header(0b0110_0000, 0x40, 0, 0);
    int size = (64 << 10) + 1;
    byte[] sizeWord = {(byte) size, (byte) (size >>> 8), (byte) (size >>> 16), (byte) 0x80};
    fails(concat(h, sizeWord), "exceeds the frame's block maximum size|block size");
    byte[] huge = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F};
    fails(concat(h, huge, new byte[100]), "exceeds|block size"); // first use loads (and may instrument) classes
    long before = StreamChecks.allocated();
    fails(concat(h, huge, new byte[100]), "exceeds|block size");
    assertTrue(StreamChecks.allocated() - before < (16 << 20), "allocated for a block that was refused");
  }

  @Test
  void legacyFrameClaimingA2GbBlock() {
    byte[] legacy = {0x02, 0x21, 0x4C, 0x18};
    byte[] claim = {(byte) 0xF0, (byte) 0xFF, (byte) 0xFF, 0x7F}; // 2,147,483,632 bytes
    fails(concat(legacy, claim, new byte[64]), "legacy block compressed size|exceeds|corrupted"); // warm-up
    long before = StreamChecks.allocated();
    fails(concat(legacy, claim, new byte[64]), "legacy block compressed size|exceeds|corrupted");
    long used = StreamChecks.allocated() - before;
    assertTrue(used < (64 << 20), "allocated " + used + " bytes for a legacy block of a claimed 2 GB");
    // the largest legal legacy block size, announced but absent: truncated, without 2 GB either
    byte[] legal = {0x10, 0x00, (byte) 0x80, 0x00}; // 8 MB + 16
    fails(concat(legacy, legal, new byte[10]), "truncated");
  }

  @Test
  void headerAnnouncingAHugeContentSizeAllocatesNothing() {
    byte[] f = concat(header(0b0110_1000, 0x40, Long.MAX_VALUE, 0), new byte[] {0, 0, 0, 0});
    fails(f, "content size"); // warm-up: first use loads (and may instrument) classes
    long before = StreamChecks.allocated();
    fails(f, "content size");
    assertTrue(StreamChecks.allocated() - before < (8 << 20), "allocated for a content size in a header");
    // with a limit, refused at the header
    fails(f, Lz4FrameReadOptions.builder().maxFrameContentSize(1 << 20).build(), "exceeds|limit|content size");
  }

  // --- bombs ---------------------------------------------------------------------------------

  @Test
  void decompressionBombUnderASizeLimit() throws IOException {
    byte[] zeros = new byte[64 << 20];
    byte[] bomb = frame(zeros, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_4MB).build());
    assertTrue(bomb.length * 200L < zeros.length, "not a bomb: " + bomb.length);
    int limit = 8 << 20;
    StreamChecks.Result r = StreamChecks.readAll(
        s -> new Lz4FrameInputStream(s, Lz4FrameReadOptions.builder().maxFrameContentSize(limit).build()), bomb, 1 << 27);
    assertTrue(!r.ok(), "a 64 MB frame read under an 8 MB limit");
    assertTrue(r.error().getMessage().contains("limit"), r.error().getMessage());
    assertTrue(r.data().length <= limit, "delivered " + r.data().length + " bytes past the limit");
    // the one-shot helper has its own limit
    Lz4StreamException e = assertThrows(Lz4StreamException.class,
        () -> Lz4Frame.decompress(bomb, Lz4FrameReadOptions.builder().maxOneShotSize(1 << 20).build()));
    assertTrue(e.getMessage().contains("limit"), e.getMessage());
  }

  // --- concatenations --------------------------------------------------------------------------

  @Test
  void concatenatedEmptyFrames() throws IOException {
    byte[] empty = frame(new byte[0], Lz4FrameOptions.defaults());
    ByteArrayOutputStream many = new ByteArrayOutputStream();
    for (int i = 0; i < 20_000; i++) {
      many.write(empty);
      if (i % 1000 == 0) {
        Lz4Frame.writeSkippableFrame(many, i % 16, new byte[3], 0, 3);
      }
    }
    byte[] in = many.toByteArray();
    assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
      StreamChecks.Result r = StreamChecks.readAll(Lz4FrameInputStream::new, in, 0);
      assertTrue(r.ok(), () -> "concatenated empty frames: " + r.error());
      assertEquals(0, r.data().length);
      assertEquals(0, Lz4Frame.decompress(in).length);
    });
    // data between empty frames comes through whole
    byte[] data = text(1000, 5);
    byte[] mixed = concat(empty, empty, frame(data, Lz4FrameOptions.defaults()), empty);
    assertArrayEquals(data, StreamChecks.readAll(Lz4FrameInputStream::new, mixed, data.length).data());
    try (InputStream s = new Lz4FrameInputStream(new ByteArrayInputStream(mixed))) {
      assertArrayEquals(data, s.readAllBytes());
      assertEquals(-1, s.read());
    }
  }

  static byte[] flip(byte[] f, int at, int bit) {
    byte[] c = f.clone();
    c[at] ^= (byte) (1 << bit);
    return c;
  }
}
