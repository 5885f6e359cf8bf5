package dev.celer.cli;

import java.io.IOException;

/**
 * Every exit code of the {@code lz4}-compatible command, in one place. The numbers are those of
 * {@code lz4} v1.9.4 ({@code programs/lz4io.c}), each checked by running {@code /usr/bin/lz4} in
 * the same situation ({@code Lz4CommandTest}, {@code FaultsEndToEndTest}).
 *
 * <p>Three codes are not lz4's own numbers but what a shell sees when lz4 dies by a signal: the
 * JVM ignores {@code SIGPIPE} and {@code SIGXFSZ}, so Celer notices the failed write itself, stops,
 * keeps the source and exits with {@code 128 + signal}, as the shell would report for lz4.
 */
enum ExitCode {
  /** Success. */
  OK(0),
  /**
   * Usage errors, a file not processed (missing, not overwritten, wrong extension), a listing that
   * fails, and data after the last frame that is not a frame (lz4: "Stream followed by undecodable
   * data").
   */
  FAILED(1),
  /** Legacy-format compression could not read its source or write its output. */
  LEGACY_IO(24),
  /** The {@code -D} dictionary file cannot be read. */
  DICTIONARY(27),
  /** Compression could not read its source (a directory, an I/O error). */
  COMPRESS_READ(40),
  /** The first 4 bytes of a compressed input cannot be read: the input is 1 to 3 bytes long. */
  MAGIC_UNREADABLE(40),
  /** {@code --rm} after compression could not remove the source. */
  COMPRESS_REMOVE(40),
  /** Writing a frame of one block (the input is shorter than one block) failed. */
  WRITE_SINGLE_BLOCK(42),
  /** The input does not start with an LZ4 frame, a legacy frame or a skippable frame. */
  UNRECOGNIZED_HEADER(44),
  /** {@code --rm} after decompression could not remove the source. */
  DECOMPRESS_REMOVE(45),
  /** Writing a compressed block failed (disk full, I/O error). */
  WRITE_COMPRESSED(46),
  /** A legacy frame ends inside a block. */
  LEGACY_TRUNCATED(53),
  /** A legacy block does not decode. */
  LEGACY_CORRUPT(54),
  /** A frame is invalid: bad header, corrupt block, checksum mismatch, over a limit. */
  DECOMPRESSION(66),
  /** A frame ends early, or the compressed input could not be read to its end. */
  UNFINISHED(68),
  /** Writing decompressed data failed (disk full, I/O error), sparse mode off (stdout, --no-sparse). */
  WRITE_DECODED(70),
  /**
   * Writing decompressed data failed in lz4's sparse mode: its default for an output file, and
   * {@code --sparse} on stdout (lz4 writes through {@code LZ4IO_fwriteSparse} then).
   */
  WRITE_DECODED_SPARSE(73),
  /** Interrupted by SIGINT (Ctrl-C); the JVM exits with 130, after removing partial output. */
  INTERRUPTED(130),
  /** The reader of the output closed the pipe (EPIPE): what a shell reports for lz4's SIGPIPE. */
  BROKEN_PIPE(141),
  /** The output reached the file-size limit ({@code ulimit -f}, EFBIG): lz4's SIGXFSZ. */
  FILE_TOO_LARGE(153);

  /** The number the process exits with. */
  final int code;

  ExitCode(int code) {
    this.code = code;
  }

  /**
   * The code for a failed write: {@link #BROKEN_PIPE} and {@link #FILE_TOO_LARGE} for the two
   * failures that kill lz4 by a signal, else {@code otherwise} (lz4's write-error code for what was
   * being written). A write to a pipe can only fail because its reader has gone; elsewhere the
   * JDK reports errno only as the C library's text ({@code strerror}), so EPIPE and EFBIG are
   * recognised by their English wording (glibc, musl) and fall back to {@code otherwise} in
   * another language.
   *
   * @param toPipe the output is a pipe or a FIFO
   */
  static ExitCode ofWriteFailure(IOException e, boolean toPipe, ExitCode otherwise) {
    String m = String.valueOf(e.getMessage());
    if (toPipe || m.contains("Broken pipe")) {
      return BROKEN_PIPE;
    }
    if (m.contains("File too large")) {
      return FILE_TOO_LARGE;
    }
    return otherwise;
  }
}
