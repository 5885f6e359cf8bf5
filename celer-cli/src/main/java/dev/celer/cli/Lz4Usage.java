package dev.celer.cli;

import dev.celer.lz4.Lz4;
import java.io.PrintStream;

/** The texts of {@code -V}, {@code -h} and {@code -H}, worded as lz4 v1.9.4's. */
final class Lz4Usage {
  /**
   * @return the banner of {@code -V}, {@code -h} and {@code -v}: one line, as lz4's, that also
   *     names the backend doing the work ({@link Lz4#backend()}: native or pure Java, and why)
   */
  static String welcome() {
    return "*** celer " + Main.VERSION + " : LZ4 command line interface in Java, compatible with lz4 v1.9.4; "
        + Lz4.backend() + " ***\n";
  }

  private Lz4Usage() {}

  static void usage(PrintStream err) {
    err.print("Usage : \n"
        + "      celer [arg] [input] [output] \n"
        + "\n"
        + "input   : a filename \n"
        + "          with no FILE, or when FILE is - or stdin, read standard input\n"
        + "Arguments : \n"
        + " -1     : Fast compression (default) \n"
        + " -9     : High compression \n"
        + " -d     : decompression (default for .lz4 extension)\n"
        + " -z     : force compression \n"
        + " -D FILE: use FILE as dictionary \n"
        + " -f     : overwrite output without prompting \n"
        + " -k     : preserve source files(s)  (default) \n"
        + "--rm    : remove source file(s) after successful de/compression \n"
        + " -h/-H  : display help/long help and exit \n");
  }

  static void usageAdvanced(PrintStream err) {
    err.print(welcome());
    usage(err);
    err.print("\n"
        + "Advanced arguments :\n"
        + " -V     : display Version number and exit \n"
        + " -v     : verbose mode \n"
        + " -q     : suppress warnings; specify twice to suppress errors too\n"
        + " -c     : force write to standard output, even if it is the console\n"
        + " -t     : test compressed file integrity\n"
        + " -m     : multiple input files (implies automatic output filenames)\n"
        + " -r     : operate recursively on directories (sets also -m) \n"
        + " -l     : compress using Legacy format (Linux kernel compression)\n"
        + " -B#    : predefined block size [4-7] (default: 7) \n"
        + " -BI    : Block Independence (default) \n"
        + " -BD    : Block dependency (improves compression ratio) \n"
        + " -BX    : enable block checksum (default:disabled) \n"
        + " -T#    : (de)compress independent blocks on # threads (0: one per core; default: 1) \n"
        + "--no-frame-crc : disable stream checksum (default:enabled) \n"
        + "--content-size : compressed frame includes original size (default:not present)\n"
        + "--seekable : write a seekable file: 64 KB blocks with checksums and an index (celer cat reads any part)\n"
        + "--list FILE : lists information about .lz4 files (useful for files compressed with --content-size flag)\n"
        + "--fast[=#]: switch to ultra fast compression level (default: 1)\n"
        + "--best  : same as -12\n"
        + "\n"
        + "Exit codes (those of lz4 v1.9.4) :\n"
        + " 0 success; 1 bad usage, file skipped or not overwritten, data after the last frame\n"
        + " 27 dictionary unreadable; 40 (24 with -l) source unreadable; 44 not LZ4 data\n"
        + " 42/46 (24 with -l) write error while compressing, 70 (73 to a file) decompressing\n"
        + " 53/54 bad legacy frame; 66 corrupted frame; 68 truncated input\n"
        + " 141 output pipe closed (lz4 dies by SIGPIPE), 153 file-size limit (SIGXFSZ);\n"
        + " 130 interrupted (Ctrl-C): the partial output file is removed\n"
        + " On any failure the partial output is removed and --rm keeps the source; the\n"
        + " source is removed only after the output is complete, closed and synced.\n"
        + "\n"
        + "Other commands :\n"
        + " celer hash [-H0|-H1|-H2|-H3] [--tag] [-c FILE] [files] : xxHash checksums, as xxhsum\n"
        + " celer demo [FILE...] : compress and hash files (default: the sample corpus) in memory, print sizes and speeds\n");
  }

  static void usageLong(PrintStream err) {
    err.print("\n"
        + "Which values can [output] have ? \n"
        + "---------------------------------\n"
        + "[output] : a filename \n"
        + "          'stdout', or '-' for standard output (pipe mode)\n"
        + "          'null' to discard output (test mode) \n"
        + "[output] can be left empty. In this case, it receives the following value :\n"
        + "          - if stdout is not the console, then [output] = stdout \n"
        + "          - if stdout is console : \n"
        + "               + for compression, output to filename.lz4 \n"
        + "               + for decompression, output to filename without '.lz4'\n"
        + "                    > if input filename has no '.lz4' extension : error \n"
        + "\n"
        + "Compression levels : \n"
        + "---------------------\n"
        + "-0 ... -2  => Fast compression, all identicals\n"
        + "-3 ... -12 => High compression; higher number == more compression but slower\n");
  }
}
