package dev.celer.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Where a command runs: the directory names resolve against, which standard streams are
 * terminals, and the raw standard input and output. {@code stdout} is a plain {@link OutputStream}
 * (in the real process a {@code FileOutputStream} on file descriptor 1), never a {@code
 * PrintStream}, so that a failed write is an exception, not a flag nobody reads.
 */
record Lz4Io(Path cwd, Terminal terminal, InputStream stdin, OutputStream stdout) {}
