package dev.celer.cli;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Compression of one file or of each file of {@code -m}, as {@code LZ4IO_compressFilename} of lz4
 * v1.9.4: one frame per input (or a legacy frame with {@code -l}), written by {@link
 * FrameCompressor}; lz4's progress line and summary; its exit codes for read and write failures.
 * The source is removed ({@code --rm}) only after the output is complete, closed and synced.
 *
 * <p>Not thread-safe.
 */
final class CompressAction extends FileAction {
  CompressAction(Lz4Settings s, Lz4Io io) {
    super(s, io);
  }

  /** @return the number of files missed (0 on success) */
  int run(String input, String output, List<String> inFiles) throws CliException {
    if (s.seekable && (s.legacy || s.linked)) {
      throw new CliException(ExitCode.FAILED, "celer: --seekable needs independent blocks in LZ4 frames; drop -l and -BD\n");
    }
    if (!s.multiple) {
      return compressFile(input, output);
    }
    int missed = 0;
    for (String f : inFiles) {
      missed += compressFile(f, output.equals(Lz4Settings.STDOUT) ? Lz4Settings.STDOUT : f + Lz4Settings.EXT);
    }
    return missed;
  }

  /** @return 0 on success, 1 when the file was missed (source or destination not opened) */
  private int compressFile(String src, String dst) throws CliException {
    Source in = openSource(src);
    if (in == null) {
      return 1;
    }
    try (in) {
      Destination out = openDestination(dst);
      if (out == null) {
        return 1;
      }
      FrameCompressor compressor = new FrameCompressor(s.frameOptions(), s.contentSize, s.threads)
          .seekable(s.seekable, s.blockSizeGiven);
      long[] sizes;
      try (out) {
        Progress progress = new Progress(s.err, io.terminal().stderr() && s.displayLevel >= 2, "Read", in.size);
        sizes = compressor.compress(in.in, out.out, in.size, progress);
        progress.clear();
        out.commit(s.removeSrc);
      } catch (IOException e) {
        IoFailure tagged = IoFailure.find(e);
        if (tagged instanceof IoFailure.Read r) {
          throw s.legacy ? readFailure(in, r, ExitCode.LEGACY_IO, "Error while reading")
              : readFailure(in, r, ExitCode.COMPRESS_READ, "Error reading");
        }
        if (s.legacy) {
          throw writeFailure(out, e, ExitCode.LEGACY_IO, "Write error : cannot write compressed block");
        }
        throw compressor.singleBlock()
            ? writeFailure(out, e, ExitCode.WRITE_SINGLE_BLOCK, "Write error : failed writing single-block compressed frame")
            : writeFailure(out, e, ExitCode.WRITE_COMPRESSED, "Write error : cannot write compressed block");
      }
      copyAttributes(in, out);
      removeSource(in, ExitCode.COMPRESS_REMOVE);
      if (s.displayLevel >= 2) { // java.util.Formatter's first use costs a cold JVM about 7 ms
        s.display(2, "\r" + " ".repeat(79) + "\r");
        s.display(2, String.format(Locale.ROOT, "Compressed %d bytes into %d bytes ==> %.2f%%\n",
            sizes[0], sizes[1], 100.0 * sizes[1] / Math.max(1, sizes[0])));
      }
      return 0;
    }
  }
}
