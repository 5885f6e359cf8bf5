package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linked frames at the optimal levels (10–12) with blocks over 64 KB are {@code lz4 -BD}'s bytes
 * (lz4 1.9.4). {@code lz4} keeps one HC state for the whole frame: each block after the first sees
 * the previous 64 KB (saved by {@code LZ4_saveDictHC}) as an external dictionary, and the chains
 * that earlier blocks left stay in the table. The optimal parser's chain swap reads the chain
 * entries of history positions, so chains rebuilt over the 64 KB alone (an entry pointing before
 * the history, or the 3 never-inserted positions at its end, which share their slots with
 * positions 64 KB earlier) parse some matches differently: a few bytes apart per frame, which
 * blocks of 64 KB (every slot rewritten by the block before) never show.
 *
 * <p>Parts of three corpus files (text, binary, markup; whichever the corpus in use has) and
 * generated text, 3 blocks of 256 KB and 2 blocks of 1 MB, so the test costs a few seconds. One
 * {@code lz4} run per file, as {@code lz4 -m} would carry its state from file to file.
 */
class Lz4LinkedOptimalCliIdentityTest {
  private static final int[] LEVELS = {10, 11, 12};

  @TempDir Path tmp;

  @BeforeAll
  static void needsLz4() {
    boolean runs;
    try {
      runs = Tools.lz4((Path) null, null, "-V").exit() == 0;
    } catch (AssertionError e) {
      runs = false;
    }
    Assumptions.assumeTrue(runs, "needs the lz4 command (apt-get install lz4)");
  }

  @Test
  void blocksOf256KbAreLz4sBytes() throws Exception {
    check(Lz4FrameOptions.BlockSize.SIZE_256KB, "-B5", 3 * 256 * 1024 - 10_000, LEVELS);
  }

  @Test
  void blocksOf1MbAreLz4sBytes() throws Exception {
    check(Lz4FrameOptions.BlockSize.SIZE_1MB, "-B6", (1 << 20) + 200_000, new int[] {10, 12});
  }

  private void check(Lz4FrameOptions.BlockSize blockSize, String blockFlag, int len, int[] levels)
      throws IOException {
    List<String> differ = new ArrayList<>();
    int compared = 0;
    for (byte[] data : sources(len)) {
      Path in = tmp.resolve("in");
      Path out = tmp.resolve("in.lz4");
      Files.write(in, data);
      for (int level : levels) {
        Tools.lz4((byte[]) null, "-q", "-f", "-BD", blockFlag, "--no-frame-crc", "-" + level, in.toString(),
            out.toString());
        List<TestData.FrameBlock> theirs = TestData.parseFrame(Files.readAllBytes(out));
        byte[] ours = Lz4Frame.compress(data, Lz4FrameOptions.builder().level(level).blockSize(blockSize)
            .linkedBlocks(true).contentChecksum(false).build());
        List<TestData.FrameBlock> mine = TestData.parseFrame(ours);
        String what = data.length + " B, -" + level + " -BD " + blockFlag;
        assertEquals(theirs.size(), mine.size(), what + ": block count");
        assertTrue(mine.size() > 1, what + ": more than one block");
        compared++;
        for (int b = 0; b < mine.size(); b++) {
          if (!Arrays.equals(mine.get(b).data, theirs.get(b).data)) {
            differ.add(what + ": block " + b + " differs (" + mine.get(b).data.length + " vs lz4's "
                + theirs.get(b).data.length + " B)");
            break;
          }
        }
        assertArrayEquals(data, Lz4Frame.decompress(ours), what);
      }
    }
    assertTrue(differ.isEmpty(), differ.size() + " of " + compared + " differ:\n" + String.join("\n", differ));
  }

  /**
   * The first {@code len} bytes of each corpus file the corpus in use has among a text, a binary
   * and a markup one (repeated when shorter), and generated text.
   */
  private static List<byte[]> sources(int len) {
    List<byte[]> out = new ArrayList<>();
    for (String name : new String[] {"book1", "libstdc++.so", "rust-book.html"}) {
      Path p = Corpus.dir().resolve(name);
      if (Files.isRegularFile(p)) {
        byte[] file = Corpus.read(p);
        byte[] part = new byte[len];
        for (int pos = 0; pos < len; pos += file.length) {
          System.arraycopy(file, 0, part, pos, Math.min(file.length, len - pos));
        }
        out.add(part);
      }
    }
    out.add(TestData.textLike(len, 7));
    return out;
  }
}
