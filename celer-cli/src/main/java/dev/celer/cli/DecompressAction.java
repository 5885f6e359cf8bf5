package dev.celer.cli;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Decompression and {@code -t} of one file or of each file of {@code -m}, as {@code
 * LZ4IO_decompressFilename} of lz4 v1.9.4: every frame of the input (LZ4, legacy, skippable) is
 * decoded by {@link Lz4FrameInputStream}; non-LZ4 input is copied with {@code -dcf}; data after the
 * last frame ends the stream with lz4's notice and exit code 1, the decoded output kept. Any other
 * failure removes the partial output (lz4 keeps it) and keeps the source. The blocks of frames of
 * independent blocks, and of legacy frames, are decoded on {@code -T N} threads (default 1) by the
 * library's parallel {@link Lz4FrameInputStream} while the calling thread reads the input and
 * writes the output: the same output, exit codes and messages as decoding on the calling thread.
 *
 * <p>Not thread-safe.
 */
final class DecompressAction extends FileAction {
  private static final int MAGIC = 0x184D2204;
  private static final int LEGACY_MAGIC = 0x184C2102;
  /**
   * The heap one block in flight may take, compressed and decoded, for lz4's largest frame blocks
   * (4 MB), times 4: the blocks in flight may take a quarter of the heap (see {@link #decodeThreads}).
   */
  private static final long HEAP_PER_BLOCK = 4 * 2 * (4L << 20);
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
  private static final int SKIPPABLE0 = 0x184D2A50;

  DecompressAction(Lz4Settings s, Lz4Io io) {
    super(s, io);
  }

  /** @return the number of files missed (0 on success) */
  int run(String input, String output, List<String> inFiles) throws CliException {
    if (!s.multiple) {
      return decompressFile(input, output);
    }
    boolean toStdout = output.equals(Lz4Settings.STDOUT);
    String ext = Lz4Settings.EXT;
    int missed = 0;
    for (String f : inFiles) {
      if (toStdout) {
        missed += decompressFile(f, Lz4Settings.STDOUT);
        continue;
      }
      if (f.length() <= ext.length() || !f.endsWith(ext)) {
        s.display(1, "File extension doesn't match expected LZ4_EXTENSION (" + ext + "); will not process file: " + f + "\n");
        missed++;
        continue;
      }
      missed += decompressFile(f, f.substring(0, f.length() - ext.length()));
    }
    return missed;
  }

  /** What one decoding gave: the decoded size, and whether undecodable data followed the frames. */
  private record Decoded(long size, boolean trailingData) {}

  private int decompressFile(String src, String dst) throws CliException {
    Source in = openSource(src);
    if (in == null) {
      return 1;
    }
    try (in) {
      Destination out = openDestination(dst);
      if (out == null) {
        return 1;
      }
      Decoded r;
      try (out) {
        Progress progress = new Progress(s.err, io.terminal().stderr() && s.displayLevel >= 2, "Decompressed", -1);
        // lz4 reads a directory as empty input: fread fails, which its decoder takes for the end
        r = in.directory ? new Decoded(0, false) : decode(in.in, out.out, progress);
        progress.clear();
        out.commit(s.removeSrc && !r.trailingData);
      } catch (IOException e) {
        if (IoFailure.find(e) instanceof IoFailure.Read read) {
          throw readFailure(in, read, ExitCode.UNFINISHED, "Error reading");
        }
        throw writeFailure(out, e, s.writeDecodedFailure(dst), "Write error : cannot write decoded block");
      }
      copyAttributes(in, out);
      if (!r.trailingData) {
        removeSource(in, ExitCode.DECOMPRESS_REMOVE);
      }
      if (s.displayLevel >= 2) {
        // lz4's "%-20s : decoded %llu bytes \n", without java.util.Formatter: its first use costs a
        // cold JVM about 7 ms, a tenth of what separates celer -d from lz4 -d on 300 MB
        StringBuilder line = new StringBuilder("\r").append(" ".repeat(79)).append('\r');
        line.append(src.length() > 20 ? src.substring(0, 20) : src);
        while (line.length() < 81 + 20) {
          line.append(' ');
        }
        s.display(2, line.append(" : decoded ").append(r.size).append(" bytes \n").toString());
      }
      return r.trailingData ? ExitCode.FAILED.code : 0;
    }
  }

  /** Decodes all frames of {@code in} into {@code out}, as lz4's {@code selectDecoder} loop. */
  private Decoded decode(InputStream in, OutputStream out, Progress progress) throws CliException, IOException {
    byte[] magic = new byte[4];
    int n = readFully(in, magic, 4);
    if (n == 0) {
      return new Decoded(0, false);
    }
    if (n < 4) {
      throw s.failure(ExitCode.MAGIC_UNREADABLE, "Unrecognized header : Magic Number unreadable");
    }
    int m = (magic[0] & 0xFF) | (magic[1] & 0xFF) << 8 | (magic[2] & 0xFF) << 16 | (magic[3] & 0xFF) << 24;
    InputStream all = new SequenceInputStream(new ByteArrayInputStream(magic), in);
    if (m != MAGIC && m != LEGACY_MAGIC && (m & SKIPPABLE_MASK) != SKIPPABLE0) {
      if (!s.testMode && s.overwrite && s.passThrough) {
        return new Decoded(all.transferTo(out), false); // like zcat -f: not LZ4, copied as is
      }
      throw s.failure(ExitCode.UNRECOGNIZED_HEADER, "Unrecognized header : file cannot be decoded");
    }
    Lz4FrameReadOptions.Builder ro = Lz4FrameReadOptions.builder().closeUnderlying(false);
    if (s.dictionary != null) {
      ro.dictionary(s.dictionary);
    }
    // Blocks decoded on a pool of -T threads by the library's parallel stream (linked blocks: on
    // this thread), this thread reading the input and writing the output meanwhile: with -T1 one
    // block is decoded while the one before is written (lz4 1.10's -T overlaps I/O likewise).
    // Fewer threads where the heap is small (a container's): see decodeThreads.
    int threads = decodeThreads(Math.min(s.threads, Lz4FrameOutputStream.MAX_PARALLELISM),
        Runtime.getRuntime().maxMemory());
    if (threads < s.threads) {
      s.display(3, "Decoding on " + Math.max(threads, 1) + " thread(s): the heap holds no more blocks\n");
    }
    ExecutorService pool = threads > 0 ? Executors.newFixedThreadPool(threads, DecompressAction::daemon) : null;
    Lz4FrameInputStream frames = new Lz4FrameInputStream(all, ro.build(), Math.max(threads, 1), pool);
    CountingOutputStream counted = new CountingOutputStream(out, progress);
    try {
      frames.transferTo(counted); // each decoded block straight from the decoder's buffer
    } catch (Lz4StreamException e) {
      if (IoFailure.find(e) != null) {
        throw e; // the source or the output failed, not the format
      }
      if (endsStream(e, frames)) {
        // lz4: data after the last frame ends the stream with a notice, and the file counts as failed.
        s.display(2, "Stream followed by undecodable data " + position(e) + "\n");
        return new Decoded(counted.count, true);
      }
      throw formatFailure(e, m == LEGACY_MAGIC);
    } finally {
      if (pool != null) {
        frames.close(); // drops the blocks in flight (the source is not closed here)
        pool.shutdownNow();
      }
    }
    return new Decoded(counted.count, false);
  }

  /**
   * How many threads decode, of the {@code requested} ({@code -T}), in a JVM whose heap may grow
   * to {@code maxHeap} bytes: N threads hold up to 2N + 1 blocks, each up to 8 MB (a 4 MB block
   * and its compressed form), and those may take a quarter of the heap. So a 1 GB heap decodes on
   * up to 15 threads, a 256 MB one on 3, a 96 MB one on 1, and a smaller one on none.
   *
   * @return the pool's threads, or 0: decode on the calling thread, one block at a time
   */
  static int decodeThreads(int requested, long maxHeap) {
    long blocks = maxHeap / HEAP_PER_BLOCK;
    return (int) Math.min(requested, Math.max(0, (blocks - 1) / 2));
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "celer-decompress");
    t.setDaemon(true);
    return t;
  }

  /** lz4 prints the position after the 4 bytes it could not take for a magic number. */
  private static String position(Lz4StreamException e) {
    return e.offset() == Lz4StreamException.UNKNOWN_OFFSET ? "" : "at position " + (e.offset() + 4) + " ";
  }

  /** @return true when {@code e} means "not a frame" after at least one frame (lz4: a notice, exit 1) */
  private static boolean endsStream(Lz4StreamException e, Lz4FrameInputStream frames) {
    return e.kind() == Lz4StreamException.Kind.UNKNOWN_MAGIC && frames.framesRead() > 0;
  }

  /**
   * Maps a format error to lz4's code: a truncated input 68 (53 in a legacy stream), any other
   * error 66 (54 in a legacy stream; lz4's legacy decoder has no header, checksum or limit errors).
   * Which decoder lz4 would use is decided by the first magic number of the input.
   */
  private CliException formatFailure(Lz4StreamException e, boolean legacy) {
    String msg = String.valueOf(e.getMessage());
    boolean truncated = e.kind() == Lz4StreamException.Kind.TRUNCATED;
    if (legacy) {
      return truncated
          ? new CliException(ExitCode.LEGACY_TRUNCATED,
              s.error(ExitCode.LEGACY_TRUNCATED, "Read error : cannot access compressed block !") + detail(msg))
          : new CliException(ExitCode.LEGACY_CORRUPT,
              s.error(ExitCode.LEGACY_CORRUPT, "Decoding Failed ! Corrupted input detected !") + detail(msg));
    }
    if (truncated) {
      return new CliException(ExitCode.UNFINISHED, s.error(ExitCode.UNFINISHED, "Unfinished stream") + detail(msg));
    }
    return s.failure(ExitCode.DECOMPRESSION, "Decompression error : " + msg);
  }

  private String detail(String msg) {
    return s.displayLevel >= 3 ? "(" + msg + ")\n" : "";
  }
}
