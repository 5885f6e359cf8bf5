package dev.celer.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames with a dictionary are {@code lz4 -D}'s blocks, byte for byte (lz4 1.9.4): every block
 * attaches the dictionary ({@code LZ4_attach_dictionary} / {@code LZ4_attach_HC_dictionary} in
 * {@code LZ4F_initStream}), so blocks of 4 KB or less are compressed in the C library's dictCtx
 * mode and larger ones against a copy of the dictionary's tables; linked blocks after the first
 * see the previous 64 KB as an external dictionary. A matrix of dictionary sizes (none, below the
 * 8 bytes the fast table needs, small, 4 KB, 64 KB, longer than 64 KB), input sizes around the 4
 * KB rule and up to 16 blocks, levels (accelerated, fast, HC chain, optimal) and block modes, on
 * two corpus files (whichever the corpus in use has) and generated text. Mostly one {@code lz4 -m}
 * run compresses all input sizes of one setting, so the matrix costs a few seconds.
 */
class Lz4DictionaryCliIdentityTest {
  private static final int[] DICT_SIZES = {0, 1, 9, 4096, 65536, 100_000};
  /** Around the 4 KB rule, one full block, a full block and a short last one, 16 blocks. */
  private static final int[] INPUT_SIZES = {1, 100, 4095, 4096, 4097, 65536, 65536 + 4000, 1 << 20};

  /** Levels as {@code lz4} reads them; {@code --fast=3} is -3. */
  private static final int[] FAST_LEVELS = {-3, 1, 2};
  private static final int[] HIGH_LEVELS = {3, 9, 10, 12};

  @TempDir Path tmp;

  @Test
  void fastLevelsAreLz4sBytes() throws Exception {
    check(FAST_LEVELS);
  }

  @Test
  void highLevelsAreLz4sBytes() throws Exception {
    check(HIGH_LEVELS);
  }

  private void check(int[] levels) throws Exception {
    List<String> differ = new ArrayList<>();
    int compared = 0;
    List<byte[]> sources = sources();
    for (int si = 0; si < sources.size(); si++) {
      byte[] source = sources.get(si);
      for (int dictLen : DICT_SIZES) {
        byte[] dict = Arrays.copyOf(source, dictLen);
        Path dictFile = tmp.resolve("dict");
        Files.write(dictFile, dict);
        List<Path> inputs = new ArrayList<>();
        for (int len : INPUT_SIZES) {
          Path f = tmp.resolve("in" + len);
          Files.write(f, Arrays.copyOfRange(source, dictLen, dictLen + len));
          inputs.add(f);
        }
        for (int level : levels) {
          for (boolean linked : new boolean[] {false, true}) {
            List<String> args = new ArrayList<>(List.of("-q", "-f", "-m", "-B4", linked ? "-BD" : "-BI",
                "--no-frame-crc", level < 0 ? "--fast=" + -level : "-" + level));
            if (dictLen > 0) {
              args.addAll(List.of("-D", dictFile.toString()));
            }
            List<String> files = new ArrayList<>();
            for (int i = 0; i < INPUT_SIZES.length; i++) {
              if (allowed(INPUT_SIZES[i], level, dictLen, si, linked)) {
                files.add(inputs.get(i).toString());
              }
            }
            if (dictLen == 0 && linked) {
              // lz4 -m reuses its context from file to file, and without a dictionary a linked
              // frame's first block starts from that context's table (LZ4_resetStream_fast keeps
              // it): one run per file, as lz4 compresses a single file
              for (String f : files) {
                List<String> one = new ArrayList<>(args);
                one.add(f);
                Tools.lz4((byte[]) null, one.toArray(new String[0]));
              }
            } else {
              args.addAll(files);
              Tools.lz4((byte[]) null, args.toArray(new String[0]));
            }
            for (int i = 0; i < INPUT_SIZES.length; i++) {
              if (!allowed(INPUT_SIZES[i], level, dictLen, si, linked)) {
                continue;
              }
              byte[] data = Files.readAllBytes(inputs.get(i));
              Path lz4File = Path.of(inputs.get(i) + ".lz4");
              List<TestData.FrameBlock> theirs = TestData.parseFrame(Files.readAllBytes(lz4File));
              Files.delete(lz4File);
              // lz4 writes an input shorter than a block as an independent block (LZ4F_compressFrame); with a
              // dictionary a first linked block is the same one
              boolean ourLinked = linked && (dictLen > 0 || data.length >= 65536);
              byte[] ours = Lz4Frame.compress(data, Lz4FrameOptions.builder().level(level)
                  .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(ourLinked).contentChecksum(false)
                  .dictionary(dictLen > 0 ? dict : null).build());
              List<TestData.FrameBlock> mine = TestData.parseFrame(ours);
              compared++;
              String what = "dict " + dictLen + " B, input " + data.length + " B, level " + level
                  + (linked ? " -BD" : " -BI");
              assertEquals(theirs.size(), mine.size(), what + ": block count");
              int ourSize = 0;
              int theirSize = 0;
              int firstDiff = -1;
              for (int b = 0; b < mine.size(); b++) {
                ourSize += mine.get(b).data.length;
                theirSize += theirs.get(b).data.length;
                if (firstDiff < 0 && !Arrays.equals(mine.get(b).data, theirs.get(b).data)) {
                  firstDiff = b;
                }
              }
              if (firstDiff >= 0) {
                differ.add(what + ": block " + firstDiff + " differs, total " + ourSize + " vs lz4's " + theirSize);
              }
              assertArrayEquals(data, Lz4Frame.decompress(ours,
                  dev.celer.lz4.frame.Lz4FrameReadOptions.builder().dictionary(dictLen > 0 ? dict : null).build()), what);
            }
          }
        }
      }
    }
    assertTrue(differ.isEmpty(), differ.size() + " of " + compared + " differ:\n" + String.join("\n", differ));
  }

  /**
   * Inputs over one block at the optimal levels only with a 64 KB dictionary, and the 1 MB input
   * (16 blocks) at the HC levels only with a 64 KB dictionary and at the optimal levels only linked
   * on the first source, to keep the test at a few seconds.
   */
  private static boolean allowed(int len, int level, int dictLen, int source, boolean linked) {
    if (level < 3 || len <= 65536) {
      return true;
    }
    if (len < (1 << 20)) {
      return level < 10 || dictLen == 65536;
    }
    return dictLen == 65536 && (level < 10 || (level == 12 && source == 0 && linked));
  }

  /**
   * Two corpus files (a text-like and a binary one, whichever the corpus in use has) and generated
   * text, each at least 64 KB + 100 KB + 1 MB long (shorter files are repeated).
   */
  private static List<byte[]> sources() {
    int need = 100_000 + (1 << 20);
    List<byte[]> out = new ArrayList<>();
    for (String name : new String[] {"linux-uapi-headers.tar", "libstdc++.so", "book1", "fireworks.jpeg"}) {
      Path p = Corpus.dir().resolve(name);
      if (out.size() < 2 && Files.isRegularFile(p)) {
        out.add(repeatTo(Corpus.read(p), need));
      }
    }
    out.add(TestData.textLike(need, 12));
    return out;
  }

  private static byte[] repeatTo(byte[] data, int len) {
    byte[] out = new byte[len];
    for (int p = 0; p < len; p += data.length) {
      System.arraycopy(data, 0, out, p, Math.min(data.length, len - p));
    }
    return out;
  }
}
