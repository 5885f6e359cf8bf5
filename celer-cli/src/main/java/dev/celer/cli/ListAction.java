package dev.celer.cli;

import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInfo;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Indexer;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableReadOptions;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/**
 * {@code --list}, as {@code LZ4IO_displayCompressedFilesInfo} of lz4 v1.9.4: one summary line per
 * file on stdout, or with {@code -v} a line per frame on stderr. Regular files and stdin ({@code
 * -}) can be listed; the table goes to stdout, whose write failures are reported.
 *
 * <p>Not thread-safe.
 */
final class ListAction {
  private final Lz4Settings s;
  private final Lz4Io io;

  ListAction(Lz4Settings s, Lz4Io io) {
    this.s = s;
    this.io = io;
  }

  int run(List<String> files) throws CliException {
    try {
      return list(files);
    } catch (IoFailure.Write e) {
      throw s.failure(ExitCode.ofWriteFailure(e.cause(), false, ExitCode.FAILED), "Write error : " + Errors.describe(e.cause()));
    }
  }

  /** Counts the bytes read through it: the compressed size of stdin. */
  private static final class Counting extends FilterInputStream {
    long count;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }

  private void print(String text) throws IoFailure.Write {
    try {
      io.stdout().write(text.getBytes(StandardCharsets.UTF_8));
      io.stdout().flush();
    } catch (IOException e) {
      throw new IoFailure.Write(e);
    }
  }

  private int list(List<String> files) throws CliException, IoFailure.Write {
    if (s.displayLevel < 3) {
      print(String.format(Locale.ROOT, "%10s %14s %5s %11s %13s %9s   %s\n",
          "Frames", "Type", "Block", "Compressed", "Uncompressed", "Ratio", "Filename"));
    }
    int idx = 0;
    for (String name : files) {
      idx++;
      boolean stdin = name.equals(Source.STDIN);
      Path p = io.cwd().resolve(name);
      if (!stdin && !Files.isRegularFile(p)) {
        throw new CliException(ExitCode.FAILED, s.displayLevel >= 1 ? "lz4: " + name + " is not a regular file \n" : "");
      }
      String base = stdin ? Source.STDIN : p.getFileName().toString();
      List<Lz4FrameInfo> frames;
      long fileSize;
      try (InputStream raw = stdin ? Source.stdin(io.stdin()).in : Files.newInputStream(p)) {
        Counting counted = new Counting(raw);
        frames = Lz4Frame.list(new BufferedInputStream(counted, 1 << 16));
        fileSize = stdin ? counted.count : Files.size(p);
      } catch (IOException e) {
        frames = null;
        fileSize = 0;
      }
      s.display(3, base + "(" + idx + "/" + files.size() + ")\n");
      s.display(3, String.format(Locale.ROOT, "    %6s %14s %5s %8s %20s %20s %9s\n",
          "Frame", "Type", "Block", "Checksum", "Compressed", "Uncompressed", "Ratio"));
      if (frames == null || frames.isEmpty()) {
        throw new CliException(ExitCode.FAILED, s.displayLevel >= 1 ? "lz4: " + name + ": File format not recognized \n" : "");
      }
      boolean eqTypes = true;
      boolean eqBlocks = true;
      boolean allContentSize = true;
      long totalContent = 0;
      Lz4FrameInfo prev = null;
      int k = 0;
      for (Lz4FrameInfo f : frames) {
        k++;
        switch (f.type()) {
          case FRAME -> {
            if (prev != null && prev.type() != Lz4FrameInfo.Type.FRAME) {
              eqTypes = false;
            }
            if (prev != null && (prev.type() != Lz4FrameInfo.Type.FRAME || prev.blockSize() != f.blockSize()
                || prev.linkedBlocks() != f.linkedBlocks())) {
              eqBlocks = false;
            }
            String line = String.format(Locale.ROOT, "    %6d %14s %5s %8s", k, "LZ4Frame", blockType(f),
                f.contentChecksum() ? "XXH32" : "-");
            if (f.contentSize() > 0) {
              line += String.format(Locale.ROOT, " %20d %20d %9.2f%%\n", f.compressedSize(), f.contentSize(),
                  100.0 * f.compressedSize() / f.contentSize());
              totalContent += f.contentSize();
            } else {
              line += String.format(Locale.ROOT, " %20d %20s %9s \n", f.compressedSize(), "-", "-");
              allContentSize = false;
            }
            s.display(3, line);
          }
          case LEGACY -> {
            if (prev != null && prev.type() != Lz4FrameInfo.Type.LEGACY) {
              eqTypes = false;
            }
            eqBlocks = false;
            allContentSize = false;
            s.display(3, String.format(Locale.ROOT, "    %6d %14s %5s %8s %20d %20s %9s\n", k, "LegacyFrame", "-", "-",
                f.compressedSize(), "-", "-"));
          }
          case SKIPPABLE -> {
            if (prev != null && prev.type() != Lz4FrameInfo.Type.SKIPPABLE) {
              eqTypes = false;
            }
            eqBlocks = false;
            allContentSize = false;
            s.display(3, String.format(Locale.ROOT, "    %6d %14s %5s %8s %20d %20s %9s\n", k, "SkippableFrame", "-",
                "-", f.compressedSize(), "-", "-"));
          }
        }
        prev = f;
      }
      if (s.displayLevel >= 3 && !stdin) {
        showSeekIndex(p);
      }
      s.display(3, "\n");
      if (s.displayLevel < 3) {
        Lz4FrameInfo last = frames.get(frames.size() - 1);
        String type = !eqTypes ? "-" : switch (last.type()) {
          case FRAME -> "LZ4Frame";
          case LEGACY -> "LegacyFrame";
          case SKIPPABLE -> "SkippableFrame";
        };
        String line = String.format(Locale.ROOT, "%10d %14s %5s %11s %13s ", frames.size(), type,
            eqBlocks && last.type() == Lz4FrameInfo.Type.FRAME ? blockType(last) : "-", human(fileSize),
            allContentSize ? human(totalContent) : "-");
        if (allContentSize) {
          line += String.format(Locale.ROOT, "%9.2f%%  %s \n", 100.0 * fileSize / totalContent, base);
        } else {
          line += String.format(Locale.ROOT, "%9s   %s\n", "-", base);
        }
        print(line);
      }
    }
    return 0;
  }

  /**
   * {@code -v}: a line about the seek index (docs/seekable-format.md) when the file has one, or a
   * side-car {@code FILE.idx}; nothing otherwise, so the listing of other files stays lz4's.
   */
  private void showSeekIndex(Path p) {
    String where = "in the file";
    SeekIndex idx = seekIndex(p, null);
    if (idx == null) {
      idx = seekIndex(p, SeekableLz4Indexer.sidecarPath(p));
      where = "in " + SeekableLz4Indexer.sidecarPath(p).getFileName();
    }
    if (idx != null) {
      s.display(3, String.format(Locale.ROOT, "    seek index %s: %d blocks in %d frames, %d bytes decoded\n",
          where, idx.blockCount(), idx.frameCount(), idx.contentSize()));
    }
  }

  private static SeekIndex seekIndex(Path p, Path sidecar) {
    try {
      if (sidecar == null) {
        try (SeekableLz4Reader r = SeekableLz4Reader.open(p)) {
          return r.index();
        }
      }
      if (!Files.isRegularFile(sidecar)) {
        return null;
      }
      try (FileChannel data = FileChannel.open(p, StandardOpenOption.READ);
          FileChannel side = FileChannel.open(sidecar, StandardOpenOption.READ);
          SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(data), RandomAccessSource.of(side),
              SeekableReadOptions.defaults())) {
        return r.index();
      }
    } catch (IOException e) {
      return null; // no index, or one that does not fit: the listing says nothing about it
    }
  }

  private static String blockType(Lz4FrameInfo f) {
    return "B" + f.blockSize().code() + (f.linkedBlocks() ? "D" : "I");
  }

  /** lz4's {@code LZ4IO_toHuman}: two decimals and a K/M/G... suffix, powers of 1024. */
  private static String human(double size) {
    String units = "KMGTPEZY";
    int i = -1;
    while (size >= 1024) {
      size /= 1024;
      i++;
    }
    return String.format(Locale.ROOT, "%.2f", size) + (i >= 0 ? String.valueOf(units.charAt(i)) : "");
  }
}
