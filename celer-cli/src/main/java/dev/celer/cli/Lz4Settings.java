package dev.celer.cli;

import dev.celer.lz4.Lz4Level;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What one {@code lz4}-compatible command line asks for, with lz4 v1.9.4's defaults: filled by
 * {@link Lz4Arguments}, completed once by {@link Lz4Command} (default output name, mode from the
 * extension, display level of pipe mode, dictionary bytes), then only read by the actions.
 *
 * <p>Not thread-safe; one instance per command line.
 */
final class Lz4Settings {
  /** The output name lz4 uses for standard output. */
  static final String STDOUT = "stdout";
  /** The output that drops everything ({@code -t}, and the output name {@code null}). */
  static final String NUL = "/dev/null";
  /** The extension of compressed files. */
  static final String EXT = ".lz4";

  /** What the command does with its files. */
  enum Mode { AUTO, COMPRESS, DECOMPRESS, TEST, LIST }

  /** Messages go here, filtered by {@link #displayLevel}. */
  final PrintStream err;

  /** {@code -N}, {@code --fast=N}, {@code --best}: the level as lz4 reads it (see {@link Lz4Level#of}). */
  Lz4Level level = Lz4Level.DEFAULT;
  Mode mode = Mode.AUTO;
  boolean forceStdout;
  boolean multiple;
  boolean recursive;
  boolean overwrite;
  boolean passThrough;
  boolean testMode;
  boolean removeSrc;
  boolean legacy;
  int displayLevel = 2;
  int blockSizeId = 7;
  boolean linked;
  boolean blockChecksum;
  boolean contentChecksum = true;
  boolean contentSize;
  /** {@code --seekable}: write a seekable file (docs/seekable-format.md); 64 KB blocks unless -B# is given. */
  boolean seekable;
  /** Whether a {@code -B4..7} option set {@link #blockSizeId} (seekable files default to 64 KB). */
  boolean blockSizeGiven;
  String dictionaryName;
  byte[] dictionary;
  int threads = 1;
  /**
   * lz4's sparse-file mode, which only changes the exit code of a failed write here (Celer writes
   * every byte): 0 off ({@code --no-sparse}), 1 for output files only (default), 2 also on stdout
   * ({@code --sparse}).
   */
  int sparse = 1;

  /** The input name (null: none given), the output name (null: none given), the -m file list. */
  String input;
  String output;
  /** Set by --stdout; applied once parsing ends (lz4 sets the output name at once, as -c does). */
  String outputOverride;
  List<String> inFiles = new ArrayList<>();

  Lz4Settings(PrintStream err) {
    this.err = err;
  }

  /** Prints {@code s} when the display level is at least {@code lvl} (lz4's DISPLAYLEVEL). */
  void display(int lvl, String s) {
    if (displayLevel >= lvl) {
      err.print(s);
    }
  }

  /** @return lz4's "Error N : what" line, or nothing under -qq */
  String error(ExitCode code, String what) {
    return displayLevel >= 1 ? "Error " + code.code + " : " + what + " \n" : "";
  }

  /** @return a failure with lz4's "Error N : what" line */
  CliException failure(ExitCode code, String what) {
    return new CliException(code, error(code, what));
  }

  /** @return the exit code of a failed write of decoded data to {@code dst}, as lz4 picks it */
  ExitCode writeDecodedFailure(String dst) {
    return sparse == 2 || (sparse == 1 && !STDOUT.equals(dst)) ? ExitCode.WRITE_DECODED_SPARSE : ExitCode.WRITE_DECODED;
  }

  /** @return the frame options of compression */
  Lz4FrameOptions frameOptions() {
    return Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.ofCode(blockSizeId))
        .linkedBlocks(linked)
        .blockChecksum(blockChecksum)
        .contentChecksum(contentChecksum)
        // lz4io writes the legacy format at acceleration 1 for every level below 3 (--fast=N too).
        .level(legacy && !level.isHigh() ? Lz4Level.DEFAULT : level)
        .dictionary(legacy ? null : dictionary)
        .legacy(legacy)
        .closeUnderlying(false)
        .build();
  }
}
